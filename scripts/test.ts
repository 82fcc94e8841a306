/**
 * `npm test`: every check the project has, in the order that fails fastest.
 * generated-files check -> lint -> typecheck -> unit and component tests -> end-to-end tests in Chromium
 * (against `npm start` on test ports, which builds the site first).
 * Installs Debian's chromium first when it is missing and we may (root with apt-get); otherwise says
 * exactly what to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PATH } from './lib/chromium.ts';

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (status !== 0) {
    console.error(`\n✖ ${label} failed (${seconds}s).`);
    printSummary();
    process.exit(status ?? 1);
  }
  console.log(`✔ ${label} (${seconds}s)`);
}

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is needed for the end-to-end tests and was not found at ${CHROMIUM_PATH}.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(or point CHROMIUM_PATH at an existing Chromium binary).',
    );
    process.exit(1);
  }
  run('Installing Debian chromium (missing)', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
}

/** Counts from the JSON reports, as one closing line that CI and people can read. */
function printSummary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const unitFile = join(results, 'unit.json');
  if (existsSync(unitFile)) {
    const unit = JSON.parse(readFileSync(unitFile, 'utf8'));
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    skipped += unit.numPendingTests + unit.numTodoTests;
  }
  const e2eFile = join(results, 'e2e.json');
  if (existsSync(e2eFile)) {
    const { stats } = JSON.parse(readFileSync(e2eFile, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

rmSync(results, { recursive: true, force: true });
ensureChromium();
run('Generated files match schemas/', 'npx', ['tsx', 'scripts/generate.ts', '--check']);
run('Lint', 'npx', ['eslint', '.']);
run('Typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('Typecheck edge functions (Deno)', join(root, 'node_modules', '.bin', 'deno'), ['check', '--quiet', '--node-modules-dir=manual', 'supabase/functions/send-form-notification/index.ts', 'supabase/local/deno/function-host.ts']);
run('Unit, component, database and function tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'unit.json')}`]);
run('End-to-end tests (Chromium)', 'npx', ['playwright', 'test']);
printSummary();

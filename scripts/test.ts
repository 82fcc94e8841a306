/**
 * `npm test`: every check the project has, in the order that fails fastest. Every stage runs even when
 * an earlier one failed (so one run says everything that is wrong), and the run ends with each stage's
 * outcome and time.
 * generated-files check -> lint -> typecheck -> unit and component tests -> end-to-end tests in Chromium
 * (against `npm start` on test ports, which builds the site first).
 * Installs Debian's chromium-headless-shell (the browser the tests drive) first when it is missing and we
 * may (root with apt-get); otherwise says exactly what to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_CHROMIUM_PATH } from './lib/chromium.ts';
import { summarise } from './lib/test-report.ts';

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');

interface Stage {
  label: string;
  seconds: number;
  ok: boolean;
}
const stages: Stage[] = [];

/** Runs one stage; a failure is recorded and the next stages still run, so one run reports everything. */
function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (performance.now() - started) / 1000;
  stages.push({ label, seconds, ok: status === 0 });
  console.log(status === 0 ? `✔ ${label} (${seconds.toFixed(1)}s)` : `\n✖ ${label} failed (${seconds.toFixed(1)}s).`);
}

function ensureChromium() {
  if (existsSync(TEST_CHROMIUM_PATH)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium's headless shell is needed for the browser tests and was not found at ${TEST_CHROMIUM_PATH}.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium-headless-shell\n' +
        '(or point TEST_CHROMIUM_PATH at an existing Chromium binary).',
    );
    process.exit(1);
  }
  run('Installing Debian chromium-headless-shell (missing)', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell']);
  if (!stages.at(-1)!.ok) finish();
}

/** Each stage's outcome and time, then the counts; exits non-zero when any stage failed. */
function finish(): never {
  const width = Math.max(...stages.map((s) => s.label.length));
  console.log('\nStages:');
  for (const stage of stages) console.log(`  ${stage.ok ? '✔' : '✖'} ${stage.label.padEnd(width)}  ${stage.seconds.toFixed(1).padStart(6)}s`);
  const total = stages.reduce((sum, s) => sum + s.seconds, 0);
  console.log(`  ${' '.repeat(width + 2)}${total.toFixed(1).padStart(6)}s in all`);
  const { passed, failed: failedTests, skipped, failures } = summarise(results);
  console.log(`\n${passed} passed, ${failedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
  for (const failure of failures) console.log(`  ✖ ${failure}`);
  const failed = stages.filter((s) => !s.ok);
  if (failed.length) console.error(`\n✖ ${failed.length} of ${stages.length} stages failed: ${failed.map((s) => s.label).join('; ')}.`);
  process.exit(failed.length ? 1 : 0);
}

rmSync(results, { recursive: true, force: true });
ensureChromium();
run('Generated files match schemas/', 'npx', ['tsx', 'scripts/generate.ts', '--check']);
run('Lint', 'npx', ['eslint', '.']);
run('Typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('Typecheck edge functions (Deno)', join(root, 'node_modules', '.bin', 'deno'), ['check', '--quiet', '--node-modules-dir=manual', 'supabase/functions/send-form-notification/index.ts', 'supabase/local/deno/function-host.ts']);
run('Unit, component, database and function tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'unit.json')}`]);
run('End-to-end tests (Chromium)', 'npx', ['tsx', 'scripts/test-e2e.ts']);
finish();

/**
 * `npm run test:e2e`: the end-to-end tests in three groups against one `npm start` on the test ports
 * (playwright.config.ts): the `site` tests in parallel, then the `journeys` (whole journeys that share
 * nothing) in parallel, then the `flows` one at a time, which change or count state the others read (the
 * inbox refusing mail, the whole staff inbox). Each group runs whatever the outcome of those before, so one
 * failure never hides the tests after it. Arguments go to every group
 * (`npm run test:e2e -- visual --update-snapshots`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { e2eServer } from '../playwright.config.ts';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);

async function serverUp(url: string, server: { exitCode: number | null }, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`npm start stopped (exit ${server.exitCode}) before ${url} answered; its output is above.`);
    const answered = await fetch(url).then((response) => response.ok, () => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
}

const server = spawn('sh', ['-c', e2eServer.command], { cwd: root, env: { ...process.env, ...e2eServer.env }, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
const stop = () => {
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => (stop(), process.exit(1)));

let failed = false;
try {
  await serverUp(e2eServer.url, server, 180_000);
  for (const project of ['site', 'journeys', 'flows']) {
    console.log(`\n▶ End-to-end: ${project}`);
    const { status } = spawnSync('npx', ['playwright', 'test', `--project=${project}`, '--pass-with-no-tests', ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, E2E_SERVER_STARTED: '1', E2E_JSON: `test-results/e2e-${project}.json` },
    });
    if (status !== 0) failed = true;
  }
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  stop();
}
process.exit(failed ? 1 : 0);

/**
 * `npm start`: builds the site, then runs it at http://localhost:3000 (PORT overrides) with the local
 * backend: database (migrated and seeded), API :54321, edge functions on Deno, mail inbox :54324.
 * With VITE_SUPABASE_URL set (environment or .env) the site talks to that hosted project and nothing
 * local starts.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { distDir } from './lib/dist-dir.ts';
import { hostedBackendUrl, localBackend, localSiteEnv, startLocalBackend } from './lib/local-backend.ts';
import { runUntilStopped } from './lib/run-until-stopped.ts';
import { createSiteServer } from './serve/site-server.ts';

const root = join(import.meta.dirname, '..');
const sitePort = localBackend.sitePort;

runUntilStopped(async (closers) => {
  const hosted = hostedBackendUrl();
  const build = spawnSync('npx', ['tsx', 'scripts/build.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, ...(hosted ? {} : await localSiteEnv()) } });
  if (build.status !== 0) throw new Error('The build failed; the site was not started.');

  const stack = hosted
    ? null
    : await startLocalBackend(sitePort);
  if (stack) closers.push(stack.close);

  const site = createSiteServer(distDir);
  await new Promise<void>((resolve, reject) => {
    site.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'EADDRINUSE' ? `Port ${sitePort} is already in use. Stop the other server or pick another port: PORT=3001 npm start` : error.message)),
    );
    site.listen(sitePort, resolve);
  });
  closers.push(() => new Promise((resolve) => site.close(() => resolve())));
  return [`Site          http://localhost:${sitePort}`, ...(stack?.summary ?? [`Backend       ${hosted} (hosted Supabase; nothing local started)`])];
});

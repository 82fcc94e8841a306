/**
 * `npm run dev`: Vite's dev server with hot reload on http://localhost:3000, beside the same local
 * backend as `npm start` (or the hosted project in VITE_SUPABASE_URL).
 */
import { join } from 'node:path';
import { createServer } from 'vite';
import { hostedBackendUrl, localSiteEnv, startLocalBackend } from './lib/local-backend.ts';
import { runUntilStopped } from './lib/run-until-stopped.ts';
import { regenerate, watchSchemas } from './lib/schemas-in-step.ts';

const root = join(import.meta.dirname, '..');

const sitePort = Number(process.env.PORT ?? 3000);

runUntilStopped(async (closers) => {
  if (!(await regenerate()).ok) throw new Error('Fix schemas/ as said above, then run `npm run dev` again.');
  const hosted = hostedBackendUrl('development');
  const stack = hosted
    ? null
    : await startLocalBackend(sitePort);
  if (stack) closers.push(stack.close);
  if (!hosted) Object.assign(process.env, await localSiteEnv());
  const vite = await createServer({ root, server: { port: sitePort, strictPort: true } });
  await vite.listen();
  closers.push(() => vite.close());
  // A save in schemas/ regenerates src/generated (Vite then updates the open page) and applies any new
  // migration to the running local database; a mistake is printed and the page keeps the last good form.
  const stopWatching = watchSchemas(async () => {
    const { ok, migration } = await regenerate();
    if (ok && migration && stack) console.log(`Applied ${(await stack.applyNewMigrations()).join(', ')} to the local database.`);
  });
  closers.push(async () => stopWatching());
  return [`Site (dev)    ${vite.resolvedUrls?.local[0] ?? 'http://localhost:3000'}`, ...(stack?.summary ?? [])];
});

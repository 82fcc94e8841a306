/**
 * `npm start`: builds the site, then runs it at http://localhost:3000 (PORT overrides) with the local
 * backend: database (migrated and seeded), API gateway :54321, edge functions on Deno, mail inbox
 * :54324. With VITE_SUPABASE_URL set the site talks to that hosted project and nothing local starts.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { openDatabase } from '../supabase/local/database.ts';
import { startFunctions } from '../supabase/local/functions.ts';
import { startGateway } from '../supabase/local/gateway.ts';
import { startInbox } from '../supabase/local/inbox.ts';
import { localKeys } from '../supabase/local/keys.ts';
import { createSiteServer } from './serve/site-server.ts';

const root = join(import.meta.dirname, '..');
const sitePort = Number(process.env.PORT ?? 3000);
const hosted = process.env.VITE_SUPABASE_URL;
const closers: (() => Promise<void>)[] = [];

function fail(message: string): never {
  console.error(`\n✖ ${message}`);
  void Promise.all(closers.map((close) => close().catch(() => {}))).then(() => process.exit(1));
  throw new Error(message);
}

async function main() {
  const build = spawnSync('npx', ['tsx', 'scripts/build.ts'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) fail('The build failed; the site was not started.');

  const lines: string[] = [];
  let apiOrigin = hosted;
  if (!hosted) {
    const started = performance.now();
    const db = await openDatabase(join(root, '.supabase-local', 'db')).catch((e: Error) => fail(e.message));
    closers.push(() => db.close());
    const inbox = await startInbox().catch((e: Error) => fail(e.message));
    closers.push(() => inbox.close());
    const functions = await startFunctions({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(inbox.smtpPort),
      NOTIFY_TO: process.env.NOTIFY_TO ?? 'team@localhost',
      EMAIL_FROM: process.env.EMAIL_FROM ?? 'Website <notifications@localhost>',
    }).catch((e: Error) => fail(e.message));
    closers.push(() => functions.close());
    const gateway = await startGateway({ functions, db }).catch((e: Error) => fail(e.message));
    closers.push(() => gateway.close());
    apiOrigin = `http://localhost:${gateway.port}`;
    const applied = db.migration.applied.length ? `${db.migration.applied.length} migration(s) applied` : 'migrations up to date';
    lines.push(
      `Local API     http://localhost:${gateway.port}  (REST, functions: ${[...functions.functions.keys()].join(', ')})`,
      `Anon key      ${(await localKeys()).anon}`,
      `Mail inbox    http://localhost:${inbox.httpPort}  (SMTP on ${inbox.smtpPort})`,
      `Database      ${db.description}: ${applied}${db.migration.seeded ? ', seeded' : ''}`,
      `Backend ready in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else {
    lines.push(`Backend       ${hosted} (hosted Supabase; nothing local started)`);
  }

  const site = createSiteServer(join(root, 'dist'), { apiOrigin });
  await new Promise<void>((resolve) => {
    site.once('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'EADDRINUSE' ? `Port ${sitePort} is already in use. Stop the other server or pick another port: PORT=3001 npm start` : error.message),
    );
    site.listen(sitePort, resolve);
  });
  closers.push(() => new Promise((resolve) => site.close(() => resolve())));
  console.log(`\nSite          http://localhost:${sitePort}\n${lines.join('\n')}\n\nPress Ctrl-C to stop.`);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    void Promise.all(closers.reverse().map((close) => close().catch(() => {}))).then(() => process.exit(0));
  });
}

main().catch(() => {
  // fail() already explained what went wrong.
});

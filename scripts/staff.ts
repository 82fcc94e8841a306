/**
 * `npm run staff:add EMAIL` (and `npm run staff:remove EMAIL`): makes an account staff (scripts/lib/staff-role.ts).
 * The person signs in again (or waits for the next token refresh, at most an hour) to get it.
 *
 * Against a hosted project: SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<secret>.
 * Otherwise the local backend: the running `npm start`, or, when none runs, its data folder opened here.
 */
import { localKeys } from '../supabase/local/keys.ts';
import { startLocalStack } from '../supabase/local/stack.ts';
import { localBackend } from './lib/local-backend.ts';
import { changeStaff } from './lib/staff-role.ts';

const [action, email] = [process.argv[2], process.argv[3]?.trim().toLowerCase()];
if ((action !== 'add' && action !== 'remove') || !email || !email.includes('@')) {
  console.error('Usage: npm run staff:add <email>   or   npm run staff:remove <email>');
  process.exit(2);
}

async function backend(): Promise<{ url: string; key: string; where: string; close: () => Promise<void> }> {
  if (process.env.SUPABASE_URL || process.env.SUPABASE_SERVICE_ROLE_KEY) {
    if (!process.env.SUPABASE_URL || !process.env.SUPABASE_SERVICE_ROLE_KEY) {
      console.error('For a hosted project set both SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (Project Settings → API keys).');
      process.exit(2);
    }
    return { url: process.env.SUPABASE_URL, key: process.env.SUPABASE_SERVICE_ROLE_KEY, where: new URL(process.env.SUPABASE_URL).host, close: async () => {} };
  }
  const key = (await localKeys()).serviceRole;
  const running = `http://localhost:${localBackend.apiPort}`;
  const health = await fetch(`${running}/auth/v1/health`, { headers: { apikey: key } }).catch(() => null);
  if (health?.ok) return { url: running, key, where: 'the local backend (npm start)', close: async () => {} };
  const stack = await startLocalStack(localBackend.dataDir, { api: 0, inboxHttp: 0, inboxSmtp: 0 });
  return { url: stack.apiUrl, key, where: `the local database in ${localBackend.dataDir}`, close: () => stack.close() };
}

const { url, key, where, close } = await backend();
try {
  // The invitation's link lands on /staff: on the local site, or on a hosted project's site when SITE_URL
  // names it (otherwise its Site URL, whose header links to /staff).
  const site = process.env.SUPABASE_URL ? process.env.SITE_URL : `http://localhost:${localBackend.sitePort}`;
  const { ok, message } = await changeStaff(action, email, { url, key, where, site });
  if (ok) console.log(message);
  else {
    console.error(message);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await close();
}

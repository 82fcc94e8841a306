/**
 * `npm run staff:add EMAIL` (and `npm run staff:remove EMAIL`): makes an existing account staff, the
 * Supabase way: app_metadata.staff, which only the service role can set and which reaches the database
 * in the user's JWT (decision 019). The person signs in again (or waits for the next token refresh,
 * at most an hour) to get it.
 *
 * Against a hosted project: SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<secret>.
 * Otherwise the local backend: the running `npm start`, or, when none runs, its data folder opened here.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { localKeys } from '../supabase/local/keys.ts';
import { startLocalStack } from '../supabase/local/stack.ts';
import { localBackend } from './lib/local-backend.ts';

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
  // Node 20 has no WebSocket of its own; supabase-js wants one for realtime, which this never opens.
  const admin = createClient(url, key, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } }).auth.admin;
  let user = null;
  for (let page = 1; !user; page++) {
    const { data, error } = await admin.listUsers({ page, perPage: 1000 });
    if (error) throw new Error(`Could not list users on ${where}: ${error.message}`);
    user = data.users.find((u) => u.email?.toLowerCase() === email) ?? null;
    if (!data.nextPage) break;
  }
  if (!user) {
    console.error(`No account for ${email} on ${where}. They sign up on the site first (Sign In → Create Account), then run this again.`);
    process.exitCode = 1;
  } else {
    const { error } = await admin.updateUserById(user.id, { app_metadata: { staff: action === 'add' ? true : null } });
    if (error) throw new Error(`Could not update ${email} on ${where}: ${error.message}`);
    console.log(action === 'add' ? `${email} is now staff on ${where}. They sign in again to open /staff.` : `${email} is no longer staff on ${where} (from their next sign-in or token refresh).`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await close();
}

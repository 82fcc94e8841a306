/**
 * `npm run staff:add EMAIL` (and `npm run staff:remove EMAIL`): makes an account staff, the Supabase way:
 * app_metadata.staff, which only the service role can set and which reaches the database in the user's
 * JWT (decision 019). The person signs in again (or waits for the next token refresh, at most an hour)
 * to get it. An address with no account is invited; one whose sign-up is not confirmed is refused, since
 * whoever signed it up may not own it (decision 021).
 *
 * Against a hosted project: SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<secret>.
 * Otherwise the local backend: the running `npm start`, or, when none runs, its data folder opened here.
 */
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { localKeys } from '../supabase/local/keys.ts';
import { startLocalStack } from '../supabase/local/stack.ts';
import { localBackend } from './lib/local-backend.ts';
import { STAFF_PATH } from '../src/lib/account/account-path.ts';

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
  if (!user && action === 'add') {
    // An invitation rather than an account someone else may have registered: its link reaches only the
    // address's owner, signs them in and asks them to choose a password (decision 021).
    // The invitation's link lands on /staff (where the choose-password dialog opens): on the local site, or
    // on a hosted project's site when SITE_URL names it (otherwise its Site URL, whose header links to /staff).
    const site = process.env.SUPABASE_URL ? process.env.SITE_URL : `http://localhost:${localBackend.sitePort}`;
    const { data, error } = await admin.inviteUserByEmail(email, site ? { redirectTo: new URL(STAFF_PATH, site).href } : undefined);
    if (error) throw new Error(`Could not invite ${email} on ${where}: ${error.message}`);
    const { error: staffError } = await admin.updateUserById(data.user.id, { app_metadata: { staff: true } });
    if (staffError) throw new Error(`Invited ${email} on ${where}, but could not make them staff: ${staffError.message}`);
    console.log(`${email} had no account on ${where}: they are invited as staff. The link in the invitation email signs them in and asks them to choose a password; then /staff opens for them.`);
  } else if (!user) {
    console.error(`No account for ${email} on ${where}.`);
    process.exitCode = 1;
  } else if (action === 'add' && !user.email_confirmed_at) {
    // Anyone can sign up with anyone's address; only following the confirmation link proves it.
    console.error(
      `${email} has signed up on ${where} but not confirmed the address, so nobody has proved it is theirs. Ask them to follow the link in their confirmation email (it asks them to choose a password), then run this again.`,
    );
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

import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { STAFF_PATH } from '../../src/lib/account/account-path.ts';

export interface StaffChange {
  /** The Supabase API and its service-role key. */
  url: string;
  key: string;
  /** How the messages name the backend ("the local backend (npm start)", a project's host). */
  where: string;
  /** The site an invitation's link lands on (its /staff); without it, the project's Site URL. */
  site?: string;
}

/**
 * Makes an account staff, or no longer staff, the Supabase way: app_metadata.staff, which only the
 * service role can set and which reaches the database in the user's JWT (decision 019). An address with
 * no account is invited; one whose sign-up is not confirmed is refused, since whoever signed it up may
 * not own it (decision 021). Returns what happened, in a sentence for the person who asked.
 */
export async function changeStaff(action: 'add' | 'remove', address: string, { url, key, where, site }: StaffChange): Promise<{ ok: boolean; message: string }> {
  // Addresses are kept in lower case: Lena@… and lena@… are one account, never an invitation for a second.
  const email = address.trim().toLowerCase();
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
    // address's owner, signs them in and asks them to choose a password (decision 021). It lands on
    // /staff, where the choose-password dialog opens.
    const { data, error } = await admin.inviteUserByEmail(email, site ? { redirectTo: new URL(STAFF_PATH, site).href } : undefined);
    if (error) throw new Error(`Could not invite ${email} on ${where}: ${error.message}`);
    const { error: staffError } = await admin.updateUserById(data.user.id, { app_metadata: { staff: true } });
    if (staffError) throw new Error(`Invited ${email} on ${where}, but could not make them staff: ${staffError.message}`);
    return { ok: true, message: `${email} had no account on ${where}: they are invited as staff. The link in the invitation email signs them in and asks them to choose a password; then /staff opens for them.` };
  }
  if (!user) return { ok: false, message: `No account for ${email} on ${where}.` };
  if (action === 'add' && !user.email_confirmed_at) {
    // Anyone can sign up with anyone's address; only following the confirmation link proves it.
    return {
      ok: false,
      message: `${email} has signed up on ${where} but not confirmed the address, so nobody has proved it is theirs. Ask them to follow the link in their confirmation email (it asks them to choose a password), then run this again.`,
    };
  }
  const { error } = await admin.updateUserById(user.id, { app_metadata: { staff: action === 'add' ? true : null } });
  if (error) throw new Error(`Could not update ${email} on ${where}: ${error.message}`);
  return {
    ok: true,
    message: action === 'add' ? `${email} is now staff on ${where}. They sign in again to open /staff.` : `${email} is no longer staff on ${where} (from their next sign-in or token refresh).`,
  };
}

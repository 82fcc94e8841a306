import { AuthApiError, AuthWeakPasswordError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { readAuthConfig, withSiteUrl, type AuthConfig } from '../../supabase/local/auth/config';
import { startGateway, type Gateway } from '../../supabase/local/gateway';
import { startInbox, type Inbox } from '../../supabase/local/inbox';
import { localKeys } from '../../supabase/local/keys';
import { ENGINES, freshDatabase, type Db } from '../db/database';
import { testAuth } from './auth-settings';
import { AUTH_SUBJECTS, choosePassword as chooseFromLink } from '../support/email-links';

const SITE = 'http://localhost:3000';
const profile = { name: 'Ana Ruiz', company: 'Casa Verde', title: 'Director', phone: '555-0100', city: 'Austin', state: 'TX', zip: '78701' };
const noFunctions = { functions: new Map() };
/** Limits out of the way, for the tests that are not about them (they all come from one address). */
const unlimited: Partial<AuthConfig> = { signInsPerFiveMinutes: 1000, tokenRequestsPerFiveMinutes: 1000, verificationsPerFiveMinutes: 1000, emailsPerClientPerHour: 1000, emailMaxFrequencySeconds: 0 };

describe.each(ENGINES)('/auth/v1 through supabase-js, on %s', (engine) => {
  let db: Db;
  let inbox: Inbox;
  let gateway: Gateway;
  let api: string;
  let anon: string;
  let serviceRole: string;
  let counter = 0;

  const client = (): SupabaseClient => createClient(api, anon, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } });
  const newEmail = () => `visitor${++counter}.${engine}@example.org`;

  async function startApi(overrides: Partial<AuthConfig> = {}) {
    const started = await startGateway({ functions: noFunctions, db, auth: testAuth(inbox.smtpPort, { siteUrl: SITE, ...overrides }), port: 0 });
    return { gateway: started, url: `http://127.0.0.1:${started.port}` };
  }

  /** The link in the newest auth email to `email`. */
  function linkFor(email: string, subject: string): string {
    const message = inbox.messages.find((m) => m.to.includes(email) && m.subject === subject);
    expect(message, `an email "${subject}" to ${email}`).toBeDefined();
    return message!.text!.match(/https?:\/\/\S+/)![0];
  }

  async function follow(link: string): Promise<URLSearchParams> {
    const response = await fetch(link.replace('http://localhost:', 'http://127.0.0.1:'), { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(SITE);
    return new URLSearchParams(location.hash.slice(1));
  }

  async function confirmedUser(password = 'correct horse 1') {
    const email = newEmail();
    const { error } = await client().auth.signUp({ email, password, options: { data: profile } });
    expect(error).toBeNull();
    // Confirming clears the sign-up's password; the owner, signed in by the link, chooses one.
    await choosePassword(await follow(linkFor(email, AUTH_SUBJECTS.signup)), password);
    return { email, password };
  }

  /** What the site asks of someone the confirmation or invitation link has just signed in. */
  const choosePassword = (fragment: URLSearchParams, password: string) => chooseFromLink(api, anon, fragment, password);

  async function rows(table: string) {
    const response = await fetch(`${api}/rest/v1/${table}?select=*`, { headers: { apikey: serviceRole, Authorization: `Bearer ${serviceRole}` } });
    return (await response.json()) as Record<string, unknown>[];
  }

  beforeAll(async () => {
    db = await freshDatabase(engine);
    ({ anon, serviceRole } = await localKeys());
    inbox = await startInbox({ smtpPort: 0, httpPort: 0 });
    // Every test here signs in from 127.0.0.1; the rate-limit test below has a gateway of its own.
    ({ gateway, url: api } = await startApi(unlimited));
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await inbox?.close();
    await db?.close();
  });
  beforeEach(() => {
    inbox.messages.length = 0;
  });

  it('signs up with confirmation on: the bare user, the profile row, and a confirmation email', async () => {
    const email = newEmail();
    const { data, error } = await client().auth.signUp({ email, password: 'correct horse 1', options: { data: profile, emailRedirectTo: `${SITE}/` } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', user_metadata: profile, app_metadata: { provider: 'email', providers: ['email'] } });
    expect(data.user!.identities).toHaveLength(1);
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(inbox.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect(linkFor(email, AUTH_SUBJECTS.signup)).toMatch(/\/auth\/v1\/verify\?token=[\w-]+&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A3000%2F$/);
    // Branded as config.toml's [auth.email.template.confirmation] says, not GoTrue's stock wording.
    const mail = inbox.messages.find((m) => m.to.includes(email))!;
    expect(mail.subject).toBe(readAuthConfig().emailTemplates.confirmation!.subject);
    expect(mail.html).toContain('Keystone Impact Partners');
    expect(mail.html).toContain(`href="${linkFor(email, AUTH_SUBJECTS.signup).replaceAll('&', '&amp;')}"`);
    expect(mail.html).toContain(email);
    expect(mail.text).not.toContain('Follow this link to confirm your user');
    // The database trigger made the client row from the sign-up data; the password is nowhere in it.
    const client_ = (await rows('clients')).find((r) => r.email === email);
    expect(client_).toMatchObject({ user_id: data.user!.id, name: 'Ana Ruiz', company: 'Casa Verde', zip: '78701' });
    expect(JSON.stringify(client_)).not.toContain('correct horse');
  });

  it('fires sign-up triggers as GoTrue does: as supabase_auth_admin with search_path auth', async () => {
    // What a migration might add (as hosted's postgres): a trigger that records who runs it, and one
    // that names a public table without its schema, which hosted's search_path cannot find.
    await db.exec(`begin; set local role hosted_postgres;
      create table public.trigger_runs (role text, search_path text);
      grant insert on public.trigger_runs to public;
      create function public.record_trigger_run() returns trigger language plpgsql as $$
        begin insert into public.trigger_runs values (current_user, current_setting('search_path')); return new; end $$;
      create trigger record_trigger_run after insert on auth.users for each row execute function public.record_trigger_run();
      commit;`);
    try {
      expect((await client().auth.signUp({ email: newEmail(), password: 'correct horse 1', options: { data: profile } })).error).toBeNull();
      expect((await db.query('select role, search_path from public.trigger_runs')).rows).toEqual([{ role: 'supabase_auth_admin', search_path: 'auth' }]);

      await db.exec(`begin; set local role hosted_postgres;
        create function public.unqualified_profile() returns trigger language plpgsql security definer as $$
          begin insert into trigger_runs values ('definer', 'unqualified'); return new; end $$;
        create trigger unqualified_profile after insert on auth.users for each row execute function public.unqualified_profile();
        commit;`);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const email = newEmail();
      // supabase-js turns any 500 into a retryable error without the body, so the body is read directly.
      const response = await fetch(`${api}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: anon, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email, password: 'correct horse 1', data: profile }),
      });
      warn.mockRestore();
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 500, body: { code: 'unexpected_failure', message: 'Database error saving new user' } });
      expect((await db.query('select 1 from auth.users where email = $1', [email])).rows).toEqual([]);
    } finally {
      await db.exec(`drop trigger if exists unqualified_profile on auth.users; drop trigger record_trigger_run on auth.users;
        drop function if exists public.unqualified_profile(); drop function public.record_trigger_run(); drop table public.trigger_runs;`);
    }
  });

  it('sends the confirmation link again to a sign-up not yet confirmed, and answers the same for anyone else', async () => {
    const email = newEmail();
    await client().auth.signUp({ email, password: 'correct horse 1', options: { data: profile } });
    const first = linkFor(email, AUTH_SUBJECTS.signup);
    inbox.messages.length = 0;
    const { error } = await client().auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${SITE}/about` } });
    expect(error).toBeNull();
    const second = linkFor(email, AUTH_SUBJECTS.signup);
    expect(second).not.toBe(first);
    // The new link confirms and signs in, back where the visitor asked; the first one no longer works.
    expect((await follow(second)).get('type')).toBe('signup');
    expect(Object.fromEntries(await follow(first))).toMatchObject({ error_code: 'otp_expired' });

    // A confirmed address and one with no account: the same empty answer, and no email.
    inbox.messages.length = 0;
    for (const who of [email, newEmail()]) expect(await client().auth.resend({ type: 'signup', email: who })).toMatchObject({ error: null });
    expect(inbox.messages).toEqual([]);
    // What GoTrue refuses, it refuses in its words.
    const missing = await fetch(`${api}/auth/v1/resend`, { method: 'POST', headers: { apikey: anon, 'Content-Type': 'application/json' }, body: JSON.stringify({ type: 'signup' }) });
    expect(await missing.json()).toMatchObject({ code: 400, error_code: 'validation_failed', msg: 'Type provided requires an email address' });
    const unknown = await fetch(`${api}/auth/v1/resend`, { method: 'POST', headers: { apikey: anon, 'Content-Type': 'application/json' }, body: JSON.stringify({ type: 'magic', email }) });
    expect(await unknown.json()).toMatchObject({ code: 400, error_code: 'validation_failed', msg: 'Missing one of these types: signup, email_change, sms, phone_change' });
  });

  it('refuses to sign in before the email is confirmed, then the link signs the visitor in', async () => {
    const email = newEmail();
    await client().auth.signUp({ email, password: 'correct horse 1', options: { data: profile } });
    const before = await client().auth.signInWithPassword({ email, password: 'correct horse 1' });
    expect(before.error).toBeInstanceOf(AuthApiError);
    expect(before.error).toMatchObject({ code: 'email_not_confirmed', status: 400, message: 'Email not confirmed' });

    const fragment = await follow(linkFor(email, AUTH_SUBJECTS.signup));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    const signedIn = client();
    const { data, error } = await signedIn.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect((decodeJwt(fragment.get('access_token')!).amr as { method: string }[])[0]!.method).toBe('otp');

    // A link works once.
    const again = await follow(linkFor(email, AUTH_SUBJECTS.signup));
    expect(Object.fromEntries(again)).toMatchObject({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' });
  });

  it('signs in with a password: a session with GoTrue claims, and RLS sees the user', async () => {
    const { email, password } = await confirmedUser();
    const signedIn = client();
    const { data, error } = await signedIn.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } });
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ sub: data.user!.id, aud: 'authenticated', role: 'authenticated', aal: 'aal1', email, is_anonymous: false, iss: `${api.replace('127.0.0.1', 'localhost')}/auth/v1` });
    for (const claim of ['iss', 'sub', 'aud', 'exp', 'iat', 'role', 'aal', 'session_id']) expect(claims[claim], claim).toBeDefined();

    const mine = await signedIn.from('clients').select('email, name');
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ email, name: 'Ana Ruiz' }]);
    // Visitors see no profiles (refused outright here; hosted Supabase's default grants make it an empty list).
    const asVisitor = await client().from('clients').select('email');
    expect(asVisitor.data ?? []).toEqual([]);
  });

  it('tells subscribers about sign-in, token refresh, user update and sign-out (onAuthStateChange)', async () => {
    const { email, password } = await confirmedUser();
    const c = client();
    const events: string[] = [];
    const { data: subscription } = c.auth.onAuthStateChange((event, session) => events.push(`${event}:${session ? 'session' : 'none'}`));
    await c.auth.signInWithPassword({ email, password });
    await c.auth.refreshSession();
    await c.auth.updateUser({ data: { newsletter: true } });
    await c.auth.signOut();
    subscription.subscription.unsubscribe();
    expect(events).toEqual(['INITIAL_SESSION:none', 'SIGNED_IN:session', 'TOKEN_REFRESHED:session', 'USER_UPDATED:session', 'SIGNED_OUT:none']);
  });

  it('changes metadata as GoTrue does (a key given as null goes), keeping only the sign-up’s answers; app metadata for the admin alike', async () => {
    const { email, password } = await confirmedUser();
    const c = client();
    await c.auth.signInWithPassword({ email, password });
    await c.auth.updateUser({ data: { title: 'Chair', newsletter: true, preferences: { digest: 'weekly', sms: true } } });
    // Not a question of the sign-up: dropped by the database (keep_only_sign_up_answers), here as on hosted.
    const { data } = await c.auth.updateUser({ data: { city: null } });
    const withoutCity = Object.fromEntries(Object.entries(profile).filter(([key]) => key !== 'city'));
    expect(data.user?.user_metadata).toEqual({ ...withoutCity, title: 'Chair' });
    const admin = createClient(api, serviceRole, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } }).auth.admin;
    await admin.updateUserById(data.user!.id, { app_metadata: { staff: true, flags: { beta: true } } });
    const updated = await admin.updateUserById(data.user!.id, { app_metadata: { staff: null, flags: { beta: null } } });
    expect(updated.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], flags: { beta: null } });
  });

  it('answers a wrong password and an unknown email alike: invalid_credentials', async () => {
    const { email } = await confirmedUser();
    for (const attempt of [{ email, password: 'wrong password!' }, { email: 'nobody@example.org', password: 'wrong password!' }]) {
      const { data, error } = await client().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ name: 'AuthApiError', code: 'invalid_credentials', status: 400, message: 'Invalid login credentials' });
    }
  });

  it('refuses passwords under 8 characters with weak_password, and bad emails with validation_failed', async () => {
    const weak = await client().auth.signUp({ email: newEmail(), password: 'short1' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error).toMatchObject({ code: 'weak_password', status: 422, message: 'Password should be at least 8 characters.', reasons: ['length'] });
    const invalid = await client().auth.signUp({ email: "x' or 1=1 --", password: 'correct horse 1' });
    expect(invalid.error).toMatchObject({ code: 'validation_failed', status: 400, message: 'Unable to validate email address: invalid format' });
    expect(inbox.messages).toHaveLength(0);
  });

  it('answers a second sign-up for a confirmed email with a decoy user and sends nothing', async () => {
    const { email } = await confirmedUser();
    inbox.messages.length = 0;
    const before = (await rows('clients')).length;
    const { data, error } = await client().auth.signUp({ email, password: 'another pass 1', options: { data: profile } });
    expect(error).toBeNull();
    expect(data.user!.identities).toEqual([]);
    expect(inbox.messages).toHaveLength(0);
    expect((await rows('clients')).length).toBe(before);
    const stillOld = await client().auth.signInWithPassword({ email, password: 'another pass 1' });
    expect(stillOld.error?.code).toBe('invalid_credentials');
  });

  it('rotates refresh tokens; a replayed one revokes every refresh token of the session but keeps the session, as GoTrue does', async () => {
    const quick = await startApi({ ...unlimited, refreshTokenReuseSeconds: 0 });
    try {
      const { email, password } = await confirmedUser();
      const c = createClient(quick.url, anon, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } });
      const first = (await c.auth.signInWithPassword({ email, password })).data.session!;
      const refreshed = await c.auth.refreshSession({ refresh_token: first.refresh_token });
      expect(refreshed.error).toBeNull();
      const second = refreshed.data.session!;
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);

      const reused = await c.auth.refreshSession({ refresh_token: first.refresh_token });
      expect(reused.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 });
      // Someone replayed a token: no refresh token of the session works any more, the one handed out after it included…
      const after = await c.auth.refreshSession({ refresh_token: second.refresh_token });
      expect(after.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 });
      // …but the session stays, so its access tokens read the user until they expire (other tabs are not signed out at once).
      const user = await fetch(`${quick.url}/auth/v1/user`, { headers: { apikey: anon, Authorization: `Bearer ${second.access_token}` } });
      expect(user.status).toBe(200);
      const unknown = await c.auth.refreshSession({ refresh_token: 'x'.repeat(22) });
      expect(unknown.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
    } finally {
      await quick.gateway.close();
    }
  });

  it('gives a retried refresh the same new token within the reuse interval', async () => {
    const { email, password } = await confirmedUser();
    const c = client();
    const first = (await c.auth.signInWithPassword({ email, password })).data.session!;
    const a = await c.auth.refreshSession({ refresh_token: first.refresh_token });
    const b = await c.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(b.error).toBeNull();
    expect(b.data.session!.refresh_token).toBe(a.data.session!.refresh_token);
  });

  it('reads and updates the user, refusing the same password and a weak one', async () => {
    const { email, password } = await confirmedUser();
    const c = client();
    await c.auth.signInWithPassword({ email, password });
    const { data: current } = await c.auth.getUser();
    expect(current.user!.email).toBe(email);

    expect((await c.auth.updateUser({ password })).error).toMatchObject({ code: 'same_password', status: 422 });
    expect((await c.auth.updateUser({ password: 'tiny' })).error).toMatchObject({ code: 'weak_password', status: 422 });
    const changed = await c.auth.updateUser({ password: 'a brand new pass' });
    expect(changed.error).toBeNull();
    expect(changed.data.user!.email).toBe(email);
    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    expect((await client().auth.signInWithPassword({ email, password: 'a brand new pass' })).error).toBeNull();
  });

  it('changes the email address only once the links to both addresses are opened, as GoTrue does with double_confirm_changes', async () => {
    const { email, password } = await confirmedUser();
    const taken = await confirmedUser();
    const c = client();
    await c.auth.signInWithPassword({ email, password });
    expect((await c.auth.updateUser({ email: taken.email })).error).toMatchObject({ code: 'email_exists', status: 422 });
    expect((await c.auth.updateUser({ email: 'not an address' })).error).toMatchObject({ code: 'validation_failed', status: 400 });
    const moved = `Moved.${newEmail()}`;
    const asked = await c.auth.updateUser({ email: moved }, { emailRedirectTo: `${SITE}/account` });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email, new_email: moved.toLowerCase() });
    // One link to each address, the branded template naming both.
    const toNew = linkFor(moved.toLowerCase(), AUTH_SUBJECTS.emailChange);
    const toCurrent = linkFor(email, AUTH_SUBJECTS.emailChange);
    expect(inbox.messages.find((m) => m.to.includes(email))!.text).toContain(moved.toLowerCase());
    // The first link opened says to open the other; the address is unchanged until then.
    expect(Object.fromEntries(await follow(toNew))).toEqual({ message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email', sb: '' });
    expect((await c.auth.getUser()).data.user!.email).toBe(email);
    expect(Object.fromEntries(await follow(toNew))).toMatchObject({ error_code: 'otp_expired' });
    // The second makes the change and signs in.
    const done = await follow(toCurrent);
    expect(done.get('type')).toBe('email_change');
    expect(decodeJwt(done.get('access_token')!).email).toBe(moved.toLowerCase());
    expect((await client().auth.signInWithPassword({ email: moved, password })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    // The profile's copy of the address follows the account's.
    expect((await rows('clients')).find((r) => r.email === moved.toLowerCase())).toBeDefined();
  });

  it('signs out: the session ends on the server and its access token no longer reads the user', async () => {
    const { email, password } = await confirmedUser();
    const c = client();
    const session = (await c.auth.signInWithPassword({ email, password })).data.session!;
    expect((await c.auth.signOut()).error).toBeNull();
    const response = await fetch(`${api}/auth/v1/user`, { headers: { apikey: anon, Authorization: `Bearer ${session.access_token}` } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error_code: 'session_not_found' });
    expect((await client().auth.refreshSession({ refresh_token: session.refresh_token })).error).toMatchObject({ status: 400 });
  });

  it('protects /user: no token 401 no_authorization, the anon key or a forged token 403 bad_jwt', async () => {
    const none = await fetch(`${api}/auth/v1/user`, { headers: { apikey: anon } });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error_code: 'no_authorization' });
    for (const token of [anon, `${anon.slice(0, -4)}AAAA`]) {
      const bad = await fetch(`${api}/auth/v1/user`, { headers: { apikey: anon, Authorization: `Bearer ${token}` } });
      expect(bad.status).toBe(403);
      expect(await bad.json()).toMatchObject({ error_code: 'bad_jwt' });
    }
  });

  it('resets a password: the same answer for any email, a link that signs in for recovery, then a new password', async () => {
    const { email } = await confirmedUser();
    inbox.messages.length = 0;
    const known = await client().auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/?reset=1` });
    const unknown = await client().auth.resetPasswordForEmail('nobody@example.org', { redirectTo: `${SITE}/` });
    expect(known).toEqual({ data: {}, error: null });
    expect(unknown).toEqual({ data: {}, error: null });
    expect(inbox.messages.map((m) => m.to)).toEqual([[email]]);

    const fragment = await follow(linkFor(email, AUTH_SUBJECTS.recovery));
    expect(fragment.get('type')).toBe('recovery');
    const c = client();
    await c.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect((await c.auth.updateUser({ password: 'recovered pass 1' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'recovered pass 1' })).error).toBeNull();
  });

  it('sends links back to the site only: an unknown redirect_to falls back to site_url', async () => {
    const email = newEmail();
    await client().auth.signUp({ email, password: 'correct horse 1', options: { emailRedirectTo: 'https://evil.example/steal' } });
    const link = linkFor(email, AUTH_SUBJECTS.signup);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(SITE);
    const response = await fetch(link.replace('http://localhost:', 'http://127.0.0.1:').replace(/redirect_to=[^&]+/, 'redirect_to=https%3A%2F%2Fevil.example'), { redirect: 'manual' });
    expect(response.headers.get('location')!.startsWith(`${SITE}#`)).toBe(true);
  });

  it('writes the email identity GoTrue writes: one per user, verified once the address is confirmed, with its last sign-in', async () => {
    const email = newEmail();
    await client().auth.signUp({ email, password: 'correct horse 1', options: { data: profile } });
    const identity = () =>
      db.query<{ provider: string; provider_id: string; user_id: string; email: string; verified: boolean; signed_in: boolean }>(
        `select provider, provider_id, user_id::text, email, (identity_data ->> 'email_verified')::boolean as verified, last_sign_in_at is not null as signed_in
           from auth.identities where email = $1`,
        [email],
      );
    const before = (await identity()).rows;
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ provider: 'email', email, verified: false, signed_in: false });
    expect(before[0]!.provider_id).toBe(before[0]!.user_id);
    await choosePassword(await follow(linkFor(email, AUTH_SUBJECTS.signup)), 'correct horse 1');
    expect((await identity()).rows).toEqual([{ ...before[0], verified: true, signed_in: true }]);
    // supabase-js reads the same identity.
    const { data } = await client().auth.signInWithPassword({ email, password: 'correct horse 1' });
    expect(data.user?.identities?.map((i) => [i.provider, i.identity_data?.email_verified])).toEqual([['email', true]]);
  });

  it('sends links to the site where it runs when PORT moves it, and no longer to config.toml’s port', async () => {
    const moved = withSiteUrl(readAuthConfig(), 'http://localhost:3111');
    const { gateway: elsewhere, url } = await startApi({ siteUrl: moved.siteUrl, redirectUrls: moved.redirectUrls, ...unlimited });
    try {
      const c = createClient(url, anon, { realtime: { transport: WebSocket as never }, auth: { persistSession: false } });
      const kept = newEmail();
      await c.auth.signUp({ email: kept, password: 'correct horse 1', options: { emailRedirectTo: 'http://localhost:3111/courses' } });
      expect(new URL(linkFor(kept, AUTH_SUBJECTS.signup)).searchParams.get('redirect_to')).toBe('http://localhost:3111/courses');
      const old = newEmail();
      await c.auth.signUp({ email: old, password: 'correct horse 1', options: { emailRedirectTo: `${SITE}/courses` } });
      expect(new URL(linkFor(old, AUTH_SUBJECTS.signup)).searchParams.get('redirect_to')).toBe('http://localhost:3111');
    } finally {
      await elsewhere.close();
    }
  });

  it('keeps nothing when the confirmation email cannot be sent, and says why in the terminal', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const noMail = await startGateway({ functions: noFunctions, db, auth: { ...testAuth(1, { siteUrl: SITE }) }, port: 0 });
    try {
      const email = newEmail();
      const c = createClient(`http://127.0.0.1:${noMail.port}`, anon, { realtime: { transport: WebSocket as never }, auth: { persistSession: false } });
      const { error } = await c.auth.signUp({ email, password: 'correct horse 1', options: { data: profile } });
      expect(error).toMatchObject({ status: 500 });
      expect((await rows('clients')).some((r) => r.email === email)).toBe(false);
      expect(logged.mock.calls.map(String)).toEqual([`Auth email to ${email} not sent: connect ECONNREFUSED 127.0.0.1:1`]);
      // Nothing half-made blocks a later attempt once mail works.
      expect((await client().auth.signUp({ email, password: 'correct horse 1', options: { data: profile } })).data.user!.identities).toHaveLength(1);
    } finally {
      await noMail.close();
    }
  });

  it('rate-limits per client address and per endpoint, never per email, so strangers cannot lock an owner out', async () => {
    const strict = await startApi({ ...unlimited, signInsPerFiveMinutes: 2, tokenRequestsPerFiveMinutes: 3, verificationsPerFiveMinutes: 2 });
    try {
      const c = createClient(strict.url, anon, { realtime: { transport: WebSocket as never }, auth: { persistSession: false } });
      const codes = async (times: number, attempt: () => Promise<{ error: { code?: string } | null }>) => {
        const seen: (string | undefined)[] = [];
        for (let i = 0; i < times; i++) seen.push((await attempt()).error?.code);
        return seen;
      };
      // /token (password and refresh grants together): token_refresh per five minutes.
      expect(await codes(4, () => c.auth.signInWithPassword({ email: 'target@example.org', password: 'guess guess' }))).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'over_request_rate_limit']);
      const limited = await c.auth.refreshSession({ refresh_token: 'x'.repeat(22) });
      expect(limited.error).toMatchObject({ code: 'over_request_rate_limit', status: 429, message: 'Request rate limit reached' });
      // Sign-up and recovery each have their own bucket (sign_in_sign_ups), untouched by the sign-ins above.
      expect(await codes(3, () => c.auth.signUp({ email: newEmail(), password: 'correct horse 1', options: { data: profile } }))).toEqual([undefined, undefined, 'over_request_rate_limit']);
      expect(await codes(3, () => c.auth.resetPasswordForEmail('target@example.org'))).toEqual([undefined, undefined, 'over_request_rate_limit']);
      // Email links: token_verifications.
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${strict.url}/auth/v1/verify?token=nope&type=signup`, { redirect: 'manual' })).status);
      expect(statuses).toEqual([303, 303, 429]);
    } finally {
      await strict.gateway.close();
    }
  });

  it('limits user updates per client address on their own (sign_in_sign_ups)', async () => {
    const strict = await startApi({ ...unlimited, signInsPerFiveMinutes: 2 });
    try {
      const { email, password } = await confirmedUser();
      const c = createClient(strict.url, anon, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } });
      await c.auth.signInWithPassword({ email, password });
      const seen: (string | undefined)[] = [];
      for (let i = 0; i < 3; i++) seen.push((await c.auth.updateUser({ data: { visit: i } })).error?.code);
      expect(seen).toEqual([undefined, undefined, 'over_request_rate_limit']);
    } finally {
      await strict.gateway.close();
    }
  });

  it('sends one email of a kind per address per minute, counted from the last one sent, with the seconds left', async () => {
    const paced = await startApi({ ...unlimited, emailMaxFrequencySeconds: 60 });
    try {
      const c = createClient(paced.url, anon, { realtime: { transport: WebSocket as never }, auth: { persistSession: false } });
      const email = newEmail();
      expect((await c.auth.signUp({ email, password: 'correct horse 1', options: { data: profile } })).error).toBeNull();
      // Signing up again before confirming would send a second confirmation: refused, and nothing replaced.
      const again = await c.auth.signUp({ email, password: 'other horse 2', options: { data: profile } });
      expect(again.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
      expect(again.error!.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
      expect(inbox.messages.filter((m) => m.to.includes(email))).toHaveLength(1);

      // Recovery emails are paced apart from confirmations.
      const { email: confirmed } = await confirmedUser();
      inbox.messages.length = 0;
      expect((await c.auth.resetPasswordForEmail(confirmed)).error).toBeNull();
      expect((await c.auth.resetPasswordForEmail(confirmed)).error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
      expect(inbox.messages).toHaveLength(1);
    } finally {
      await paced.gateway.close();
    }
  });

  it("ends the user's other sessions when the password changes, and keeps the one that changed it", async () => {
    const { email, password } = await confirmedUser();
    const here = client();
    const elsewhere = client();
    await here.auth.signInWithPassword({ email, password });
    const other = (await elsewhere.auth.signInWithPassword({ email, password })).data.session!;
    expect((await here.auth.updateUser({ password: 'a changed pass 9' })).error).toBeNull();
    const otherUser = await fetch(`${api}/auth/v1/user`, { headers: { apikey: anon, Authorization: `Bearer ${other.access_token}` } });
    expect(otherUser.status).toBe(403);
    expect(await otherUser.json()).toMatchObject({ error_code: 'session_not_found' });
    expect((await client().auth.refreshSession({ refresh_token: other.refresh_token })).error).toMatchObject({ status: 400 });
    expect((await here.auth.getUser()).error).toBeNull();
    // Metadata changes end nothing.
    const third = client();
    await third.auth.signInWithPassword({ email, password: 'a changed pass 9' });
    expect((await here.auth.updateUser({ data: { newsletter: true } })).error).toBeNull();
    expect((await third.auth.getUser()).error).toBeNull();
  });

  it("answers errors in GoTrue's two shapes: {code, message} for clients that send the API version, {code: status, error_code, msg} for others", async () => {
    const call = (path: string, init: RequestInit = {}, versioned = true) =>
      fetch(`${api}/auth/v1${path}`, { ...init, headers: { apikey: anon, 'Content-Type': 'application/json', ...(versioned ? { 'X-Supabase-Api-Version': '2024-01-01' } : {}) } });
    const post = (path: string, body: unknown, versioned = true) => call(path, { method: 'POST', body: JSON.stringify(body) }, versioned);

    const weak = await post('/signup', { email: newEmail(), password: 'short1' });
    expect(weak.status).toBe(422);
    expect(weak.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await weak.json()).toEqual({ code: 'weak_password', message: 'Password should be at least 8 characters.', weak_password: { reasons: ['length'] } });
    const weakOld = await post('/signup', { email: newEmail(), password: 'short1' }, false);
    expect(weakOld.headers.get('x-supabase-api-version')).toBeNull();
    expect(await weakOld.json()).toEqual({ code: 422, error_code: 'weak_password', msg: 'Password should be at least 8 characters.', weak_password: { reasons: ['length'] } });

    const cases: [string, unknown, number, string, string][] = [
      ['/signup', { email: newEmail(), password: `${'é'.repeat(36)}x` }, 400, 'validation_failed', 'Password cannot be longer than 72 characters'],
      ['/token?grant_type=refresh_token', { refresh_token: '' }, 400, 'validation_failed', 'Refresh token is not valid'],
      ['/token?grant_type=client_credentials', {}, 400, 'invalid_credentials', 'unsupported_grant_type'],
    ];
    for (const [path, body, status, code, message] of cases) {
      const answer = await post(path, body);
      expect(answer.status, path).toBe(status);
      expect(answer.headers.get('x-sb-error-code')).toBe(code);
      expect(await answer.json()).toEqual({ code, message });
      expect(await (await post(path, body, false)).json()).toEqual({ code: status, error_code: code, msg: message });
    }

    // A link missing its parts is answered, not redirected.
    for (const [query, message] of [['?type=signup', 'Verify requires a token or a token hash'], ['?token=abc', 'Verify requires a verification type'], ['?token=abc&type=magic', 'Unsupported verification type']]) {
      const answer = await fetch(`${api}/auth/v1/verify${query}`, { redirect: 'manual' });
      expect(answer.status, query).toBe(400);
      expect(await answer.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: message });
    }
  });

  it('answers hostile or malformed input with 4xx JSON and changes nothing', async () => {
    const users = (await rows('clients')).length;
    const post = (path: string, body: string) => fetch(`${api}/auth/v1${path}`, { method: 'POST', headers: { apikey: anon, 'Content-Type': 'application/json' }, body });
    const cases: [string, string, number][] = [
      ['/signup', 'not json', 400],
      ['/signup', JSON.stringify({ email: 'a@example.org', password: 12345678 }), 400],
      ['/signup', JSON.stringify({ email: ['a@example.org'], password: 'correct horse 1' }), 400],
      ['/signup', JSON.stringify({ email: 'a@example.org', password: 'x'.repeat(200_000) }), 413],
      ['/token?grant_type=password', JSON.stringify({ email: "' or 1=1; drop table auth.users; --", password: "' or '1'='1" }), 400],
      ['/token?grant_type=client_credentials', '{}', 400],
      ['/token?grant_type=refresh_token', '{}', 400],
      ['/signup', JSON.stringify({ email: 'nul\u0000@example.org', password: 'correct horse 1' }), 400],
      ['/signup', JSON.stringify({ email: 'nul@example.org', password: 'correct\u0000horse 1' }), 400],
      ['/signup', JSON.stringify({ email: 'long-name@example.org', password: 'correct horse 1', data: { ...profile, name: 'x'.repeat(10_000) } }), 422],
    ];
    for (const [path, body, status] of cases) {
      const response = await post(path, body);
      expect(response.status, `${path} ${body.slice(0, 40)}`).toBe(status);
      // Without the API version header, GoTrue's first error shape.
      expect(response.headers.get('x-supabase-api-version')).toBeNull();
      expect(await response.json()).toMatchObject({ code: status, error_code: expect.any(String), msg: expect.any(String) });
    }
    expect((await rows('clients')).length).toBe(users);
  });

  it('refuses a token whose sub is not a user id with 403 bad_jwt', async () => {
    const { SignJWT } = await import('jose');
    const { signingKey } = await import('../../supabase/local/keys');
    const token = await new SignJWT({ sub: "1' or 1=1", role: 'authenticated', session_id: 'x' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(signingKey);
    const response = await fetch(`${api}/auth/v1/user`, { headers: { apikey: anon, Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error_code: 'bad_jwt' });
  });

  it("never answers a sign-up with another person's unconfirmed details", async () => {
    const email = newEmail();
    await client().auth.signUp({ email, password: 'owner password 1', options: { data: profile } });
    const again = await client().auth.signUp({ email, password: 'stranger pass 1', options: { data: { ...profile, name: 'Stranger', company: 'Elsewhere', title: 'None', phone: '555-0199', city: 'Reno', state: 'NV', zip: '89501' } } });
    expect(again.error).toBeNull();
    expect(JSON.stringify(again.data)).not.toMatch(/Casa Verde|Director|555-0100|Austin|78701|Ana Ruiz/);
  });

  it('keeps the first sign-up of an unconfirmed address, as GoTrue does; confirming clears every password given before, so only the owner gets in', async () => {
    const email = newEmail();
    // Someone else signs up first with the owner's address…
    await client().auth.signUp({ email, password: 'attacker pass 1', options: { data: { ...profile, name: 'Mallory', company: 'Evil Corp' } } });
    const first = (await rows('clients')).find((r) => r.email === email)!;
    inbox.messages.length = 0;
    // …then the owner: the same account, its confirmation sent again, and an answer that shows nothing of the first.
    const second = await client().auth.signUp({ email, password: 'owner password 1', options: { data: profile } });
    expect(second.error).toBeNull();
    expect(second.data.user!.user_metadata).toMatchObject({ name: 'Ana Ruiz' });
    expect((await rows('clients')).filter((r) => r.email === email)).toEqual([first]);
    const fragment = await follow(linkFor(email, AUTH_SUBJECTS.signup));
    // Neither password works after the confirmation; the owner, signed in by the link, chooses one.
    for (const password of ['attacker pass 1', 'owner password 1']) {
      expect((await client().auth.signInWithPassword({ email, password })).error).toMatchObject({ code: 'invalid_credentials' });
    }
    await choosePassword(fragment, 'owner chosen 9');
    expect((await client().auth.signInWithPassword({ email, password: 'owner chosen 9' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'attacker pass 1' })).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('invites with the service role only: a user with no password, whose link signs them in to choose one', async () => {
    const email = newEmail();
    const refused = await fetch(`${api}/auth/v1/invite`, { method: 'POST', headers: { apikey: anon, Authorization: `Bearer ${anon}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) });
    expect(refused.status).toBe(403);
    const admin = createClient(api, serviceRole, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } }).auth.admin;
    const { data, error } = await admin.inviteUserByEmail(email);
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect((await client().auth.signInWithPassword({ email, password: '' })).error).toBeTruthy();
    const fragment = await follow(linkFor(email, AUTH_SUBJECTS.invite));
    expect(fragment.get('type')).toBe('invite');
    await choosePassword(fragment, 'invited chosen 9');
    expect((await client().auth.signInWithPassword({ email, password: 'invited chosen 9' })).error).toBeNull();
    expect((await admin.inviteUserByEmail(email)).error).toMatchObject({ code: 'email_exists', status: 422 });
  });

  it('wants the project key on every auth call except the emailed link, as hosted Supabase does', async () => {
    const missing = await fetch(`${api}/auth/v1/token?grant_type=password`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' });
    const wrong = await fetch(`${api}/auth/v1/user`, { headers: { apikey: 'not-a-key' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' });
    const link = await fetch(`${api}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent(SITE)}`, { redirect: 'manual' });
    expect(link.status).toBe(303);
  });

  it('exposes the API version header to browsers, so error codes reach the site', async () => {
    const response = await fetch(`${api}/auth/v1/token?grant_type=password`, { method: 'POST', headers: { Origin: SITE, apikey: anon, 'Content-Type': 'application/json' }, body: '{"email":"a@b.co","password":"nope nope"}' });
    expect(response.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});

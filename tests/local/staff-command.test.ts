/**
 * `npm run staff:add EMAIL` / `staff:remove`: sets app_metadata.staff through the admin API, against the
 * running local backend or, when none runs, its data folder; the access token then carries it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../supabase/local/free-port';
import { localKeys } from '../../supabase/local/keys';
import { startLocalStack, type LocalStack } from '../../supabase/local/stack';
import { AUTH_SUBJECTS, choosePassword as chooseFromLink, followLink } from '../support/email-links';

const root = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

describe('npm run staff:add / staff:remove', () => {
  let dataDir: string;
  let stack: LocalStack | null = null;
  const email = 'lena@consultancy.example';

  /** The command as a person runs it, pointed at this test's backend. */
  const staff = (action: 'add' | 'remove', who: string, apiPort: number) =>
    run(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'staff.ts'), action, who], {
      cwd: root,
      env: { ...process.env, SUPABASE_API_PORT: String(apiPort), SUPABASE_LOCAL_DIR: relative(root, dataDir), SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '', DATABASE_URL: '' },
    }).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout + error.stderr }),
    );
  const portOf = (s: LocalStack) => Number(new URL(s.apiUrl).port);
  const client = (s: LocalStack, key: string) => createClient(s.apiUrl, key, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } });

  // The data folder is the subject here, so the stack uses PGlite even where DATABASE_URL names a server.
  const serverUrl = process.env.DATABASE_URL;
  beforeAll(async () => {
    delete process.env.DATABASE_URL;
    mkdirSync(join(root, 'test-results', 'scratch'), { recursive: true });
    dataDir = mkdtempSync(join(root, 'test-results', 'scratch', 'staff-'));
    stack = await startLocalStack(dataDir, { api: 0, inboxHttp: 0, inboxSmtp: 0 });
    const { error } = await client(stack, stack.anonKey).auth.signUp({ email, password: 'correct horse 1' });
    expect(error).toBeNull();
    // Confirmed from the inbox, as a person would.
    const { messages } = (await (await fetch(`${stack.inboxUrl}/api/v1/messages`)).json()) as { messages: { text: string }[] };
    const link = messages[0]!.text.match(/https?:\/\/\S+/)![0];
    await choosePassword(link, 'correct horse 1');
  }, 60_000);

  /** Follows an emailed link, as a person would, and chooses the password the site then asks for. */
  const choosePassword = async (link: string, password: string) => chooseFromLink(stack!.apiUrl, stack!.anonKey, await followLink(link), password);

  async function inboxLink(to: string, subject: string): Promise<string> {
    const { messages } = (await (await fetch(`${stack!.inboxUrl}/api/v1/messages`)).json()) as { messages: { to: string[]; subject: string; text: string }[] };
    return messages.find((m) => m.to.includes(to) && m.subject === subject)!.text.match(/https?:\/\/\S+/)![0];
  }
  afterAll(async () => {
    await stack?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) process.env.DATABASE_URL = serverUrl;
  });

  it('makes an account staff on the running backend; the next sign-in carries app_metadata.staff', async () => {
    expect(await staff('add', 'Lena@Consultancy.example', portOf(stack!))).toEqual({ code: 0, out: `${email} is now staff on the local backend (npm start). They sign in again to open /staff.\n` });
    const { data } = await client(stack!, stack!.anonKey).auth.signInWithPassword({ email, password: 'correct horse 1' });
    expect(decodeJwt(data.session!.access_token).app_metadata).toMatchObject({ provider: 'email', staff: true });
  });

  it('refuses an address whose sign-up is not confirmed: whoever signed it up may not own it', async () => {
    const pending = 'pending@consultancy.example';
    await client(stack!, stack!.anonKey).auth.signUp({ email: pending, password: 'someone else 1' });
    expect(await staff('add', pending, portOf(stack!))).toEqual({
      code: 1,
      out: `${pending} has signed up on the local backend (npm start) but not confirmed the address, so nobody has proved it is theirs. Ask them to follow the link in their confirmation email (it asks them to choose a password), then run this again.\n`,
    });
  });

  it('invites an address with no account: its link signs the owner in on /staff to choose a password, and they are staff', async () => {
    const invited = 'new.staffer@consultancy.example';
    const { code, out } = await staff('add', invited, portOf(stack!));
    expect([code, out]).toEqual([0, `${invited} had no account on the local backend (npm start): they are invited as staff. The link in the invitation email signs them in and asks them to choose a password; then /staff opens for them.\n`]);
    // The link signs them in on /staff, where the site asks for their password.
    const landing = await fetch(await inboxLink(invited, AUTH_SUBJECTS.invite), { redirect: 'manual' });
    const location = new URL(landing.headers.get('location')!);
    expect(location.pathname).toBe('/staff');
    await chooseFromLink(stack!.apiUrl, stack!.anonKey, new URLSearchParams(location.hash.slice(1)), 'staffer chosen 9');
    const { data } = await client(stack!, stack!.anonKey).auth.signInWithPassword({ email: invited, password: 'staffer chosen 9' });
    expect(decodeJwt(data.session!.access_token).app_metadata).toMatchObject({ staff: true });
  });

  it('works on the data folder when no backend runs, and removes the role again', async () => {
    await stack!.close();
    stack = null;
    const { code, out } = await staff('remove', email, await freePort());
    expect([code, out]).toEqual([0, `${email} is no longer staff on the local database in ${dataDir} (from their next sign-in or token refresh).\n`]);
    stack = await startLocalStack(dataDir, { api: 0, inboxHttp: 0, inboxSmtp: 0 });
    const { data } = await client(stack, stack.anonKey).auth.signInWithPassword({ email, password: 'correct horse 1' });
    expect(decodeJwt(data.session!.access_token).app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  }, 60_000);

  it('refuses the admin API to anyone but the service role', async () => {
    const { error } = await client(stack!, stack!.anonKey).auth.admin.listUsers();
    expect(error).toMatchObject({ status: 403, code: 'not_admin' });
    const { data } = await client(stack!, (await localKeys()).serviceRole).auth.admin.listUsers();
    expect(data.users.map((u) => u.email)).toContain(email);
  });
});

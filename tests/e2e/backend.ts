/**
 * The local backend the end-to-end tests run against: `npm start`'s real stack, on its own ports and in
 * a fresh data folder under test-results/, so a running `npm start` is left alone.
 */
import { changeStaff } from '../../scripts/lib/staff-role';
import { localKeys } from '../../supabase/local/keys';
import { AUTH_SUBJECTS, choosePassword, followLink } from '../support/email-links';
import { send, withKey } from '../support/raw-http';

export const E2E_BACKEND = { apiPort: 54331, inboxHttpPort: 54334, inboxSmtpPort: 54335, dataDir: 'test-results/e2e-backend', distDir: 'test-results/e2e-dist' };
export const apiUrl = `http://localhost:${E2E_BACKEND.apiPort}`;
export const inboxUrl = `http://localhost:${E2E_BACKEND.inboxHttpPort}`;
const inboxApi = `${inboxUrl}/api/v1`;

export interface Mail {
  to: string[];
  replyTo: string | null;
  subject: string;
  html: string | null;
  text: string | null;
}

/** Staff's view of a table (the service role), to check what a visitor's submission really saved. */
export async function rows<T = Record<string, unknown>>(table: string, filter = ''): Promise<T[]> {
  const { serviceRole } = await localKeys();
  const response = await fetch(`${apiUrl}/rest/v1/${table}?select=*${filter ? `&${filter}` : ''}`, { headers: { apikey: serviceRole, Authorization: `Bearer ${serviceRole}` } });
  if (!response.ok) throw new Error(`reading ${table}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T[];
}

/** Inserts rows as staff would (the service role), e.g. earlier submissions or testimonials. */
export async function insertRows(table: string, values: Record<string, unknown>[]) {
  const { serviceRole } = await localKeys();
  const response = await fetch(`${apiUrl}/rest/v1/${table}`, {
    method: 'POST',
    headers: { apikey: serviceRole, Authorization: `Bearer ${serviceRole}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(values),
  });
  if (response.status !== 201) throw new Error(`inserting into ${table}: ${response.status} ${await response.text()}`);
}

/** Every message in the local inbox, newest first. */
export async function mail(): Promise<Mail[]> {
  return ((await (await fetch(`${inboxApi}/messages`)).json()) as { messages: Mail[] }).messages;
}

/** Makes the inbox refuse (or accept again) every recipient, so a notification really fails. */
export async function inboxRefusesMail(refuse: boolean) {
  const response = await fetch(`${inboxApi}/chaos`, { method: 'PUT', body: JSON.stringify({ Recipient: { ErrorCode: 451, Probability: refuse ? 100 : 0 } }) });
  if (!response.ok) throw new Error(`inbox chaos: ${response.status}`);
}

/** The first link in the newest email to `to` with this subject. */
export async function linkInEmail(to: string, subject: string): Promise<string> {
  const message = (await mail()).find((m) => m.to.includes(to) && m.subject === subject);
  if (!message?.text) throw new Error(`no "${subject}" email to ${to}`);
  return message.text.match(/https?:\/\/\S+/)![0];
}

/**
 * A sign-up through the auth API from an address of its own on this machine (127.x.y.z), as a different
 * visitor's would come: the auth service caps the emails one client address may cause in an hour, and the
 * accounts the tests make stand for different people (the site's own sign-ups in the browser come from 127.0.0.1).
 */
export async function signUpAs(email: string, password: string, name = 'Ana Ruiz') {
  const { anon } = await localKeys();
  const from = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const data = { name, company: 'Casa Verde', title: 'Director', phone: '555-0100', city: 'Austin', state: 'TX', zip: '78701' };
  return send(apiUrl, 'POST', '/auth/v1/signup', { headers: withKey(anon), body: JSON.stringify({ email, password, data }), from });
}

/** An account whose email is confirmed and whose owner has chosen a password, made through the API as the site would. */
export async function confirmedAccount(label: string) {
  const email = `${label}-${Date.now().toString(36)}@example.org`;
  const password = 'correct horse 1';
  const response = await signUpAs(email, password);
  if (response.status !== 200) throw new Error(`sign-up: ${response.status} ${response.body}`);
  await choosePassword(apiUrl, (await localKeys()).anon, await followLink(await linkInEmail(email, AUTH_SUBJECTS.signup)), password);
  return { email, password };
}

/**
 * Makes an account staff with what `npm run staff:add` runs (tests/local/staff-command.test.ts runs the
 * command itself), in this process: a command of its own cost each journey some 3 s of CPU to start.
 */
export async function makeStaff(email: string) {
  const { ok, message } = await changeStaff('add', email, { url: apiUrl, key: (await localKeys()).serviceRole, where: 'the end-to-end backend' });
  if (!ok) throw new Error(message);
}

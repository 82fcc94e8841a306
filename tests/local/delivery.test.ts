/**
 * The delivery guarantee on the whole local stack, as a visitor and staff live it: leads saved while
 * mail is down reach the inbox by themselves once it is back (the stack's sweep, the local twin of the
 * hosted cron job), each exactly once, and visitors can neither read nor write the delivery state.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startLocalStack, type LocalStack } from '../../supabase/local/stack';
import { localKeys } from '../../supabase/local/keys';
import { mineStamp } from '../../form-model/stamp';
import forms from '../../schemas/forms.json';

const scratch = join(import.meta.dirname, '..', '..', 'test-results', 'scratch');
let stack: LocalStack;
const inboxApi = () => `${stack.inboxUrl}/api/v1`;
const messages = async () => ((await (await fetch(`${inboxApi()}/messages`)).json()) as { messages: { subject: string; to: string[] }[] }).messages;
const copySubject = forms.contact.notification.copyToSender.subject;
/** The local stack's team address (NOTIFY_TO), where staff's emails go. */
const TEAM = 'team@localhost';
/** The inbox refusing every recipient (or none) with an SMTP code: 451 a temporary refusal, 550 one for good. */
const chaos = (Probability: number, ErrorCode = 451) => fetch(`${inboxApi()}/chaos`, { method: 'PUT', body: JSON.stringify({ Recipient: { ErrorCode, Probability } }) });
const anon = () => ({ apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json' });

beforeAll(async () => {
  vi.stubEnv('DATABASE_URL', '');
  mkdirSync(scratch, { recursive: true });
  // The hosted schedule is every 30 s; a second here keeps the test short, the path is the same.
  stack = await startLocalStack(mkdtempSync(join(scratch, 'stack-')), { api: 0, inboxHttp: 0, inboxSmtp: 0, sweepEverySeconds: 1 });
}, 120_000);
afterAll(async () => {
  await stack?.close();
  vi.unstubAllEnvs();
});

it('delivers every lead saved while mail was down, once, with nobody pressing Send again', async () => {
  expect((await chaos(100)).status).toBe(200);
  const ids: string[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const id = mineStamp('contact_submissions');
      ids.push(id);
      const saved = await fetch(`${stack.apiUrl}/rest/v1/contact_submissions`, {
        method: 'POST',
        headers: anon(),
        body: JSON.stringify({ id, name: `Outage ${i}`, email: `outage${i}@example.org`, subject: 'Other', message: 'Sent while mail was down.' }),
      });
      expect(saved.status).toBe(201);
      const notified = await fetch(`${stack.apiUrl}/functions/v1/send-form-notification`, { method: 'POST', headers: anon(), body: JSON.stringify({ payload: { id }, formType: 'Contact Inquiry' }) });
      expect(notified.status).toBe(502);
    }
  } finally {
    await chaos(0);
  }
  // Staff's email and the sender's copy of each (schemas/forms.json's copyToSender).
  const sent = Array.from({ length: 5 }, (_, i) => [`Contact Inquiry: Outage ${i} -> staff`, `${copySubject} -> outage${i}@example.org`]).flat().sort();
  const delivered = async () => (await messages()).map((m) => `${m.subject} -> ${m.to.join() === TEAM ? 'staff' : m.to.join()}`).sort();
  await expect.poll(delivered, { timeout: 30_000, interval: 500 }).toEqual(sent);
  // Later sweeps find nothing due: still one email each.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect((await messages()).length).toBe(10);
}, 90_000);

it('stops trying an address the mail server refuses for good, and still gets the lead to staff once mail takes it', async () => {
  const id = mineStamp('contact_submissions');
  const sender = 'no-such-mailbox@example.org';
  expect((await chaos(100, 550)).status).toBe(200);
  try {
    const saved = await fetch(`${stack.apiUrl}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: anon(),
      body: JSON.stringify({ id, name: 'Refused Once', email: sender, subject: 'Other', message: 'My mailbox does not exist.' }),
    });
    expect(saved.status).toBe(201);
    const notified = await fetch(`${stack.apiUrl}/functions/v1/send-form-notification`, { method: 'POST', headers: anon(), body: JSON.stringify({ payload: { id }, formType: 'Contact Inquiry' }) });
    expect(notified.status).toBe(502);
  } finally {
    await chaos(0);
  }
  const { serviceRole } = await localKeys();
  const states = async () => {
    const response = await fetch(`${stack.apiUrl}/rest/v1/form_notifications?select=recipient,state&submission_id=eq.${id}&order=recipient`, { headers: { apikey: serviceRole, Authorization: `Bearer ${serviceRole}` } });
    return (await response.json()) as { recipient: string; state: string }[];
  };
  // The team's address refused too, but a lead must reach staff: tried again by the sweep and sent. The
  // sender's copy is not tried again: refused, with nothing due.
  await expect.poll(states, { timeout: 30_000, interval: 500 }).toEqual([
    { recipient: 'sender', state: 'refused' },
    { recipient: 'staff', state: 'sent' },
  ]);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const mails = (await messages()).filter((m) => m.subject === 'Contact Inquiry: Refused Once' || m.to.includes(sender));
  expect(mails.map((m) => m.to.join())).toEqual([TEAM]);
  expect(await states()).toEqual([
    { recipient: 'sender', state: 'refused' },
    { recipient: 'staff', state: 'sent' },
  ]);
}, 90_000);

it('stops trying a staff reply to an address the mail server refuses for good, and says so', async () => {
  const id = mineStamp('contact_submissions');
  const sender = 'gone-mailbox@example.org';
  const saved = await fetch(`${stack.apiUrl}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: anon(),
    body: JSON.stringify({ id, name: 'Gone Mailbox', email: sender, subject: 'Other', message: 'Please write back.' }),
  });
  expect(saved.status).toBe(201);
  const { serviceRole } = await localKeys();
  const service = { apikey: serviceRole, Authorization: `Bearer ${serviceRole}`, 'Content-Type': 'application/json' };
  // A reply as staff_send_reply leaves it, due now for the sweep (the page's own call is not made here).
  const reply = crypto.randomUUID();
  expect((await chaos(100, 550)).status).toBe(200);
  try {
    const queued = await fetch(`${stack.apiUrl}/rest/v1/staff_replies`, {
      method: 'POST',
      headers: service,
      body: JSON.stringify({ id: reply, submission_id: id, staff_name: 'Lena', subject: 'Re: your message', body: 'Thank you.', next_attempt_at: new Date().toISOString() }),
    });
    expect(queued.status).toBe(201);
    const state = async () => ((await (await fetch(`${stack.apiUrl}/rest/v1/staff_replies?select=state&id=eq.${reply}`, { headers: service })).json()) as { state: string }[])[0]?.state;
    await expect.poll(state, { timeout: 30_000, interval: 500 }).toBe('refused');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await state()).toBe('refused');
  } finally {
    await chaos(0);
  }
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect((await messages()).filter((m) => m.to.includes(sender) && m.subject === 'Re: your message')).toEqual([]);
}, 90_000);

it('keeps the delivery state from visitors: no read, no write, no server-owned column on insert', async () => {
  const read = await fetch(`${stack.apiUrl}/rest/v1/form_notifications?select=*`, { headers: anon() });
  expect(read.status).toBe(401);
  const write = await fetch(`${stack.apiUrl}/rest/v1/form_notifications`, { method: 'POST', headers: anon(), body: JSON.stringify({ submission_id: crypto.randomUUID(), form_table: 'contact_submissions', state: 'sent' }) });
  expect(write.status).toBe(401);
  const backdated = await fetch(`${stack.apiUrl}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: anon(),
    body: JSON.stringify({ name: 'Time Traveller', email: 'future@example.org', subject: 'Other', message: 'Dated 9999.', created_at: '9999-01-01T00:00:00Z' }),
  });
  expect(backdated.status).toBe(401);
  const bulk = await fetch(`${stack.apiUrl}/rest/v1/contact_submissions`, {
    method: 'POST',
    headers: anon(),
    body: JSON.stringify(Array.from({ length: 3 }, (_, i) => ({ id: mineStamp('contact_submissions'), name: `Bulk ${i}`, email: `bulk${i}@example.org`, subject: 'Other', message: 'Many at once.' }))),
  });
  expect(bulk.status).toBe(400);
  expect(await bulk.json()).toMatchObject({ message: 'Send one submission per request.' });
  const empty = await fetch(`${stack.apiUrl}/rest/v1/contact_submissions`, { method: 'POST', headers: anon(), body: '{}' });
  expect(empty.status).toBe(400);
  expect(JSON.stringify(await empty.json())).not.toMatch(/syntax error/);
});

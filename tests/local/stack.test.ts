import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startInbox, type Inbox } from '../../supabase/local/inbox';
import { startApiWithFunctions, type ApiWithFunctions } from '../support/api-with-functions';

let inbox: Inbox;
let stack: ApiWithFunctions;

const contact = { name: 'Ana Ruiz', email: 'ana@casaverde.org', subject: 'Feedback', message: 'Loved the workshop.' };

beforeAll(async () => {
  inbox = await startInbox({ smtpPort: 0, httpPort: 0 });
  stack = await startApiWithFunctions({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(inbox.smtpPort), NOTIFY_TO: 'team@localhost', EMAIL_FROM: 'Website <notifications@localhost>' });
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await inbox?.close();
});

// The same client the site uses. Node 20 has no WebSocket of its own, so realtime gets `ws`.
const client = () => createClient(stack.api, stack.anon, { realtime: { transport: WebSocket as never }, auth: { persistSession: false } });

/** Saves a contact inquiry as the site does, with an id made here, and returns the function call for it. */
async function saved(answers = contact) {
  const id = crypto.randomUUID();
  const { error } = await client().from('contact_submissions').insert({ id, ...answers });
  expect(error).toBeNull();
  return { body: { payload: { id, ...answers }, formType: 'Contact Inquiry' } };
}

describe('the local stack: gateway, functions on Deno, mail inbox', () => {
  it('runs send-form-notification behind /functions/v1 and delivers to the inbox', async () => {
    const { data, error } = await client().functions.invoke('send-form-notification', await saved());
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true });
    const listed = await (await fetch(`http://127.0.0.1:${inbox.httpPort}/api/v1/messages`)).json();
    // Staff's email, and the sender's copy (schemas/forms.json's copyToSender).
    expect(listed.total).toBe(2);
    const toStaff = listed.messages.find((m: { to: string[] }) => m.to.includes('team@localhost'));
    expect(toStaff).toMatchObject({ replyTo: 'ana@casaverde.org', subject: 'Contact Inquiry: Ana Ruiz' });
    expect(listed.messages.find((m: { to: string[] }) => m.to.includes('ana@casaverde.org'))).toMatchObject({ replyTo: 'team@localhost' });
    const page = await (await fetch(`http://127.0.0.1:${inbox.httpPort}/`)).text();
    expect(page).toContain('Contact Inquiry: Ana Ruiz');
    const message = await (await fetch(`http://127.0.0.1:${inbox.httpPort}/messages/${toStaff.id}`)).text();
    expect(message).toContain('<iframe sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(message).toContain('&lt;base target=&quot;_blank&quot;&gt;');
  });

  it('delivers nothing while the inbox refuses mail (chaos), so the function answers 502, then delivers again', async () => {
    const inboxApi = `http://127.0.0.1:${inbox.httpPort}/api/v1`;
    const chaos = (Probability: number) => fetch(`${inboxApi}/chaos`, { method: 'PUT', body: JSON.stringify({ Recipient: { ErrorCode: 451, Probability } }) });
    await fetch(`${inboxApi}/messages`, { method: 'DELETE' });
    expect((await chaos(100)).status).toBe(200);
    try {
      const refused = await client().functions.invoke('send-form-notification', await saved({ ...contact, email: 'second@casaverde.org' }));
      expect(refused.error).toBeInstanceOf(FunctionsHttpError);
      expect((refused.error as FunctionsHttpError).context.status).toBe(502);
      expect((await (await fetch(`${inboxApi}/messages`)).json()).total).toBe(0);
    } finally {
      await chaos(0);
    }
    expect((await client().functions.invoke('send-form-notification', await saved({ ...contact, email: 'third@casaverde.org' }))).error).toBeNull();
    expect((await (await fetch(`${inboxApi}/messages`)).json()).total).toBe(2);
    expect((await fetch(`${inboxApi}/chaos`, { method: 'PUT', body: '{"Recipient": {"ErrorCode": 200}}' })).status).toBe(400);
  });

  it('passes a function error through, so the client reports FunctionsHttpError with the JSON body', async () => {
    const { data, error } = await client().functions.invoke('send-form-notification', { body: { payload: {}, formType: 'Contact Inquiry' } });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((await (error as FunctionsHttpError).context.json()).error).toMatch(/payload.id must be the id/);
  });

  it('answers CORS preflights for the site on another port', async () => {
    const preflight = await fetch(`${stack.api}/functions/v1/send-form-notification`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-client-info');
  });

  it('says clearly what it does not serve', async () => {
    const missing = await fetch(`${stack.api}/functions/v1/no-such-function`, { method: 'POST' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toMatch(/No function named no-such-function/);
    const auth = await fetch(`${stack.api}/auth/v1/factors`, { headers: { apikey: stack.anon } });
    expect(auth.status).toBe(404);
    expect((await auth.json()).msg).toBe('The local auth API does not serve GET /auth/v1/factors.');
  });

  it('answers 503 with a JSON error while a function is down, and starts a function that died again', async () => {
    const running = stack.functions.functions.get('send-form-notification')!;
    await new Promise<void>((resolve) => {
      running.process.once('exit', () => resolve());
      running.process.kill('SIGKILL');
    });
    const call = await saved({ ...contact, email: 'fourth@casaverde.org' });
    const { error } = await client().functions.invoke('send-form-notification', call);
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(503);
    await expect.poll(async () => (await client().functions.invoke('send-form-notification', call)).error, { timeout: 20_000, interval: 250 }).toBeNull();
    expect(stack.functions.functions.get('send-form-notification')!.process.pid).not.toBe(running.process.pid);
  }, 30_000);
});

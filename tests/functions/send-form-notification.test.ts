import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import assessmentSchema from '../../schemas/assessment.schema.json';
import contactSchema from '../../schemas/contact.schema.json';
import { optionLabel, sampleAnswers } from '../support/sample-answers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

interface Received {
  to: string[];
  replyTo: string | undefined;
  subject: string;
  html: string;
  text: string;
}

let inbox: Received[] = [];
let smtp: SMTPServer;
let fn: ChildProcess;
let url: string;

/** A real SMTP server, as the local inbox and any mail host are: the function talks SMTP to it. */
async function startSmtp(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const mail = await PostalMime.parse(Buffer.concat(chunks));
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          replyTo: mail.replyTo?.[0]?.address,
          subject: mail.subject ?? '',
          html: mail.html ?? '',
          text: mail.text ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return (smtp.server.address() as AddressInfo).port;
}

/** The function on the real Deno runtime from npm, with the project's node_modules and no network. */
async function startFunction(smtpPort: number, extraEnv: Record<string, string> = {}): Promise<{ url: string; process: ChildProcess }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const denoDir = join(root, 'test-results', 'scratch', 'deno');
  mkdirSync(denoDir, { recursive: true });
  const child = spawn(
    join(root, 'node_modules', '.bin', 'deno'),
    ['run', '--node-modules-dir=manual', '--cached-only', '--allow-net', '--allow-env', '--allow-read', 'supabase/functions/send-form-notification/index.ts'],
    {
      cwd: root,
      env: { ...process.env, DENO_DIR: denoDir, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), NOTIFY_TO: 'staff@keystoneimpact.org', EMAIL_FROM: 'Website <notifications@keystoneimpact.org>', NO_COLOR: '1', ...extraEnv },
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Deno did not start:\n${output}`)), 30_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    child.on('exit', (code) => reject(new Error(`Deno exited with ${code}:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, process: child };
}

const post = (body: unknown, init: RequestInit = {}) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body), ...init });

// Answers read from the schemas, so an editor's change to a question does not break these tests.
const contact = sampleAnswers(contactSchema, { name: 'Ana Ruiz', email: 'ana@casaverde.org', message: 'Could we talk about\na partnership?' });
const assessment = sampleAnswers(assessmentSchema, { organization_name: 'Casa Verde', contact_email: 'ana@casaverde.org', team_size: 12 });
const title = (schema: typeof contactSchema | typeof assessmentSchema, field: string) => (schema.properties as Record<string, { title: string }>)[field]!.title;

beforeAll(async () => {
  ({ url, process: fn } = await startFunction(await startSmtp()));
}, 60_000);
afterAll(() => {
  fn?.kill();
  smtp?.close();
});
beforeEach(() => {
  inbox = [];
});

describe('send-form-notification', () => {
  it('answers the CORS preflight and puts CORS headers on errors too', async () => {
    const preflight = await fetch(url, { method: 'OPTIONS' });
    expect(preflight.status).toBe(200);
    expect(await preflight.text()).toBe('ok');
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const wrong = await fetch(url);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('emails staff one message per contact inquiry, with titles, labels, reply-to and a text part', async () => {
    const response = await post({ payload: contact, formType: 'Contact Inquiry' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(inbox).toHaveLength(1);
    const [mail] = inbox;
    expect(mail!.to).toEqual(['staff@keystoneimpact.org']);
    expect(mail!.replyTo).toBe('ana@casaverde.org');
    expect(mail!.subject).toBe('Contact Inquiry: Ana Ruiz');
    expect(mail!.html).toContain(`<th align="left" valign="top" style="border-bottom: 1px solid #dee2e6;">${title(contactSchema, 'name')}</th>`);
    expect(mail!.html).toContain('Could we talk about<br>a partnership?');
    expect(mail!.text).toContain(`${title(contactSchema, 'subject')}:\n${optionLabel(contactSchema, 'subject', contact.subject)}`);
    expect(mail!.text.indexOf(title(contactSchema, 'name'))).toBeLessThan(mail!.text.indexOf(title(contactSchema, 'email')));
  });

  it('shows option labels instead of stored codes in an assessment', async () => {
    expect((await post({ payload: assessment, formType: 'Needs Assessment Submission' })).status).toBe(200);
    const [mail] = inbox;
    expect(mail!.subject).toBe('Needs Assessment Submission: Casa Verde');
    const choices = Object.entries(assessmentSchema.properties).filter(([, field]) => 'oneOf' in field).map(([name]) => name);
    expect(choices.length).toBeGreaterThan(3);
    for (const field of choices) {
      const label = optionLabel(assessmentSchema, field, assessment[field]);
      expect(mail!.text).toContain(`${title(assessmentSchema, field)}:\n${label}`);
      if (label !== assessment[field]) expect(mail!.text).not.toContain(`\n${String(assessment[field])}\n`);
    }
    expect(mail!.text).toContain(`${title(assessmentSchema, 'team_size')}:\n12`);
    expect(mail!.replyTo).toBe('ana@casaverde.org');
  });

  it('escapes HTML and script in every free-text field', async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"';
    const response = await post({ payload: { ...contact, name: hostile, message: hostile, email: '<b>ana</b>@casaverde.org' }, formType: 'Contact Inquiry' });
    expect(response.status).toBe(200);
    const [mail] = inbox;
    expect(mail!.html).not.toMatch(/<script|<img|<b>ana/);
    expect(mail!.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(mail!.subject).not.toMatch(/[\r\n]/);
  });

  it.each([
    ['an unknown formType', { payload: contact, formType: 'Newsletter' }, 400, /formType must be one of: Contact Inquiry, Needs Assessment Submission/],
    ['no payload', { formType: 'Contact Inquiry' }, 400, /payload must be an object/],
    ['a missing required field', { payload: { ...contact, email: undefined }, formType: 'Contact Inquiry' }, 400, /not valid: email \(required\)/],
    ['a blank required field', { payload: { ...contact, name: '   ' }, formType: 'Contact Inquiry' }, 400, /not valid: name \(required\)/],
    ['a subject outside the list', { payload: { ...contact, subject: 'Spam' }, formType: 'Contact Inquiry' }, 400, /not valid: subject/],
    ['an extra field', { payload: { ...contact, is_admin: true }, formType: 'Contact Inquiry' }, 400, /not valid: is_admin \(additionalProperties\)/],
    ['a field over its length limit', { payload: { ...contact, message: 'x'.repeat(5001) }, formType: 'Contact Inquiry' }, 400, /not valid: message \(maxLength\)/],
    ['a wrong type', { payload: { ...assessment, team_size: 'many' }, formType: 'Needs Assessment Submission' }, 400, /not valid: team_size \(type\)/],
    ['a 1 MB string', { payload: { ...contact, message: 'x'.repeat(1024 * 1024) }, formType: 'Contact Inquiry' }, 413, /too large/],
  ])('refuses %s with a clear JSON error and sends nothing', async (_, body, status, error) => {
    const response = await post(body);
    expect(response.status).toBe(status);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect((await response.json()).error).toMatch(error);
    expect(inbox).toEqual([]);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await post('{"payload": ');
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/must be JSON/);
  });

  it('answers 502 with a JSON error when the mail server is down', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const response = await post({ payload: contact, formType: 'Contact Inquiry' });
    expect(response.status).toBe(502);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect((await response.json()).error).toMatch(/could not be delivered/);
  }, 30_000);
});

describe('send-form-notification with Resend (how hosted Supabase sends mail)', () => {
  it('posts the email to the Resend API with the key, and answers 502 when Resend refuses', async () => {
    const requests: { auth: string | undefined; body: Record<string, unknown> }[] = [];
    let answer = 200;
    const resend = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(answer, { 'Content-Type': 'application/json' }).end(answer === 200 ? '{"id":"email_1"}' : '{"message":"domain not verified"}');
      });
    });
    await new Promise<void>((resolve) => resend.listen(0, '127.0.0.1', resolve));
    const api = `http://127.0.0.1:${(resend.address() as AddressInfo).port}/emails`;
    const started = await startFunction(1, { RESEND_API_KEY: 're_test_key', RESEND_API_URL: api });
    try {
      const ok = await fetch(started.url, { method: 'POST', body: JSON.stringify({ payload: contact, formType: 'Contact Inquiry' }) });
      expect(ok.status).toBe(200);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.auth).toBe('Bearer re_test_key');
      expect(requests[0]!.body).toMatchObject({
        from: 'Website <notifications@keystoneimpact.org>',
        to: ['staff@keystoneimpact.org'],
        reply_to: 'ana@casaverde.org',
        subject: 'Contact Inquiry: Ana Ruiz',
      });
      expect(String(requests[0]!.body.html)).toContain(optionLabel(contactSchema, 'subject', contact.subject));
      expect(String(requests[0]!.body.text)).toContain(`${title(contactSchema, 'name')}:\nAna Ruiz`);
      answer = 403;
      const refused = await fetch(started.url, { method: 'POST', body: JSON.stringify({ payload: contact, formType: 'Contact Inquiry' }) });
      expect(refused.status).toBe(502);
    } finally {
      started.process.kill();
      resend.close();
    }
  }, 60_000);
});

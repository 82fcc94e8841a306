import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import assessmentSchema from '../../schemas/assessment.schema.json';
import contactSchema from '../../schemas/contact.schema.json';
import forms from '../../schemas/forms.json';
import { optionLabel, sampleAnswers } from '../support/sample-answers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiWithFunctions, type ApiWithFunctions } from '../support/api-with-functions';
import { todayIn, zoneAt } from '../support/time-zones';
import { committedAs, staffSession } from '../db/database';

interface Received {
  to: string[];
  replyTo: string | undefined;
  fromName: string | undefined;
  fromAddress: string | undefined;
  subject: string;
  html: string;
  text: string;
  listUnsubscribe: string | undefined;
}

let inbox: Received[] = [];
let smtp: SMTPServer;
let stack: ApiWithFunctions;
let smtpPort: number;

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
          fromName: mail.from?.name,
          fromAddress: mail.from?.address,
          subject: mail.subject ?? '',
          html: mail.html ?? '',
          text: mail.text ?? '',
          listUnsubscribe: mail.headers.find((header) => header.key === 'list-unsubscribe')?.value,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort ?? 0, '127.0.0.1', resolve));
  return (smtp.server.address() as AddressInfo).port;
}

// Answers read from the schemas, so an editor's change to a question does not break these tests.
const contact = sampleAnswers(contactSchema, { name: 'Ana Ruiz', email: 'ana@casaverde.org', message: 'Could we talk about\na partnership?' });
const assessment = sampleAnswers(assessmentSchema, { organization_name: 'Casa Verde', contact_email: 'ana@casaverde.org', team_size: 12 });
const title = (schema: typeof contactSchema | typeof assessmentSchema, field: string) => (schema.properties as Record<string, { title: string }>)[field]!.title;
const contactCall = (id: string, payload: Record<string, unknown> = contact) => ({ payload: { id, ...payload }, formType: 'Contact Inquiry' });
const sweep = () => stack.invoke({ sweep: true }, stack.serviceRole);
const TEAM = 'staff@keystoneimpact.org';
/** The emails to staff, and the copies senders got, apart. */
const toStaff = () => inbox.filter((m) => m.to.includes(TEAM));
const copies = () => inbox.filter((m) => !m.to.includes(TEAM));
/** What the backoff after a failed attempt would do a few seconds later. */
const makeDue = () => stack.db.query(`update public.form_notifications set next_attempt_at = now() where state <> 'sent'`);

beforeAll(async () => {
  smtpPort = await startSmtp();
  stack = await startApiWithFunctions({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort) });
}, 60_000);
afterAll(async () => {
  await stack?.close();
  smtp?.close();
});
beforeEach(() => {
  inbox = [];
});

describe('send-form-notification', () => {
  it('answers the CORS preflight and puts CORS headers on errors too', async () => {
    const url = `${stack.api}/functions/v1/send-form-notification`;
    const preflight = await fetch(url, { method: 'OPTIONS' });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const wrong = await fetch(url, { headers: { Authorization: `Bearer ${stack.anon}` } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('emails staff the saved contact inquiry once, with titles, labels, reply-to and a text part', async () => {
    const id = await stack.save('contact_submissions', contact);
    const response = await stack.invoke(contactCall(id));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(toStaff()).toHaveLength(1);
    const [mail] = toStaff();
    expect(mail!.to).toEqual(['staff@keystoneimpact.org']);
    expect(mail!.replyTo).toBe('ana@casaverde.org');
    expect(mail!.subject).toBe('Contact Inquiry: Ana Ruiz');
    expect(mail!.html).toContain(`<th align="left" valign="top" style="border-bottom: 1px solid #dee2e6;">${title(contactSchema, 'name')}</th>`);
    expect(mail!.html).toContain('Could we talk about<br>a partnership?');
    expect(mail!.text).toContain(`${title(contactSchema, 'subject')}:\n${optionLabel(contactSchema, 'subject', contact.subject)}`);
    expect(mail!.text.indexOf(title(contactSchema, 'name'))).toBeLessThan(mail!.text.indexOf(title(contactSchema, 'email')));
    // Staff open it on the site's /staff page from the email (SITE_URL, its trailing slash dropped).
    const link = `https://keystoneimpact.example/staff?submission=${id}`;
    expect(mail!.html).toContain(`<a href="${link}">Open it on the staff page</a>`);
    expect(mail!.text).toContain(`Open it on the staff page to set its status or add a note: ${link}`);
    expect(await stack.state(id)).toEqual({ state: 'sent', attempts: 1, last_error: null });
    expect(await stack.state(id, 'sender')).toEqual({ state: 'sent', attempts: 1, last_error: null });
    // Pressing Send again, or replaying the call, sends nothing more and says the same.
    expect((await stack.invoke(contactCall(id))).status).toBe(200);
    expect(inbox).toHaveLength(2);
  });

  it('sends the sender a copy of their answers, branded, headed by what happens next, Reply-To the team and with no link', async () => {
    const typed = { ...contact, name: 'Ana <b>Ruiz</b>', message: 'See https://evil.example/prize and <a href="https://evil.example">this</a>' };
    const id = await stack.save('contact_submissions', typed);
    expect((await stack.invoke(contactCall(id))).status).toBe(200);
    expect(copies()).toHaveLength(1);
    const [copy] = copies();
    expect(copy!.to).toEqual(['ana@casaverde.org']);
    expect(copy!.replyTo).toBe(TEAM);
    expect(copy!.subject).toBe(forms.contact.notification.copyToSender.subject);
    for (const part of [copy!.text, copy!.html]) {
      expect(part).toContain('Keystone Impact Partners');
      expect(part).toContain(forms.contact.page.sent.title);
      expect(part).toContain(forms.contact.page.sent.body.replaceAll("'", part === copy!.html ? '&#39;' : "'"));
    }
    expect(copy!.text).toContain(`${title(contactSchema, 'subject')}:\n${optionLabel(contactSchema, 'subject', contact.subject)}`);
    // What the sender typed is there as text; nothing in the copy is a link, theirs or ours.
    expect(copy!.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;this&lt;/a&gt;');
    expect(copy!.html).not.toMatch(/<a[\s>]|href="/i);
    expect(copy!.text).not.toContain('/staff');
    expect(copy!.html).not.toContain('/staff');
  });

  it('asks a newsletter sign-up to confirm: the form\'s texts, a confirm button and an unsubscribe link with the row\'s token, the unsubscribe header, nothing typed', async () => {
    const optIn = forms.newsletter.notification.optIn;
    const id = await stack.save('newsletter_signups', { email: 'nell@casaverde.org' });
    expect((await stack.invoke({ payload: { id }, formType: forms.newsletter.notification.formType })).status).toBe(200);
    const { rows } = await stack.db.query<{ token: string }>('select token from public.opt_ins where submission_id = $1', [id]);
    const token = rows[0]!.token;
    const confirm = `https://keystoneimpact.example${forms.newsletter.page.path}?confirm=${token}`;
    const unsubscribe = `https://keystoneimpact.example${forms.newsletter.page.path}?unsubscribe=${token}`;
    const [asked] = copies();
    expect(copies()).toHaveLength(1);
    expect(asked!.to).toEqual(['nell@casaverde.org']);
    expect(asked!.replyTo).toBe(TEAM);
    expect(asked!.subject).toBe(optIn.subject);
    expect(asked!.listUnsubscribe).toBe(`<${unsubscribe}>`);
    for (const part of [asked!.text, asked!.html]) {
      expect(part).toContain(optIn.title);
      expect(part).toContain(optIn.body);
      expect(part).toContain(optIn.confirm);
      expect(part).toContain(optIn.unsubscribe);
    }
    expect(asked!.html).toContain(`href="${confirm}"`);
    expect(asked!.html).toContain(`href="${unsubscribe}"`);
    expect(asked!.text).toContain(confirm);
    expect(asked!.text).not.toContain('nell@casaverde.org');
    // Staff are told too, and read that the address is not on the list yet.
    expect(toStaff()).toHaveLength(1);
    expect(toStaff()[0]!.text).toContain('Subscription:\nWaiting for confirmation');
  });

  it('sends no copy for a form that does not declare one', async () => {
    const { rows } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from pg_trigger where tgname = 'queue_notification' and tgrelid = 'public.contact_submissions'::regclass and tgnargs = 1`,
    );
    expect(rows[0]!.n).toBe(1);
    // A table queued without the trigger's argument (a form without "copyToSender") queues staff's email alone.
    await stack.db.query(`create or replace trigger queue_notification after insert on public.contact_submissions for each row execute function public.queue_form_notification()`);
    try {
      const id = await stack.save('contact_submissions', { ...contact, email: 'no-copy@example.org' });
      expect((await stack.invoke(contactCall(id))).status).toBe(200);
      expect(toStaff()).toHaveLength(1);
      expect(copies()).toEqual([]);
      expect(await stack.state(id, 'sender')).toBeUndefined();
    } finally {
      await stack.db.query(`create or replace trigger queue_notification after insert on public.contact_submissions for each row execute function public.queue_form_notification('email')`);
    }
  });

  it('emails what was saved, never what the request says', async () => {
    const id = await stack.save('contact_submissions', contact);
    const forged = { ...contact, name: 'Prize Office', email: 'attacker@evil.example', message: 'Click https://evil.example now' };
    expect((await stack.invoke(contactCall(id, forged))).status).toBe(200);
    expect(toStaff()).toHaveLength(1);
    expect(toStaff()[0]!.subject).toBe('Contact Inquiry: Ana Ruiz');
    expect(toStaff()[0]!.replyTo).toBe('ana@casaverde.org');
    expect(copies().map((m) => m.to)).toEqual([['ana@casaverde.org']]);
    for (const mail of inbox) expect(mail.text).not.toContain('evil.example');
  });

  it('sends nothing for an id that was never saved, and answers as for any other', async () => {
    const response = await stack.invoke(contactCall(randomUUID()));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const otherForm = await stack.save('contact_submissions', { ...contact, email: 'other-form@example.org' });
    expect((await stack.invoke({ payload: { id: otherForm }, formType: 'Needs Assessment Submission' })).status).toBe(200);
    expect(inbox).toEqual([]);
  });

  it('sends one email however many calls for one submission arrive at once', async () => {
    const id = await stack.save('contact_submissions', { ...contact, email: 'eager@example.org' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => stack.invoke(contactCall(id))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(toStaff()).toHaveLength(1);
    expect(copies()).toHaveLength(1);
  });

  it('shows option labels instead of stored codes in an assessment', async () => {
    const id = await stack.save('assessment_responses', assessment);
    expect((await stack.invoke({ payload: { id, ...assessment }, formType: 'Needs Assessment Submission' })).status).toBe(200);
    const [mail] = toStaff();
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
    // An address cannot hold < or > (the database refuses them), but it can hold & and '.
    const id = await stack.save('contact_submissions', { ...contact, name: hostile, message: hostile, email: "ana+o'neil&co@casaverde.org" });
    expect((await stack.invoke(contactCall(id))).status).toBe(200);
    for (const mail of inbox) {
      expect(mail.html).not.toMatch(/<script|<img/);
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    }
    const [mail] = toStaff();
    expect(mail!.html).toContain('ana+o&#39;neil&amp;co@casaverde.org');
    expect(mail!.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(mail!.subject).not.toMatch(/[\r\n]/);
  });

  it('isolates a visitor’s direction-changing text, so it cannot reorder the staff’s own words in the subject, the text or the HTML', async () => {
    const reversed = 'Ana \u202eztiuR';
    const id = await stack.save('contact_submissions', { ...contact, name: reversed, message: `Hello ${reversed}` });
    expect((await stack.invoke(contactCall(id))).status).toBe(200);
    const [mail] = toStaff();
    expect(mail!.subject).toBe(`Contact Inquiry: \u2068${reversed}\u2069`);
    expect(copies()[0]!.text).toContain(`\u2068${reversed}\u2069`);
    expect(mail!.text).toContain(`\u2068${reversed}\u2069`);
    expect(mail!.html).toContain(`<td dir="auto" style="border-bottom: 1px solid #dee2e6;"><bdi>${reversed}</bdi></td>`);
  });

  it.each([
    ['an unknown formType', { payload: { id: randomUUID() }, formType: 'Newsletter' }, 400, /formType must be one of: Contact Inquiry, Needs Assessment Submission/],
    ['a formType from Object.prototype', { payload: { id: randomUUID() }, formType: 'constructor' }, 400, /formType must be one of/],
    ['no payload', { formType: 'Contact Inquiry' }, 400, /payload.id must be the id/],
    ['a payload without the id', { payload: contact, formType: 'Contact Inquiry' }, 400, /payload.id must be the id/],
    ['an id that is not a UUID', { payload: { id: "1' or '1'='1" }, formType: 'Contact Inquiry' }, 400, /payload.id must be the id/],
    ['a 1 MB string', { payload: { id: randomUUID(), message: 'x'.repeat(1024 * 1024) }, formType: 'Contact Inquiry' }, 413, /too large/],
    ['a body that is not JSON', '{"payload": ', 400, /must be JSON/],
  ])('refuses %s with a clear JSON error and sends nothing', async (_, body, status, error) => {
    const response = await stack.invoke(body);
    expect(response.status).toBe(status);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect((await response.json()).error).toMatch(error);
    expect(inbox).toEqual([]);
  });

  it('stops reading a body at its limit: one that never ends is answered 413, not read whole', async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const response = await fetch(`${stack.api}/functions/v1/send-form-notification`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: stack.anon, Authorization: `Bearer ${stack.anon}` },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(/too large/);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    await endless.cancel().catch(() => {});
  }, 20_000);

  it('needs a JWT of the project, as hosted Supabase checks by default, and the service role for the sweep', async () => {
    const id = await stack.save('contact_submissions', { ...contact, email: 'keyless@example.org' });
    const none = await stack.invoke(contactCall(id), null);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const forged = await stack.invoke(contactCall(id), 'eyJhbGciOiJub25lIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    expect((await stack.invoke({ sweep: true })).status).toBe(401);
    expect(inbox).toEqual([]);
    expect((await stack.invoke(contactCall(id))).status).toBe(200);
    expect(toStaff()).toHaveLength(1);
  });

  it('leaves a new lead to its own call for 30 s, so a sweep in between cannot answer the visitor "sent" for a send that failed', async () => {
    await makeDue();
    await sweep();
    inbox = [];
    const id = await stack.save('contact_submissions', { ...contact, name: 'Just Saved', email: 'just.saved@example.org' });
    expect(await sweep().then((r) => r.json())).toEqual({ sent: 0, failed: 0 });
    expect((await stack.state(id))!.state).toBe('pending');
    const response = await stack.invoke(contactCall(id));
    expect(response.status).toBe(200);
    expect(toStaff().map((m) => m.subject)).toEqual(['Contact Inquiry: Just Saved']);
    expect(copies().map((m) => m.to)).toEqual([['just.saved@example.org']]);
  });

  it('drops the emails of a submission deleted before they went out, instead of trying them again for ever', async () => {
    await makeDue();
    await sweep();
    inbox = [];
    const id = await stack.save('contact_submissions', { ...contact, name: 'Soon Gone', email: 'soon.gone@example.org' });
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    try {
      expect((await stack.invoke(contactCall(id))).status).toBe(502);
    } finally {
      await startSmtp();
    }
    await stack.db.query('delete from public.contact_submissions where id = $1', [id]);
    await makeDue();
    expect(await sweep().then((r) => r.json())).toEqual({ sent: 0, failed: 0 });
    expect(await stack.state(id)).toBeUndefined();
    expect(await stack.state(id, 'sender')).toBeUndefined();
    expect(inbox).toEqual([]);
  }, 60_000);

  it('keeps a lead whose email failed due, and the sweep delivers it once mail is back, with no visitor action', async () => {
    // Whatever earlier tests left due (a row whose call named another form) goes out first.
    await makeDue();
    await sweep();
    inbox = [];
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const ids: string[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const id = await stack.save('contact_submissions', { ...contact, name: `Visitor ${i}`, email: `visitor${i}@example.org` });
        ids.push(id);
        const response = await stack.invoke(contactCall(id));
        expect(response.status).toBe(502);
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
        expect((await response.json()).error).toMatch(/could not be delivered/);
      }
      for (const recipient of ['staff', 'sender'] as const) {
        expect((await stack.state(ids[0]!, recipient))!.state).toBe('pending');
        expect((await stack.state(ids[0]!, recipient))!.last_error).toMatch(/ECONNREFUSED|connect/i);
      }
    } finally {
      await startSmtp();
    }
    await makeDue();
    const swept = await sweep();
    expect(await swept.json()).toEqual({ sent: 6, failed: 0 });
    expect(toStaff().map((m) => m.subject).sort()).toEqual(['Contact Inquiry: Visitor 0', 'Contact Inquiry: Visitor 1', 'Contact Inquiry: Visitor 2']);
    expect(copies().flatMap((m) => m.to).sort()).toEqual(['visitor0@example.org', 'visitor1@example.org', 'visitor2@example.org']);
    expect(await sweep().then((r) => r.json())).toEqual({ sent: 0, failed: 0 });
    expect(inbox).toHaveLength(6);
  }, 60_000);
});

describe('the morning follow-up digest (decision 048)', () => {
  const KIM = '00000000-0000-4000-8000-00000000d1a1';
  const kim = 'kim@keystoneimpact.org';
  const digests = () => inbox.filter((m) => m.to.includes(kim));

  it('sends each staff member one email of what is due to them, oldest first, with links, and keeps it due through a mail outage', async () => {
    await makeDue();
    await sweep();
    inbox = [];
    const zone = zoneAt(8, 23);
    const today = todayIn(zone);
    await stack.db.query(`insert into auth.users (id, email, raw_app_meta_data) values ($1, $2, '{"provider": "email", "staff": true}')`, [KIM, kim]);
    await stack.db.query('insert into public.staff_settings (staff_id, time_zone) values ($1, $2)', [KIM, zone]);
    const older = await stack.save('contact_submissions', { ...contact, name: 'Older <b>Lead</b>', email: 'older@example.org' });
    const newer = await stack.save('contact_submissions', { ...contact, name: 'Newer Lead', email: 'newer@example.org' });
    await stack.db.query(`update public.staff_inbox set assignee_id = $1, follow_up_on = case when submission_id = $2 then date '2026-01-05' else $3::date end where submission_id in ($2, $4)`, [KIM, older, today, newer]);
    await makeDue();
    await sweep();
    inbox = [];

    expect((await stack.db.query<{ n: number }>('select public.queue_follow_up_digests() as n')).rows[0]!.n).toBe(1);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    try {
      expect(await sweep().then((r) => r.json())).toMatchObject({ failed: 1 });
    } finally {
      await startSmtp();
    }
    expect(digests()).toEqual([]);
    await stack.db.query(`update public.follow_up_digests set next_attempt_at = now() where state <> 'sent'`);
    expect(await sweep().then((r) => r.json())).toEqual({ sent: 1, failed: 0 });
    expect(await sweep().then((r) => r.json())).toEqual({ sent: 0, failed: 0 });

    const [email] = digests();
    expect(digests()).toHaveLength(1);
    expect(email!.replyTo).toBe(TEAM);
    expect(email!.subject).toMatch(/^Follow-ups due \w+day, \w+ \d+, \d{4}: 2$/);
    const lines = email!.text.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual(['- Contact Inquiry from Older <b>Lead</b>: Overdue since Monday, January 5, 2026', '- Contact Inquiry from Newer Lead: Due today']);
    expect(email!.text).toContain(`https://keystoneimpact.example/staff?submission=${older}`);
    expect(email!.html).toContain('Older &lt;b&gt;Lead&lt;/b&gt;');
    expect(email!.html).toContain(`href="https://keystoneimpact.example/staff?submission=${newer}"`);
  }, 60_000);
});

describe('a staff member\'s reply to a sender (decision 049)', () => {
  const SAM = '00000000-0000-4000-8000-00000000d1a2';

  it('goes to the sender once, from the site\'s address in the staff member\'s name, Reply-To the team, signed, and is kept due through an outage', async () => {
    await makeDue();
    await sweep();
    inbox = [];
    const sam = await staffSession(stack.db, SAM, 'sam@keystoneimpact.org');
    await stack.db.query(`update auth.users set raw_user_meta_data = '{"name": "Sam \\"Q\\" Lee"}' where id = $1`, [SAM]);
    const id = await stack.save('contact_submissions', { ...contact, name: 'Rae', email: 'rae@example.org' });
    await makeDue();
    await sweep();
    inbox = [];
    const queue = (subject: string) =>
      committedAs(stack.db, 'authenticated', SAM, () => stack.db.query<{ id: string }>('select public.staff_send_reply($1, $2, $3) as id', [id, subject, 'Hello Rae,\n\nThank you <b>!</b>\nSee you soon.']), sam).then(
        (r) => r.rows[0]!.id,
      );
    const reply = await queue('Re: your note');
    expect((await stack.invoke({ reply: 'not-an-id' })).status).toBe(400);
    expect((await stack.invoke({ reply })).status).toBe(200);
    expect((await stack.invoke({ reply })).status).toBe(200);
    const toRae = () => inbox.filter((m) => m.to.includes('rae@example.org') && m.subject.startsWith('Re: '));
    expect(toRae()).toHaveLength(1);
    expect(toRae()[0]).toMatchObject({ replyTo: TEAM, fromName: 'Sam "Q" Lee (Keystone Impact Partners)', fromAddress: 'notifications@keystoneimpact.org' });
    expect(toRae()[0]!.text.trimEnd()).toBe('Hello Rae,\n\nThank you <b>!</b>\nSee you soon.\n\nSam "Q" Lee\nKeystone Impact Partners');
    expect(toRae()[0]!.html).toContain('<p>Thank you &lt;b&gt;!&lt;/b&gt;<br>See you soon.</p>');

    const second = await queue('Re: one more');
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    try {
      expect((await stack.invoke({ reply: second })).status).toBe(502);
    } finally {
      await startSmtp();
    }
    await stack.db.query(`update public.staff_replies set next_attempt_at = now() where state = 'pending'`);
    expect(await sweep().then((r) => r.json())).toEqual({ sent: 1, failed: 0 });
    expect(toRae().map((m) => m.subject)).toEqual(['Re: your note', 'Re: one more']);
  }, 60_000);
});

describe('send-form-notification with Resend (how hosted Supabase sends mail)', () => {
  it('posts the saved row to the Resend API with the key, and keeps it due when Resend refuses', async () => {
    const requests: { auth: string | undefined; body: Record<string, unknown> }[] = [];
    let answer = 200;
    const resend = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        const body = JSON.parse(raw) as { to: string[] };
        // Resend's answer to an address it will not take (its validation_error names the `to` field); here one
        // on a reserved domain, as the site's own rule refuses what is not an address at all (decision 037).
        if (body.to[0]!.endsWith('.invalid')) return res.writeHead(422, { 'Content-Type': 'application/json' }).end(JSON.stringify({ statusCode: 422, name: 'validation_error', message: 'Invalid `to` field. The email address needs to follow the `email@example.com` format.' }));
        res.writeHead(answer, { 'Content-Type': 'application/json' }).end(answer === 200 ? '{"id":"email_1"}' : '{"message":"domain not verified"}');
      });
    });
    await new Promise<void>((resolve) => resend.listen(0, '127.0.0.1', resolve));
    const api = `http://127.0.0.1:${(resend.address() as AddressInfo).port}/emails`;
    const hosted = await startApiWithFunctions({ RESEND_API_KEY: 're_test_key', RESEND_API_URL: api });
    try {
      const ok = await hosted.invoke(contactCall(await hosted.save('contact_submissions', contact)));
      expect(ok.status).toBe(200);
      // Staff's email, then the sender's copy.
      expect(requests).toHaveLength(2);
      expect(requests[1]!.body).toMatchObject({ to: ['ana@casaverde.org'], reply_to: 'staff@keystoneimpact.org' });
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
      const id = await hosted.save('contact_submissions', contact);
      expect((await hosted.invoke(contactCall(id))).status).toBe(502);
      expect((await hosted.state(id))!.state).toBe('pending');
      // An address Resend will not take: the sender's copy is refused for good, staff's email still goes.
      answer = 200;
      const refused = await hosted.save('contact_submissions', { ...contact, email: 'ana@casaverde.invalid' });
      expect((await hosted.invoke(contactCall(refused))).status).toBe(502);
      expect((await hosted.state(refused, 'sender'))!.state).toBe('refused');
      expect((await hosted.state(refused))!.state).toBe('sent');
    } finally {
      await hosted.close();
      resend.close();
    }
  }, 60_000);
});

// Emails staff about saved form submissions, each exactly once (docs/decisions/014), and the sender a
// copy of their answers when the form declares "copyToSender" (docs/decisions/039), also exactly once.
// The staff member a submission is assigned to gets one too, per assignment (docs/decisions/045), and each
// staff member a morning digest of the follow-ups due to them (docs/decisions/048), sent by the sweep.
// Staff's replies to senders go out here too (docs/decisions/049): the page's { reply: id } sends one at
// once, and the sweep sends any whose call never came or whose delivery failed.
//
// The site's call, after saving a row: { payload, formType }, payload.id being the id the row was saved
// with. The function reads that row with the service role and emails it, never the request body. A
// call for an id that is not saved, already sent or being sent sends nothing and answers the same 200,
// so callers learn nothing about what is saved.
// The sweep: { sweep: true } with the service role key (pg_cron on hosted Supabase, a timer in the local
// stack), sends every notification that is due: saved while mail was down, or whose call never came.
//
// Answers: 200 { ok: true } or, for the sweep, { sent, failed }; 400/401/405/413 { error } for bad
// requests; 502 { error } when delivery fails (the row stays due, and the sweep tries again).
import { createClient } from 'npm:@supabase/supabase-js@^2';
import { corsHeaders, json } from '../_shared/cors.ts';
import { notificationForms, siteName } from '../../../form-model/generated/notification-forms.ts';
import { RecipientRefused, sendEmail, type OutgoingEmail } from '../_shared/mailer.ts';
import { notificationEmail } from '../_shared/notification-email.ts';
import { senderCopyEmail } from '../_shared/sender-copy-email.ts';
import { optInEmail } from '../_shared/opt-in-email.ts';
import { optInLinks } from '../../../form-model/opt-in.ts';
import { assignmentEmail } from '../_shared/assignment-email.ts';
import { followUpDigestEmail, type DueFollowUp } from '../_shared/follow-up-digest-email.ts';
import { replyFrom, staffReplyEmail } from '../_shared/staff-reply-email.ts';
import { submissionLink } from '../../../form-model/submission-link.ts';

/** Far above any valid call: the site sends a form's answers, up to a few thousand characters a field. */
const MAX_BODY_BYTES = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Claimed {
  submission_id: string;
  form_table: string;
  recipient: 'staff' | 'sender' | 'assignee';
  answers: Record<string, unknown> | null;
  /** For an assignment: the staff member who holds it now, and who assigned it. */
  assignee_email: string | null;
  assigned_by: string | null;
}

const serviceKey = () => Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
const database = () =>
  createClient(Deno.env.get('SUPABASE_URL') ?? '', serviceKey(), { auth: { persistSession: false, autoRefreshToken: false } });
type Database = ReturnType<typeof database>;

/** The submission on the site's /staff page (SITE_URL: the site's public address), when the site is known. */
function staffLink(id: string): string | undefined {
  const site = Deno.env.get('SITE_URL');
  return site ? submissionLink(site, id) : undefined;
}

/**
 * The email a claimed row stands for: staff's notification (Reply-To the sender), the sender's copy
 * (Reply-To the team), the assignee's (Reply-To the sender), or why there is none.
 */
async function emailFor(db: Database, claimed: Claimed): Promise<OutgoingEmail | string> {
  const entry = Object.entries(notificationForms).find(([, form]) => form.table === claimed.form_table);
  if (!entry) return `No form in schemas/forms.json saves to ${claimed.form_table}.`;
  if (!claimed.answers) return 'The submission was deleted before its email was sent.';
  const [formType, form] = entry;
  const from = Deno.env.get('EMAIL_FROM') ?? 'Website notifications <notifications@localhost>';
  const team = Deno.env.get('NOTIFY_TO') ?? '';
  const sender = String(claimed.answers[form.replyTo] ?? '');
  if (claimed.recipient === 'staff') return { from, to: team, replyTo: sender, ...notificationEmail(formType, form, claimed.answers, staffLink(claimed.submission_id)) };
  if (claimed.recipient === 'assignee') {
    if (!claimed.assignee_email) return 'Nobody holds the submission any more.';
    const staffEmail = notificationEmail(formType, form, claimed.answers, staffLink(claimed.submission_id));
    return { from, to: claimed.assignee_email, replyTo: sender, ...assignmentEmail(staffEmail, claimed.assigned_by) };
  }
  if (form.optIn) {
    const site = Deno.env.get('SITE_URL');
    if (!site) return 'SITE_URL is not set: the confirm link needs the site\'s address.';
    const { data, error } = await db.from('opt_ins').select('token').eq('submission_id', claimed.submission_id).maybeSingle();
    if (error) return `The confirm link could not be read: ${error.message}`;
    if (!data) return 'The submission has no opt-in token (saved before the form asked to confirm).';
    return { from, to: sender, replyTo: team, ...optInEmail(siteName, form.optIn, optInLinks(site, form.optIn.page, String(data.token))) };
  }
  // Queued when the form sent copies; a form that has stopped since sends none.
  if (!form.copyToSender) return `The form ${form.id} no longer sends its senders a copy ("copyToSender" in schemas/forms.json).`;
  return { from, to: sender, replyTo: team, ...senderCopyEmail(siteName, { ...form, copyToSender: form.copyToSender }, claimed.answers) };
}

/** Sends one claimed email and records the outcome; returns the delivery error, if any. */
async function deliver(db: Database, claimed: Claimed): Promise<string | null> {
  const email = await emailFor(db, claimed);
  let problem: string | null = typeof email === 'string' ? email : null;
  let refused = false;
  if (typeof email !== 'string') {
    try {
      await sendEmail(email);
    } catch (error) {
      refused = error instanceof RecipientRefused;
      console.error(`send-form-notification: delivery of ${claimed.recipient}'s email for ${claimed.submission_id} ${refused ? 'refused' : 'failed'}:`, error instanceof Error ? error.message : error);
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  const { error } = await db.rpc('finish_form_notification', { p_id: claimed.submission_id, p_error: problem, p_recipient: claimed.recipient, p_refused: refused });
  if (error) console.error(`send-form-notification: could not record the outcome for ${claimed.submission_id}:`, error.message);
  return problem;
}

async function claim(db: Database, args: { p_table?: string; p_id?: string; p_limit?: number }): Promise<Claimed[] | Response> {
  const { data, error } = await db.rpc('claim_form_notifications', args);
  if (error) {
    console.error('send-form-notification: could not read the submissions:', error.message);
    return json(502, { error: 'The notification could not be sent just now. It will be sent later.' });
  }
  return (data ?? []) as Claimed[];
}

interface ClaimedDigest {
  staff_id: string;
  day: string;
  email: string;
  /** Each with its form's id, which the email names by the form's title. */
  due: DueFollowUp[];
}

/** The form's title for a form id, as staff know it; the id itself for a form no longer in forms.json. */
const formTitle = (id: string) => Object.entries(notificationForms).find(([, form]) => form.id === id)?.[0] ?? id;

/** Sends one staff member's follow-up digest and records the outcome; returns the delivery error, if any. */
async function deliverDigest(db: Database, digest: ClaimedDigest): Promise<string | null> {
  const from = Deno.env.get('EMAIL_FROM') ?? 'Website notifications <notifications@localhost>';
  const items = digest.due.map((item) => ({ ...item, form: formTitle(item.form) }));
  let problem: string | null = null;
  try {
    await sendEmail({ from, to: digest.email, replyTo: Deno.env.get('NOTIFY_TO') ?? '', ...followUpDigestEmail(digest.day, items, staffLink) });
  } catch (error) {
    console.error(`send-form-notification: the follow-up digest for ${digest.email} failed:`, error);
    problem = error instanceof Error ? error.message : String(error);
  }
  const { error } = await db.rpc('finish_follow_up_digest', { p_staff: digest.staff_id, p_day: digest.day, p_error: problem });
  if (error) console.error(`send-form-notification: could not record the digest's outcome for ${digest.email}:`, error.message);
  return problem;
}

interface ClaimedReply {
  id: string;
  submission_id: string;
  form_table: string;
  /** The submission's saved answers: its form's reply-to question holds where the reply goes. */
  answers: Record<string, unknown>;
  staff_name: string;
  subject: string;
  body: string;
}

/** Sends one claimed reply and records the outcome; returns the delivery error, if any. */
async function deliverReply(db: Database, reply: ClaimedReply): Promise<string | null> {
  const form = Object.values(notificationForms).find((candidate) => candidate.table === reply.form_table);
  const to = form ? String(reply.answers[form.replyTo] ?? '') : '';
  let problem: string | null = to ? null : `No form in schemas/forms.json says where a reply to ${reply.form_table} goes.`;
  let refused = false;
  if (to) {
    try {
      const from = replyFrom(Deno.env.get('EMAIL_FROM') ?? 'Website notifications <notifications@localhost>', reply.staff_name, siteName);
      await sendEmail({ from, to, replyTo: Deno.env.get('NOTIFY_TO') ?? '', ...staffReplyEmail(siteName, reply) });
    } catch (error) {
      refused = error instanceof RecipientRefused;
      console.error(`send-form-notification: the reply ${reply.id} ${refused ? 'was refused' : 'failed'}:`, error instanceof Error ? error.message : error);
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  const { error } = await db.rpc('finish_staff_reply', { p_id: reply.id, p_error: problem, p_refused: refused });
  if (error) console.error(`send-form-notification: could not record the reply's outcome for ${reply.id}:`, error.message);
  return problem;
}

async function sweep(db: Database): Promise<Response> {
  let sent = 0;
  let failed = 0;
  const count = (problem: string | null) => (problem === null ? sent++ : failed++);
  // A few batches a run: enough for a backlog after an outage, short enough for the scheduler's timeout.
  for (let batch = 0; batch < 5; batch++) {
    const claimed = await claim(db, { p_limit: 20 });
    if (claimed instanceof Response) return claimed;
    for (const row of claimed) count(await deliver(db, row));
    if (claimed.length < 20) break;
  }
  const replies = await db.rpc('claim_staff_replies', { p_limit: 20 });
  if (replies.error) console.error('send-form-notification: could not read the replies:', replies.error.message);
  for (const reply of (replies.data ?? []) as ClaimedReply[]) count(await deliverReply(db, reply));
  const digests = await db.rpc('claim_follow_up_digests', { p_limit: 20 });
  if (digests.error) console.error('send-form-notification: could not read the follow-up digests:', digests.error.message);
  for (const digest of (digests.data ?? []) as ClaimedDigest[]) count(await deliverDigest(db, digest));
  return json(200, { sent, failed });
}

/**
 * The body as text, or null once it is over `limit` bytes: reading stops there, so a body of any size (or
 * one that never ends) costs no more than the limit, where reading it whole grew the process by its size.
 */
async function textUpTo(request: Request, limit: number): Promise<string | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  chunks.reduce((offset, chunk) => (bytes.set(chunk, offset), offset + chunk.byteLength), 0);
  return new TextDecoder().decode(bytes);
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST') return json(405, { error: 'Use POST with a JSON body.' });
  if (!Deno.env.get('NOTIFY_TO') || !serviceKey()) {
    console.error('send-form-notification: NOTIFY_TO or SUPABASE_SERVICE_ROLE_KEY is not set.');
    return json(500, { error: 'Notifications are not configured.' });
  }

  const raw = await textUpTo(request, MAX_BODY_BYTES);
  if (raw === null) return json(413, { error: 'The request is too large.' });
  let body: { payload?: { id?: unknown }; formType?: unknown; sweep?: unknown; reply?: unknown };
  try {
    body = JSON.parse(raw);
    if (!body || typeof body !== 'object') throw new Error();
  } catch {
    return json(400, { error: 'The body must be JSON: { "payload": {...}, "formType": "..." }.' });
  }

  if (body.sweep === true) {
    if (request.headers.get('Authorization') !== `Bearer ${serviceKey()}`) return json(401, { error: 'The sweep needs the service role key.' });
    return sweep(database());
  }

  if ('reply' in body) {
    if (typeof body.reply !== 'string' || !UUID.test(body.reply)) return json(400, { error: 'reply must be the id staff_send_reply returned.' });
    const db = database();
    const { data, error } = await db.rpc('claim_staff_replies', { p_id: body.reply });
    if (error) {
      console.error('send-form-notification: could not read the reply:', error.message);
      return json(502, { error: 'The reply could not be sent just now. It will be sent later.' });
    }
    let failed = false;
    for (const reply of (data ?? []) as ClaimedReply[]) failed = (await deliverReply(db, reply)) !== null || failed;
    if (failed) return json(502, { error: 'The reply could not be delivered. It will be sent again automatically.' });
    return json(200, { ok: true });
  }

  const formType = typeof body.formType === 'string' ? body.formType : '';
  const form = Object.hasOwn(notificationForms, formType) ? notificationForms[formType] : undefined;
  if (!form) return json(400, { error: `formType must be one of: ${Object.keys(notificationForms).join(', ')}.` });
  const id = body.payload && typeof body.payload === 'object' ? body.payload.id : undefined;
  if (typeof id !== 'string' || !UUID.test(id)) return json(400, { error: 'payload.id must be the id the submission was saved with.' });

  const db = database();
  const claimed = await claim(db, { p_table: form.table, p_id: id });
  if (claimed instanceof Response) return claimed;
  let failed = false;
  // Each email on its own: staff's going out is not held back by the sender's copy failing, or the reverse.
  for (const row of claimed) failed = (await deliver(db, row)) !== null || failed;
  if (failed) return json(502, { error: 'The notification email could not be delivered. It will be sent again automatically.' });
  return json(200, { ok: true });
});

// Emails staff a copy of every contact inquiry and needs assessment, after the site has saved it.
// Body: { payload, formType } with formType "Contact Inquiry" or "Needs Assessment Submission".
// Answers: 200 { ok: true }; 400/405/413 { error } for bad requests; 502 { error } when delivery fails.
import { corsHeaders, json } from '../_shared/cors.ts';
import { notificationForms } from '../_shared/generated/notification-forms.ts';
import { sendEmail } from '../_shared/mailer.ts';
import { notificationEmail } from '../_shared/notification-email.ts';
import { checkSubmission } from '../_shared/submission.ts';

/** Far above any valid submission (the longest allows a few thousand characters per field). */
const MAX_BODY_BYTES = 64 * 1024;

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST') return json(405, { error: 'Use POST with a JSON body.' });

  const raw = await request.text();
  if (new TextEncoder().encode(raw).length > MAX_BODY_BYTES) return json(413, { error: 'The submission is too large.' });
  let body: { payload?: unknown; formType?: unknown };
  try {
    body = JSON.parse(raw);
  } catch {
    return json(400, { error: 'The body must be JSON: { "payload": {...}, "formType": "..." }.' });
  }

  const formType = typeof body?.formType === 'string' ? body.formType : '';
  const form = notificationForms[formType];
  if (!form) return json(400, { error: `formType must be one of: ${Object.keys(notificationForms).join(', ')}.` });
  if (!body.payload || typeof body.payload !== 'object' || Array.isArray(body.payload)) {
    return json(400, { error: 'payload must be an object with the form fields.' });
  }

  const checked = checkSubmission(form, body.payload as Record<string, unknown>);
  if (!checked.ok) return json(400, { error: `The ${formType} is not valid: ${checked.problems.join(', ')}.` });
  const payload = checked.answers;

  const to = Deno.env.get('NOTIFY_TO');
  if (!to) {
    console.error('send-form-notification: NOTIFY_TO is not set, so there is nobody to notify.');
    return json(500, { error: 'Notifications are not configured.' });
  }
  try {
    await sendEmail({
      from: Deno.env.get('EMAIL_FROM') ?? 'Website notifications <notifications@localhost>',
      to,
      replyTo: String(payload[form.replyTo]),
      ...notificationEmail(formType, form, payload),
    });
  } catch (error) {
    console.error('send-form-notification: delivery failed:', error);
    return json(502, { error: 'The notification email could not be delivered. Please try again later.' });
  }
  return json(200, { ok: true });
});

import nodemailer from 'npm:nodemailer@^10';

export interface OutgoingEmail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * The provider refused the recipient for good (an SMTP 5xx answer to RCPT TO, or Resend's validation
 * error on `to`): the same email to that address would be refused again, so it is not tried again.
 */
export class RecipientRefused extends Error {}

/** Resend's answer when it will not take the address: a `validation_error` whose message names `to`. */
const resendRefusesRecipient = (status: number, body: string) => {
  try {
    const { name, message } = JSON.parse(body) as { name?: string; message?: string };
    return (status === 400 || status === 422) && name === 'validation_error' && /`to`/.test(message ?? '');
  } catch {
    return false;
  }
};

/** nodemailer's error when the server answered RCPT TO with a permanent (5xx) refusal. */
const smtpRefusesRecipient = (error: unknown) => {
  const { command, responseCode } = (error ?? {}) as { command?: string; responseCode?: number };
  return command === 'RCPT TO' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
};

/**
 * Sends through Resend's HTTP API when RESEND_API_KEY is set (hosted Supabase functions cannot open
 * SMTP ports 25, 465 or 587), otherwise through SMTP: the local inbox, or any server in SMTP_*.
 */
export async function sendEmail(email: OutgoingEmail): Promise<void> {
  const resendKey = Deno.env.get('RESEND_API_KEY');
  if (resendKey) {
    const response = await fetch(Deno.env.get('RESEND_API_URL') ?? 'https://api.resend.com/emails', {
      method: 'POST',
      headers: { Authorization: `Bearer ${resendKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: email.from, to: [email.to], reply_to: email.replyTo, subject: email.subject, html: email.html, text: email.text, headers: email.headers }),
    });
    if (!response.ok) {
      const body = await response.text();
      const problem = `Resend answered ${response.status}: ${body}`;
      throw resendRefusesRecipient(response.status, body) ? new RecipientRefused(problem) : new Error(problem);
    }
    return;
  }
  const user = Deno.env.get('SMTP_USER');
  const transport = nodemailer.createTransport({
    host: Deno.env.get('SMTP_HOST') ?? 'localhost',
    port: Number(Deno.env.get('SMTP_PORT') ?? 54325),
    secure: Deno.env.get('SMTP_SECURE') === 'true',
    auth: user ? { user, pass: Deno.env.get('SMTP_PASS') ?? '' } : undefined,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
  });
  try {
    await transport.sendMail(email);
  } catch (error) {
    if (smtpRefusesRecipient(error)) throw new RecipientRefused(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

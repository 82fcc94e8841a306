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
    if (!response.ok) throw new Error(`Resend answered ${response.status}: ${await response.text()}`);
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
  await transport.sendMail(email);
}

/**
 * Auth emails, worded like GoTrue's default templates, delivered over SMTP (to the local inbox). The link
 * goes to /auth/v1/verify, which signs the person in and sends them back to the site.
 */
import nodemailer from 'nodemailer';

export interface MailSettings {
  host: string;
  port: number;
  from: string;
}

export type LinkKind = 'signup' | 'invite' | 'recovery';

const templates: Record<LinkKind, { subject: string; html: (url: string) => string; text: (url: string) => string }> = {
  signup: {
    subject: 'Confirm Your Signup',
    html: (url) => `<h2>Confirm your signup</h2><p>Follow this link to confirm your user:</p><p><a href="${url}">Confirm your mail</a></p>`,
    text: (url) => `Confirm your signup\n\nFollow this link to confirm your user:\n${url}\n`,
  },
  invite: {
    subject: 'You have been invited',
    html: (url) => `<h2>You have been invited</h2><p>You have been invited to create a user. Follow this link to accept the invite:</p><p><a href="${url}">Accept the invite</a></p>`,
    text: (url) => `You have been invited\n\nYou have been invited to create a user. Follow this link to accept the invite:\n${url}\n`,
  },
  recovery: {
    subject: 'Reset Your Password',
    html: (url) => `<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="${url}">Reset Password</a></p>`,
    text: (url) => `Reset Password\n\nFollow this link to reset the password for your user:\n${url}\n`,
  },
};

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

export async function sendLinkEmail(settings: MailSettings, to: string, kind: LinkKind, url: string): Promise<void> {
  const transport = nodemailer.createTransport({ host: settings.host, port: settings.port, secure: false, ignoreTLS: true, connectionTimeout: 5000, greetingTimeout: 5000 });
  const template = templates[kind];
  try {
    await transport.sendMail({ from: settings.from, to, subject: template.subject, html: template.html(escapeAttribute(url)), text: template.text(url) });
  } finally {
    transport.close();
  }
}

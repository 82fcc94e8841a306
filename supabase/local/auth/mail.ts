/**
 * Auth emails, from config.toml's [auth.email.template.*] where the project brands them and otherwise
 * worded like GoTrue's default templates, delivered over SMTP (to the local inbox). The link
 * goes to /auth/v1/verify, which signs the person in and sends them back to the site.
 */
import nodemailer from 'nodemailer';
import type { AuthConfig } from './config.ts';

export interface MailSettings {
  host: string;
  port: number;
  from: string;
}

export type LinkKind = 'signup' | 'invite' | 'recovery' | 'email_change';

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
  email_change: {
    subject: 'Confirm Email Change',
    html: (url) => `<h2>Confirm Change of Email</h2><p>Follow this link to confirm the update of your email:</p><p><a href="${url}">Change Email</a></p>`,
    text: (url) => `Confirm Change of Email\n\nFollow this link to confirm the update of your email:\n${url}\n`,
  },
  recovery: {
    subject: 'Reset Your Password',
    html: (url) => `<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="${url}">Reset Password</a></p>`,
    text: (url) => `Reset Password\n\nFollow this link to reset the password for your user:\n${url}\n`,
  },
};

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** config.toml's name for the template of each kind of link. */
const TEMPLATE_NAMES = { signup: 'confirmation', invite: 'invite', recovery: 'recovery', email_change: 'email_change' } as const;

/** A project template, filled in as GoTrue fills its Go templates (the variables this project uses). */
function fromTemplate(template: { subject: string; html: string }, url: string, email: { address: string; newAddress?: string }, siteUrl: string) {
  const values: Record<string, string> = { ConfirmationURL: url, Email: email.address, NewEmail: email.newAddress ?? '', SiteURL: siteUrl };
  const html = template.html.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? escapeAttribute(values[name]!) : whole));
  // A plain-text part for mail programs (and the inbox's API): the words, with each link's address after it.
  const text = html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_, href: string, label: string) => `${label}: ${href.replaceAll('&amp;', '&')}`)
    .replace(/<(br|\/p|\/tr|\/h\d)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
  return { subject: template.subject, html, text: `${text}\n` };
}

/** The subject of an email with a link of this kind, as this project's config.toml words it. */
export const linkEmailSubject = (kind: LinkKind, config: Pick<AuthConfig, 'emailTemplates'>) => config.emailTemplates[TEMPLATE_NAMES[kind]]?.subject ?? templates[kind].subject;

/**
 * Mails one link. `email.address` is the account's address ({{ .Email }}); for an email change,
 * `newAddress` is the one asked for ({{ .NewEmail }}) and `to` says which of the two receives this link.
 */
export async function sendLinkEmail(
  settings: MailSettings,
  to: string,
  kind: LinkKind,
  url: string,
  config?: Pick<AuthConfig, 'emailTemplates' | 'siteUrl'>,
  email: { address: string; newAddress?: string } = { address: to },
): Promise<void> {
  const transport = nodemailer.createTransport({ host: settings.host, port: settings.port, secure: false, ignoreTLS: true, connectionTimeout: 5000, greetingTimeout: 5000 });
  const branded = config?.emailTemplates[TEMPLATE_NAMES[kind]];
  const standard = templates[kind];
  const message = branded ? fromTemplate(branded, url, email, config!.siteUrl) : { subject: standard.subject, html: standard.html(escapeAttribute(url)), text: standard.text(url) };
  try {
    await transport.sendMail({ from: settings.from, to, ...message });
  } finally {
    transport.close();
  }
}

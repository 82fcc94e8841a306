import { escapeHtml } from './escape-html.ts';
import type { NotificationEmail } from './notification-email.ts';

/**
 * A staff member's reply to a sender (docs/decisions/049): what they wrote, signed with their name and the
 * site's, as plain text with an HTML twin. Nothing else is added: it reads as a person's email.
 */
export function staffReplyEmail(siteName: string, reply: { staff_name: string; subject: string; body: string }): NotificationEmail {
  const signature = [reply.staff_name, siteName];
  const text = `${reply.body.trimEnd()}\n\n${signature.join('\n')}\n`;
  const html = [
    '<!doctype html><html><body style="font-family: system-ui, sans-serif; color: #1a1b1e; line-height: 1.5;">',
    ...reply.body
      .trimEnd()
      .split(/\r?\n\s*\r?\n/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`),
    `<p>${signature.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: reply.subject, html, text };
}

/**
 * The From of a reply: the staff member's name on the site's sending address (EMAIL_FROM's address), so it
 * reads as theirs and still passes the domain's SPF and DKIM. The name is quoted, and loses line breaks.
 */
export function replyFrom(emailFrom: string, staffName: string, siteName: string): string {
  const address = /<([^<>]+)>\s*$/.exec(emailFrom)?.[1] ?? emailFrom.trim();
  const name = `${staffName} (${siteName})`.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, (c) => `\\${c}`);
  return `"${name}" <${address}>`;
}

import { answerRows, isolated } from '../../../form-model/answer-rows.ts';
import type { NotificationForm } from '../../../form-model/notification-form.ts';
import type { NotificationEmail } from './notification-email.ts';
import { escapeHtml } from './escape-html.ts';

const sans = 'font-family:Arial,Helvetica,sans-serif';

/**
 * The sender's copy of what they sent ("copyToSender" in schemas/forms.json), branded like the auth
 * emails (supabase/templates): what happens next in the page's own words, then every answer as staff
 * read it. It holds only the site's fixed texts and what the sender typed, and no link: anyone can type
 * anyone's address into a form, so the copy must be harmless in a stranger's inbox (docs/decisions/039).
 */
export function senderCopyEmail(siteName: string, form: NotificationForm & { copyToSender: NonNullable<NotificationForm['copyToSender']> }, data: Record<string, unknown>): NotificationEmail {
  const { subject, title, body } = form.copyToSender;
  const rows = answerRows(form, data);
  const footnote = `You receive this copy because this address was given in a form on the ${siteName} website. If that was not you, ignore this email: nothing more will be sent.`;
  const reply = 'Reply to this email to add anything: it reaches our team.';
  const html = [
    '<!doctype html><html lang="en"><body style="margin:0;padding:0;background:#f4f1ea;font-family:Georgia,\'Times New Roman\',serif;color:#1f2a37">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ea;padding:32px 16px"><tr><td align="center">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">',
    `<tr><td style="font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#0f5c4d">${escapeHtml(siteName)}</td></tr>`,
    `<tr><td style="padding-top:16px;font-size:24px;line-height:1.3">${escapeHtml(title)}</td></tr>`,
    `<tr><td style="padding-top:12px;${sans};font-size:16px;line-height:1.6">${escapeHtml(body)}</td></tr>`,
    `<tr><td style="padding-top:24px;${sans};font-size:14px;font-weight:bold;color:#0f5c4d">What you sent</td></tr>`,
    '<tr><td style="padding-top:8px"><table role="presentation" width="100%" cellpadding="8" cellspacing="0" style="border-collapse:collapse">',
    ...rows.map(
      (r) =>
        `<tr><th align="left" valign="top" style="${sans};font-size:14px;border-bottom:1px solid #e5e1d8;width:40%">${escapeHtml(r.label)}</th>` +
        (r.state === 'answered'
          ? `<td dir="auto" style="${sans};font-size:14px;border-bottom:1px solid #e5e1d8"><bdi>${escapeHtml(r.value).replace(/\r?\n/g, '<br>')}</bdi></td></tr>`
          : `<td style="${sans};font-size:14px;border-bottom:1px solid #e5e1d8;color:#6b7280"><em>${r.value}</em></td></tr>`),
    ),
    '</table></td></tr>',
    `<tr><td style="padding-top:24px;${sans};font-size:14px;line-height:1.6;color:#4b5563">${escapeHtml(reply)}</td></tr>`,
    `<tr><td style="padding-top:12px;${sans};font-size:12px;line-height:1.6;color:#6b7280">${escapeHtml(footnote)}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
  const text = [siteName, '', title, '', body, '', 'What you sent', '', ...rows.map((r) => `${r.label}:\n${isolated(r.value)}\n`), reply, '', footnote].join('\n');
  return { subject, html, text };
}

import { answerRows, isolated } from '../../../form-model/answer-rows.ts';
import type { NotificationForm } from '../../../form-model/notification-form.ts';
import type { NotificationEmail } from './notification-email.ts';
import { escapeHtml } from './escape-html.ts';
import { brandedHtml, sans } from './branded-email.ts';

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
  const html = brandedHtml(siteName, title, [
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
  ]);
  const text = [siteName, '', title, '', body, '', 'What you sent', '', ...rows.map((r) => `${r.label}:\n${isolated(r.value)}\n`), reply, '', footnote].join('\n');
  return { subject, html, text };
}

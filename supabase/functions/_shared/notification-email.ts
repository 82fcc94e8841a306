import { answerRows, isolated, subjectLine } from '../../../form-model/answer-rows.ts';
import type { NotificationForm } from '../../../form-model/notification-form.ts';
import { escapeHtml } from './escape-html.ts';

export interface NotificationEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * The email for one submission: every question, titled and in form order ("Not answered", "Not asked"), HTML-escaped and
 * isolated, with a text part; with `staffLink`, where staff open it on /staff to mark and annotate it.
 */
export function notificationEmail(formType: string, form: NotificationForm, data: Record<string, unknown>, staffLink?: string): NotificationEmail {
  const rows = answerRows(form, data);
  const subject = subjectLine(formType, form, data);
  const html = [
    '<!doctype html><html><body style="font-family: system-ui, sans-serif; color: #1a1b1e;">',
    `<h1 style="font-size: 20px;">${escapeHtml(formType)}</h1>`,
    '<table cellpadding="8" style="border-collapse: collapse;">',
    ...rows.map(
      (r) =>
        `<tr><th align="left" valign="top" style="border-bottom: 1px solid #dee2e6;">${escapeHtml(r.label)}</th>` +
        // dir=auto and <bdi>: the visitor's text keeps its direction marks to itself.
        (r.state === 'answered'
          ? `<td dir="auto" style="border-bottom: 1px solid #dee2e6;"><bdi>${escapeHtml(r.value).replace(/\r?\n/g, '<br>')}</bdi></td></tr>`
          : `<td style="border-bottom: 1px solid #dee2e6; color: #868e96;"><em>${r.value}</em></td></tr>`),
    ),
    '</table>',
    '<p style="color: #495057;">Reply to this email to answer the sender directly.</p>',
    ...(staffLink ? [`<p><a href="${escapeHtml(staffLink)}">Open it on the staff page</a> to set its status or add a note.</p>`] : []),
    '</body></html>',
  ].join('\n');
  const text = [
    formType,
    '',
    ...rows.map((r) => `${r.label}:\n${isolated(r.value)}\n`),
    'Reply to this email to answer the sender directly.',
    ...(staffLink ? [`Open it on the staff page to set its status or add a note: ${staffLink}`] : []),
  ].join('\n');
  return { subject, html, text };
}

import type { NotificationForm } from './notification-form.ts';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

export interface NotificationEmail {
  subject: string;
  html: string;
  text: string;
}

/** What staff read for one field: the option's label rather than its stored code. */
function display(form: NotificationForm, field: string, value: unknown): string {
  const option = form.schema.properties?.[field]?.oneOf?.find((o) => o.const === value);
  return option ? option.title : String(value);
}

/** The email for one submission: every answered field, titled and in form order, HTML-escaped, with a text part. */
export function notificationEmail(formType: string, form: NotificationForm, data: Record<string, unknown>): NotificationEmail {
  const rows = form.order
    .filter((field) => data[field] !== undefined && data[field] !== null && data[field] !== '')
    .map((field) => ({ label: form.schema.properties?.[field]?.title ?? field, value: display(form, field, data[field]) }));
  // Only the declared template is filled in: a visitor's "{email}" stays text.
  const subject = (
    form.subject === null
      ? `${formType}: ${rows[0]?.value ?? ''}`
      : form.subject.replace(/\{(\w+)\}/g, (_, field: string) => (data[field] === undefined || data[field] === null ? '' : display(form, field, data[field])))
  )
    // Header values never carry line breaks, whatever the visitor typed.
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 150);
  const html = [
    '<!doctype html><html><body style="font-family: system-ui, sans-serif; color: #1a1b1e;">',
    `<h1 style="font-size: 20px;">${escapeHtml(formType)}</h1>`,
    '<table cellpadding="8" style="border-collapse: collapse;">',
    ...rows.map(
      (r) =>
        `<tr><th align="left" valign="top" style="border-bottom: 1px solid #dee2e6;">${escapeHtml(r.label)}</th>` +
        `<td style="border-bottom: 1px solid #dee2e6;">${escapeHtml(r.value).replace(/\r?\n/g, '<br>')}</td></tr>`,
    ),
    '</table>',
    '<p style="color: #495057;">Reply to this email to answer the sender directly.</p>',
    '</body></html>',
  ].join('\n');
  const text = [formType, '', ...rows.map((r) => `${r.label}:\n${r.value}\n`), 'Reply to this email to answer the sender directly.'].join('\n');
  return { subject, html, text };
}

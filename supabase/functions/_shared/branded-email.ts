import { escapeHtml } from './escape-html.ts';

/** The body text's face in the branded emails; headings are in the serif. */
export const sans = 'font-family:Arial,Helvetica,sans-serif';

/**
 * An email to a visitor, branded like the auth emails (supabase/templates): the site's name, a heading,
 * then the given rows (each a `<tr>` already escaped), on the site's paper colour.
 */
export function brandedHtml(siteName: string, title: string, rows: string[]): string {
  return [
    '<!doctype html><html lang="en"><body style="margin:0;padding:0;background:#f4f1ea;font-family:Georgia,\'Times New Roman\',serif;color:#1f2a37">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ea;padding:32px 16px"><tr><td align="center">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">',
    `<tr><td style="font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:#0f5c4d">${escapeHtml(siteName)}</td></tr>`,
    `<tr><td style="padding-top:16px;font-size:24px;line-height:1.3">${escapeHtml(title)}</td></tr>`,
    ...rows,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

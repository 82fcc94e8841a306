import type { OptIn } from '../../../form-model/notification-form.ts';
import type { NotificationEmail } from './notification-email.ts';
import { escapeHtml } from './escape-html.ts';
import { brandedHtml, sans } from './branded-email.ts';

/**
 * The email that asks the sender to confirm their address ("optIn" in schemas/forms.json,
 * docs/decisions/052): the form's own texts, a button to the confirm page, and a link to unsubscribe
 * (also as the List-Unsubscribe header, which mail programs show as their own button). It holds nothing
 * the sender typed: anyone can type anyone's address, so in a stranger's inbox it is one email that asks
 * a question and offers a way out.
 */
export function optInEmail(siteName: string, optIn: OptIn, links: { confirm: string; unsubscribe: string }): NotificationEmail & { headers: Record<string, string> } {
  const footnote = `You receive this email because this address was given to sign up on the ${siteName} website. If that was not you, ignore it: without a confirmation we send nothing more.`;
  const html = brandedHtml(siteName, optIn.title, [
    `<tr><td style="padding-top:12px;${sans};font-size:16px;line-height:1.6">${escapeHtml(optIn.body)}</td></tr>`,
    `<tr><td style="padding-top:24px"><a href="${escapeHtml(links.confirm)}" style="display:inline-block;background:#0f5c4d;color:#ffffff;${sans};font-size:16px;font-weight:bold;text-decoration:none;padding:12px 24px;border-radius:6px">${escapeHtml(optIn.confirm)}</a></td></tr>`,
    `<tr><td style="padding-top:24px;${sans};font-size:12px;line-height:1.6;color:#6b7280">${escapeHtml(footnote)} <a href="${escapeHtml(links.unsubscribe)}" style="color:#4b5563">${escapeHtml(optIn.unsubscribe)}</a></td></tr>`,
  ]);
  const text = [siteName, '', optIn.title, '', optIn.body, '', `${optIn.confirm}:`, links.confirm, '', footnote, '', `${optIn.unsubscribe}:`, links.unsubscribe].join('\n');
  return { subject: optIn.subject, html, text, headers: { 'List-Unsubscribe': `<${links.unsubscribe}>` } };
}

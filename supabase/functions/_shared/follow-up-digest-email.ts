import { isolated } from '../../../form-model/answer-rows.ts';
import { escapeHtml } from './escape-html.ts';
import type { NotificationEmail } from './notification-email.ts';

/** One follow-up due to the staff member, as claim_follow_up_digests lists it. */
export interface DueFollowUp {
  submission_id: string;
  /** The form's title ("Contact Inquiry"). */
  form: string;
  name: string | null;
  organization: string | null;
  /** YYYY-MM-DD */
  follow_up_on: string;
}

const longDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Due today" or "Due since Monday, November 23, 2026": overdue ones say so. */
const when = (item: DueFollowUp, today: string) => (item.follow_up_on >= today ? 'Due today' : `Overdue since ${longDay(item.follow_up_on)}`);

const who = (item: DueFollowUp) => `${item.name?.trim() || 'Someone'}${item.organization?.trim() ? ` (${item.organization.trim()})` : ''}`;

/**
 * The morning email of what a staff member holds that is due (docs/decisions/048): one line a
 * submission, oldest date first, each a link to it on /staff when the site's address is known.
 */
export function followUpDigestEmail(today: string, items: DueFollowUp[], link: (id: string) => string | undefined): NotificationEmail {
  const count = items.length === 1 ? '1 follow-up is' : `${items.length} follow-ups are`;
  const subject = `Follow-ups due ${longDay(today)}: ${items.length}`;
  const intro = `${count} due to you today. Set a new date or close each one on the staff page once it is dealt with.`;
  const html = [
    '<!doctype html><html><body style="font-family: system-ui, sans-serif; color: #1a1b1e;">',
    `<h1 style="font-size: 20px;">Follow-ups due ${escapeHtml(longDay(today))}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...items.map((item) => {
      const href = link(item.submission_id);
      const title = `${escapeHtml(item.form)} from <bdi>${escapeHtml(who(item))}</bdi>`;
      return `<li style="margin-bottom: 8px;">${href ? `<a href="${escapeHtml(href)}">${title}</a>` : title}: ${escapeHtml(when(item, today))}</li>`;
    }),
    '</ul>',
    '</body></html>',
  ].join('\n');
  const text = [
    `Follow-ups due ${longDay(today)}`,
    '',
    intro,
    '',
    ...items.map((item) => {
      const href = link(item.submission_id);
      return `- ${item.form} from ${isolated(who(item))}: ${when(item, today)}${href ? `\n  ${href}` : ''}`;
    }),
  ].join('\n');
  return { subject, html, text };
}

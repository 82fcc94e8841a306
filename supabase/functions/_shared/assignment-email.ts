import { escapeHtml } from './escape-html.ts';
import type { NotificationEmail } from './notification-email.ts';

/**
 * The email to a staff member a submission was assigned to (docs/decisions/045): the staff email's
 * answers, headed by who assigned it, with "Assigned to you" in the subject. Replies still reach the sender.
 */
export function assignmentEmail(staffEmail: NotificationEmail, assignedBy: string | null): NotificationEmail {
  const who = assignedBy ?? 'A colleague';
  const line = `${who} assigned this submission to you.`;
  return {
    subject: `Assigned to you: ${staffEmail.subject}`,
    html: staffEmail.html.replace(/<body([^>]*)>/, (body) => `${body}\n<p style="font-size: 16px;"><strong>${escapeHtml(line)}</strong></p>`),
    text: `${line}\n\n${staffEmail.text}`,
  };
}

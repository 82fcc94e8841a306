/** How the workspace words dates and a submission's email to staff. */

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatTime = (iso: string) => dateTime.format(new Date(iso));

/** A part of a whole as a rounded percentage ("67%"), or a dash when the whole is nothing. */
export const share = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '–');

/**
 * Who sent a submission, as the inbox names it. Every form's reply-to address is a required answer, so
 * only a deleted submission's marker (by its sender, decision 040, or by staff, decision 047) has none.
 */
export const senderLabel = (row: { name: string | null; email: string | null }) => (row.email ? row.name || row.email : 'Deleted');

export const submissionCount = (n: number) => `${n} submission${n === 1 ? '' : 's'}`;

/** form_notifications.state as staff read it; no row means the form sends no email. */
export function deliveryLabel(state: string | undefined): string {
  if (state === 'sent') return 'Emailed';
  if (state === 'sending') return 'Sending';
  if (state === 'pending') return 'Waiting to send';
  return 'No email';
}

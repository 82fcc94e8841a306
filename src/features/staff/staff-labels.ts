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

/** Today in the browser's time zone, as YYYY-MM-DD (the form a date input and the database use). */
export const localToday = () => new Date().toLocaleDateString('en-CA');

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A YYYY-MM-DD day as staff read it ("Nov 28, 2026"), the same in every time zone. */
export const formatDay = (ymd: string) => day.format(new Date(`${ymd}T12:00:00Z`));

/** Due to be followed up (decision 048): dated today or before and not closed. */
export const isDue = (row: { follow_up_on: string | null; status: string }, today = localToday()) => row.follow_up_on !== null && row.follow_up_on <= today && row.status !== 'closed';

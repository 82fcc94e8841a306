/**
 * The inbox's filter lives in the address (/staff?form=assessment&status=new&q=…&unread=1&assigned=me&spam=1 or due=1, and field=…&answer=…
 * for one answer, the option clicked on the overview), so Back, a reload
 * or a shared link shows the same list. Anything a hand-edited address adds that the inbox does not
 * know is ignored rather than sent to the database.
 */
import { SUBMISSION_PARAM } from '../../../form-model/submission-link.ts';
import { ASSIGNED, STATUSES, type Assigned, type InboxFilter, type Status } from './inbox-query';
import { staffForms } from './staff-forms';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The submission a link opens instead of the list. */
export { SUBMISSION_PARAM };

export function filterFromParams(params: URLSearchParams): InboxFilter {
  const form = params.get('form') ?? '';
  const status = params.get('status') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const search = params.get('q')?.trim() ?? '';
  const field = params.get('field') ?? '';
  const value = params.get('answer');
  const answer = staffForms.get(form)?.order.includes(field) && value !== null ? { answer: { field, value } } : {};
  return {
    ...(staffForms.has(form) ? { form } : {}),
    ...((STATUSES as readonly string[]).includes(status) ? { status: status as Status } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
    ...(search ? { search } : {}),
    ...answer,
    ...(params.get('unread') === '1' ? { unread: true as const } : {}),
    ...(params.get('spam') === '1' ? { spam: true as const } : params.get('due') === '1' ? { due: true as const } : {}),
    ...((ASSIGNED as readonly string[]).includes(params.get('assigned') ?? '') ? { assigned: params.get('assigned') as Assigned } : {}),
  };
}

/** The address of a filter (and, optionally, one submission opened from it). */
export function paramsFor(filter: InboxFilter, submission?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.form) params.set('form', filter.form);
  if (filter.status) params.set('status', filter.status);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.search) params.set('q', filter.search);
  if (filter.unread) params.set('unread', '1');
  if (filter.spam) params.set('spam', '1');
  if (filter.due) params.set('due', '1');
  if (filter.assigned) params.set('assigned', filter.assigned);
  if (filter.form && filter.answer) {
    params.set('field', filter.answer.field);
    params.set('answer', filter.answer.value);
  }
  if (submission) params.set(SUBMISSION_PARAM, submission);
  return params;
}

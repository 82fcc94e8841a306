import { asking, type ConditionalSchema } from './conditions.ts';
import type { NotificationForm } from './notification-form.ts';
import { OPT_IN, subscriptionState } from './opt-in.ts';

/**
 * How staff read a submission, wherever they read it: the notification email and the staff
 * workspace (/staff) both lay answers out with these, so the two never disagree.
 */

export interface AnswerRow {
  field: string;
  /** The question's title in the schema. */
  label: string;
  /** The option's label rather than its stored code; other answers as typed; or what stands for no answer. */
  value: string;
  /** Whether the visitor answered, left the question empty, or was not asked it (its condition did not hold). */
  state: 'answered' | 'not answered' | 'not asked';
}

/** What staff read where there is no answer: a question left empty, and one the form did not ask. */
export const NO_ANSWER = { 'not answered': 'Not answered', 'not asked': 'Not asked' } as const;

const answered = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Whether a saved submission was asked each of its form's questions: the form's conditions, read on its answers. */
export function notAskedIn(form: NotificationForm, data: Record<string, unknown>): Set<string> {
  return asking(form.schema as ConditionalSchema, data).notAsked;
}

/** What staff read for one field: the option's label rather than its stored code, Yes or No for a box. */
export function display(form: NotificationForm, field: string, value: unknown): string {
  const option = form.schema.properties?.[field]?.oneOf?.find((o) => o.const === value);
  if (option) return option.title;
  // A box, as a person says it (the overview and the inbox's filter carry it as text).
  if (form.schema.properties?.[field]?.type === 'boolean' && [true, false, 'true', 'false'].includes(value as never)) return value === true || value === 'true' ? 'Yes' : 'No';
  return String(value);
}

/** Characters that change the direction of the text after them: U+202E makes "moc.knab" read "bank.com". */
const DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * A visitor's text in a line of plain text (a subject, the text part), isolated between U+2068 and U+2069
 * when it holds a direction control, so the control cannot reorder the staff's own words around it.
 */
export function isolated(text: string): string {
  return DIRECTION_CONTROLS.test(text) ? `\u2068${text}\u2069` : text;
}

/** A question as the form asks it (its title), or its field name when it has none. */
export const questionTitle = (form: NotificationForm, field: string): string => form.schema.properties?.[field]?.title ?? field;

/** Every question, titled and in form order, with its answer, or "Not answered" or "Not asked". */
export function answerRows(form: NotificationForm, data: Record<string, unknown>): AnswerRow[] {
  const notAsked = notAskedIn(form, data);
  const rows: AnswerRow[] = form.order.map((field) => {
    const label = questionTitle(form, field);
    if (answered(data[field])) return { field, label, value: display(form, field, data[field]), state: 'answered' };
    const state = notAsked.has(field) || form.hidden?.includes(field) ? 'not asked' : 'not answered';
    return { field, label, value: NO_ANSWER[state], state };
  });
  // A double opt-in form's address is on the list only once confirmed: staff read which it is.
  if (form.optIn) rows.push({ field: OPT_IN, label: SUBSCRIPTION, value: subscriptionState(data[OPT_IN]), state: 'answered' });
  return rows;
}

/** The title of a double opt-in form's state, beside its questions. */
export const SUBSCRIPTION = 'Subscription';

/** The subject staff see in their mailbox (a reply's subject starts from it), one line, at most 150 characters. */
export function subjectLine(formType: string, form: NotificationForm, data: Record<string, unknown>): string {
  // Only the declared template is filled in: a visitor's "{email}" stays text.
  const subject =
    form.subject === null
      ? `${formType}: ${isolated(answerRows(form, data).find((row) => row.state === 'answered')?.value ?? '')}`
      : form.subject.replace(/\{(\w+)\}/g, (_, field: string) => (data[field] === undefined || data[field] === null ? '' : isolated(display(form, field, data[field]))));
  // Header values never carry line breaks, whatever the visitor typed.
  return subject.replace(/[\r\n]+/g, ' ').slice(0, 150);
}

/**
 * The forms staff work with, as the notification email knows them (generated from schemas/forms.json
 * by `npm run generate`): a new form or question reaches the inbox, the submission page and the CSV
 * export with no edit here. Answers are laid out by the email's own functions, so staff read the same
 * titles, labels and order in both places.
 */
import { answerRows, display, questionTitle, subjectLine } from '../../../form-model/answer-rows.ts';
import { notificationForms } from '../../../form-model/generated/notification-forms.ts';
import { replySubjectLine } from '../../../form-model/reply-templates.ts';
import type { NotificationForm } from '../../../form-model/notification-form.ts';

export interface StaffForm extends NotificationForm {
  /** What the form is called in the inbox: its notification's formType ("Contact Inquiry"). */
  title: string;
}

/** Notified forms as staff work with them, keyed by the name the inbox stores (`staff_inbox.form`). */
export const staffFormsOf = (forms: Record<string, NotificationForm>): ReadonlyMap<string, StaffForm> =>
  new Map(Object.entries(forms).map(([title, form]) => [form.id, { ...form, title }]));

/** This site's, in forms.json order. */
export const staffForms = staffFormsOf(notificationForms);

export const formTitle = (id: string) => staffForms.get(id)?.title ?? id;

export { answerRows, display, questionTitle };

/** "Re: " and the subject of the email staff received about this submission. */
export const replySubject = (form: StaffForm, answers: Record<string, unknown>) => replySubjectLine(`Re: ${subjectLine(form.title, form, answers)}`);

/**
 * The form's message: its longest free-text question (text with no options or format), other than the
 * sender's address, whose first line the inbox shows under each submission. Null when it has none.
 */
export function messageField(form: StaffForm): string | null {
  let best: { field: string; length: number } | null = null;
  for (const field of form.order) {
    const definition = form.schema.properties?.[field];
    if (!definition || definition.type !== 'string' || field === form.replyTo) continue;
    if (definition.oneOf || definition.enum || definition.const !== undefined || definition.format) continue;
    const length = typeof definition.maxLength === 'number' ? definition.maxLength : Infinity;
    if (!best || length > best.length) best = { field, length };
  }
  return best?.field ?? null;
}

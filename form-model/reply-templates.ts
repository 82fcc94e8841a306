import { display } from './answer-rows.ts';
import type { NotificationForm } from './notification-form.ts';

/**
 * A reply staff can start from on a submission's page (schemas/<form>.replies.json, docs/decisions/049):
 * {question} in the subject and body puts in the sender's answer, as staff read it (an option's label).
 */
export interface ReplyTemplate {
  /** What staff pick it by. */
  title: string;
  subject: string;
  body: string;
}

/** {question}: a question's name in braces, as the staff email's "subject" names answers. */
export const PLACEHOLDER = /\{(\w+)\}/g;

/** The question names a text puts in, and any brace that is not part of one (a typo the sender would read). */
export function placeholdersIn(text: string): { names: string[]; stray: number[] } {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  const left = text.replace(PLACEHOLDER, (match) => ' '.repeat(match.length));
  const stray = [...left.matchAll(/[{}]/g)].map((match) => match.index);
  return { names, stray };
}

/**
 * The template with the sender's answers in: an unanswered question leaves nothing, and a list its
 * options' labels joined. Only the template's own braces are filled: a sender's "{email}" stays text.
 */
export function fillReply(template: ReplyTemplate, form: NotificationForm, answers: Record<string, unknown>): { subject: string; body: string } {
  const answer = (field: string) => {
    const value = answers[field];
    if (value === undefined || value === null || value === '') return '';
    return Array.isArray(value) ? value.map((item) => display(form, field, item)).join(', ') : display(form, field, value);
  };
  const fill = (text: string) => text.replace(PLACEHOLDER, (_, field: string) => answer(field));
  return { subject: replySubjectLine(fill(template.subject)), body: fill(template.body) };
}

/** The most characters a reply's subject may have (staff_send_reply, supabase/migrations/20261128030000_replies_from_the_page.sql). */
export const REPLY_SUBJECT_MAX = 200;

/**
 * A subject the database takes: one line of at most REPLY_SUBJECT_MAX characters (as PostgreSQL counts
 * them, so an emoji is one), cut with "…" where the sender's answers made it longer. A subject built from
 * what a sender typed is shortened here, where staff see it, rather than refused when they press Send.
 */
export function replySubjectLine(text: string): string {
  const line = [...text.replace(/[\r\n]+/g, ' ').trim()];
  return line.length <= REPLY_SUBJECT_MAX ? line.join('') : `${line.slice(0, REPLY_SUBJECT_MAX - 1).join('').trimEnd()}…`;
}

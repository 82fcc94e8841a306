import { answerRows, type AnswerRow } from '../../../form-model/answer-rows.ts';
import { notificationForms } from '../../../form-model/generated/notification-forms.ts';
import type { FormResults } from '../../../form-model/results.ts';
import type { Backend } from '../../lib/backend/load';

/** Where a submission stands, in the sender's words (the database maps staff's status: decision 038). */
export const STATE_LABELS: Record<string, string> = {
  received: 'Received',
  'being handled': 'Being handled',
  answered: 'Answered',
  closed: 'Closed',
};

export interface SentSubmission {
  id: string;
  /** What the form is called ("Contact Inquiry"), as in the email staff receive. */
  title: string;
  sentAt: Date;
  state: string;
  /** The answers laid out as staff read them: titles, option labels, questions not asked. */
  rows: AnswerRow[];
  /** What the form suggests for these answers (schemas/<form>.results.json), or null when it suggests nothing. */
  results: { results: FormResults; answers: Record<string, unknown> } | null;
}

const formsById = new Map(Object.entries(notificationForms).map(([title, form]) => [form.id, { title, form }]));

/** The signed-in member's own submissions, newest first: the database gives each member only theirs. */
export async function mySubmissions(client: Backend): Promise<SentSubmission[]> {
  const { data, error } = await client.rpc('my_submissions');
  if (error) throw new Error(error.message);
  return data.map((row) => {
    const known = formsById.get(row.form);
    const answers = (row.answers ?? {}) as Record<string, unknown>;
    return {
      id: row.submission_id,
      title: known?.title ?? row.form,
      sentAt: new Date(row.sent_at),
      state: STATE_LABELS[row.state] ?? row.state,
      rows: known ? answerRows(known.form, answers) : [],
      results: known?.form.results && row.answers ? { results: known.form.results, answers } : null,
    };
  });
}

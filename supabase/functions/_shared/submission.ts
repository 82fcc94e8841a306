import type { NotificationForm } from './notification-form.ts';
import { normaliseAnswers, unsaveableText } from './generated/validators/runtime.ts';

export type SubmissionCheck = { ok: true; answers: Record<string, unknown> } | { ok: false; problems: string[] };

/**
 * The same judgement as the browser's: the shared text rule first (trimmed; blank is no answer),
 * then the form's precompiled validator, and text the database could not store is refused.
 */
export function checkSubmission(form: NotificationForm, payload: Record<string, unknown>): SubmissionCheck {
  const answers = normaliseAnswers(payload);
  const problems = Object.entries(answers)
    .filter(([, value]) => unsaveableText(value))
    .map(([field]) => `${field} (type)`);
  if (!form.validate(answers)) {
    for (const e of form.validate.errors ?? []) {
      problems.push(`${e.instancePath.slice(1) || String(e.params.missingProperty ?? e.params.additionalProperty ?? '')} (${e.keyword})`);
    }
  }
  return problems.length ? { ok: false, problems: [...new Set(problems)] } : { ok: true, answers };
}

/**
 * The form engine's rules on every real form, with every expectation read from the form's own schema,
 * UI and messages, so these hold whatever an editor changes (the spec's fixed texts are pinned in
 * spec-contract.test.ts alone).
 */
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../src/components/forms/form-definition';
import { normalise } from '../../src/components/forms/normalise';
import { findProblems } from '../../src/components/forms/problems';
import { assessmentForm } from '../../src/generated/forms/assessment';
import { contactForm } from '../../src/generated/forms/contact';
import { forgotPasswordForm } from '../../src/generated/forms/forgot-password';
import { newPasswordForm } from '../../src/generated/forms/new-password';
import { signInForm } from '../../src/generated/forms/sign-in';
import { signUpForm } from '../../src/generated/forms/sign-up';
import { fieldOrder } from '../../form-model/field-order';
import { sampleAnswers } from '../support/sample-answers';

const FORMS = { contact: contactForm, assessment: assessmentForm, 'sign-in': signInForm, 'sign-up': signUpForm, 'forgot-password': forgotPasswordForm, 'new-password': newPasswordForm };

/** The form's field order as visitors meet it: its steps, else ui:order, else the schema's. */
const orderOf = (form: FormDefinition) => form.steps?.flatMap((s) => s.fields) ?? fieldOrder(Object.keys(form.schema.properties!), form.uiSchema['ui:order'] as string[] | undefined);
const problemsOf = (form: FormDefinition, data: Record<string, unknown>) => findProblems(form.schema, form.validators, form.messages, normalise(form.schema, data), orderOf(form));
const titleOf = (form: FormDefinition, field: string) => String((form.schema.properties![field] as { title: string }).title);

describe.each(Object.entries(FORMS))('%s form', (_, form) => {
  const complete = sampleAnswers(form.schema);
  const required = orderOf(form).filter((f) => (form.schema.required as string[]).includes(f));

  it('accepts a complete submission', () => {
    expect(problemsOf(form, complete)).toEqual([]);
  });

  it.each(required)('catches %s missing, empty or only white space, with the form\'s own message', (field) => {
    const message = form.messages.fields?.[field]?.required ?? form.messages.required;
    for (const value of [undefined, '', ' \t\u00a0\n']) {
      const problem = problemsOf(form, { ...complete, [field]: value })[0];
      expect(problem?.field).toBe(field);
      if (!form.steps) expect(problem?.toast).toEqual({ title: message.title, message: message.message.replace('{title}', titleOf(form, field)).replace('{name}', field.replaceAll('_', ' ')) });
    }
  });

  it('reports problems in the order visitors meet the fields', () => {
    expect(problemsOf(form, {}).map((p) => p.field)).toEqual(required);
  });

  it('says the limit when an answer is too long, too short, too small or too big', () => {
    for (const [field, def] of Object.entries(form.schema.properties as Record<string, Record<string, unknown>>)) {
      for (const [keyword, breaking] of [
        ['maxLength', (n: number) => 'x'.repeat(n + 1)],
        ['minLength', (n: number) => 'x'.repeat(Math.max(n - 1, 1))],
        ['minimum', (n: number) => n - 1],
        ['maximum', (n: number) => n + 1],
      ] as const) {
        const limit = def[keyword];
        if (typeof limit !== 'number' || def.oneOf || def.pattern || form.messages.fields?.[field]?.[keyword]) continue;
        const problem = problemsOf(form, { ...complete, [field]: breaking(limit) }).find((p) => p.field === field);
        expect(problem?.keyword).toBe(keyword);
        expect(problem?.toast.message).toContain(String(limit));
        expect(problem?.toast.message).toContain(titleOf(form, field));
      }
    }
  });

  it('trims text and refuses text the database cannot store', () => {
    const text = required.find((f) => typeof complete[f] === 'string' && !(form.schema.properties![f] as { oneOf?: unknown }).oneOf);
    if (!text) return;
    expect(normalise(form.schema, { ...complete, [text]: `\u00a0 ${String(complete[text])}\n` })[text]).toBe(complete[text]);
    expect(problemsOf(form, { ...complete, [text]: 'a\u0000b' }).map((p) => p.field)).toEqual([text]);
  });
});

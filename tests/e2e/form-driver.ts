/**
 * Drives a form the way a visitor does, with everything read from its generated definition (labels,
 * options, widgets, messages, steps), so the end-to-end tests follow an editor's changes to schemas/.
 */
import type { Locator, Page } from '@playwright/test';
import type { FormDefinition, FormMessage, MessageKeyword } from '../../src/components/forms/form-definition';
import { defaultMessage } from '../../form-model/default-messages';
import { fieldOrder as layOut } from '../../form-model/field-order';
import { optionLabel, sampleAnswers } from '../support/sample-answers';
import { askedFor } from '../../src/components/forms/problems';

type Field = { title: string; type?: string; oneOf?: { const: unknown; title: string }[]; pattern?: string };

export const fieldOf = (form: FormDefinition, field: string) => form.schema.properties![field] as Field;
export const titleOf = (form: FormDefinition, field: string) => fieldOf(form, field).title;
export const requiredFields = (form: FormDefinition) => (form.schema.required ?? []) as string[];

/** The fields in the order a visitor meets them: those the form asks for these answers (none given: as the page first shows it). */
export function fieldOrder(form: FormDefinition, answers: Record<string, unknown> = {}): string[] {
  const { notAsked } = askedFor(form, answers);
  const all = form.steps ? form.steps.flatMap((s) => s.fields) : layOut(Object.keys(form.schema.properties!), form.uiSchema['ui:order'] as string[] | undefined);
  return all.filter((field) => !notAsked.has(field));
}

/** A complete submission read from the schema; `overrides` set the values a test wants to find again. */
export const answersFor = (form: FormDefinition, overrides: Record<string, unknown> = {}) => sampleAnswers(form.schema, overrides);

/** The button texts the form's .ui.json sets. */
export const submitText = (form: FormDefinition) => (form.uiSchema['ui:submitButtonOptions'] as { submitText: string }).submitText;
export const busyText = (form: FormDefinition) => String(form.uiSchema['ui:busyText']);

/** The toast a visitor reads when `field` breaks `keyword`, filled in as the engine does. */
export function expectedMessage(form: FormDefinition, field: string, keyword: string, stepTitle = ''): FormMessage {
  const chosen = form.messages.fields?.[field]?.[keyword as MessageKeyword] ?? (keyword === 'required' ? form.messages.required : { title: form.messages.required.title, message: defaultMessage(keyword, fieldOf(form, field).type) });
  const fill = (text: string) => text.replaceAll('{title}', titleOf(form, field)).replaceAll('{name}', field.replaceAll('_', ' ')).replaceAll('{step}', stepTitle);
  return { title: fill(chosen.title), message: fill(chosen.message) };
}

/** A field's input (RJSF names it `<form id>_<field>`). */
export const inputOf = (scope: Page | Locator, form: FormDefinition, field: string) => scope.locator(`#${form.id}_${field}`);

/** The option a list shows as chosen (a native select; its value attribute is RJSF's encoding, not the label). */
export const chosenOf = (scope: Page | Locator, form: FormDefinition, field: string) => inputOf(scope, form, field).locator('option:checked');

/** Answers one question as a visitor would: types text, picks an option from a list or a radio group. */
export async function answer(_page: Page, scope: Page | Locator, form: FormDefinition, field: string, value: unknown) {
  const def = fieldOf(form, field);
  if (def.oneOf) {
    const label = optionLabel(form.schema, field, value);
    if ((form.uiSchema[field] as { 'ui:widget'?: string } | undefined)?.['ui:widget'] === 'radio') {
      await scope.getByRole('radio', { name: label, exact: true }).check();
    } else {
      await inputOf(scope, form, field).selectOption({ label });
    }
    return;
  }
  if (def.type === 'boolean') {
    await inputOf(scope, form, field).setChecked(value === true);
    return;
  }
  await inputOf(scope, form, field).fill(value === undefined ? '' : String(value));
}

/** Answers several questions, in the form's order. */
export async function answerAll(page: Page, scope: Page | Locator, form: FormDefinition, answers: Record<string, unknown>, fields = fieldOrder(form)) {
  for (const field of fields) if (answers[field] !== undefined) await answer(page, scope, form, field, answers[field]);
}

/** A value the field's pattern refuses, or undefined when it has no pattern. */
export function patternBreaker(form: FormDefinition, field: string): string | undefined {
  const pattern = fieldOf(form, field).pattern;
  if (!pattern) return undefined;
  return ['ana@casaverde', 'not valid', '¤'].find((v) => !new RegExp(pattern, 'u').test(v));
}

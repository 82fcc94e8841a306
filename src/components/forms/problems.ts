import type { RJSFSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { unsaveableText } from '../../generated/validators/runtime';
import { defaultMessage, LIMIT_KEYWORDS } from '../../../form-model/default-messages';
import { fieldOrder } from '../../../form-model/field-order';
import { asking, type ConditionalSchema } from '../../../form-model/conditions';
import type { FormDefinition, FormMessage, FormMessages, FormStep, MessageKeyword } from './form-definition';
import { normalise, type FormData } from './normalise';

export interface Problem {
  field: string;
  /** The rule that failed: required, pattern, minLength, maxLength, minimum, maximum, type, oneOf. */
  keyword: string;
  toast: FormMessage;
}

interface AjvError {
  keyword: string;
  instancePath: string;
  params: { missingProperty?: string };
}

type ValidateFn = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** A field's definition: the canonical schema has every question at the top. */
function fieldDefinition(schema: RJSFSchema, field: string): RJSFSchema | undefined {
  const definition = schema.properties?.[field];
  return typeof definition === 'object' ? definition : undefined;
}

function fill(template: string, values: Record<string, string>) {
  // A title that ends a sentence itself ("How many people are joining?") takes no second full stop.
  const ended = /[.?!]$/.test(values.title ?? '') ? template.replaceAll('{title}.', '{title}') : template;
  return ended.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The message for one failed rule: the field's own text if the messages file has one, else the form's default. */
function messageFor(messages: FormMessages, field: string, keyword: string, values: Record<string, string>, type?: unknown): FormMessage {
  const specific = messages.fields?.[field]?.[keyword as MessageKeyword];
  const chosen = specific ?? (keyword === 'required' ? messages.required : { title: messages.required.title, message: defaultMessage(keyword, type) });
  return { title: fill(chosen.title, values), message: fill(chosen.message, values) };
}

/**
 * Runs a form's (or step's) precompiled validator and returns every problem, one per field, in the
 * order the fields appear, so the first one is what the visitor fixes first.
 */
export function findProblems(
  schema: RJSFSchema,
  validators: ValidatorFunctions,
  messages: FormMessages,
  data: FormData,
  fieldOrder: string[],
  stepTitle = '',
): Problem[] {
  const validate = validators[String(schema.$id)] as ValidateFn | undefined;
  if (!validate) throw new Error(`No precompiled validator for ${String(schema.$id)}: run \`npm run generate\`.`);
  const byField = new Map<string, string>();
  // Text the database cannot store (a NUL character) is refused here too, as a wrong value.
  for (const [field, value] of Object.entries(data)) if (unsaveableText(value)) byField.set(field, 'type');
  if (validate(data) && byField.size === 0) return [];

  for (const error of validate.errors ?? []) {
    const field = error.keyword === 'required' ? error.params.missingProperty : error.instancePath.split('/')[1];
    if (!field || (byField.has(field) && byField.get(field) === 'required')) continue;
    // Within a field, "required" wins over any other rule; otherwise the first failure stands.
    if (!byField.has(field) || error.keyword === 'required') byField.set(field, error.keyword);
  }
  const ordered = [...fieldOrder, ...[...byField.keys()].filter((field) => !fieldOrder.includes(field))];
  return ordered
    .filter((field) => byField.has(field))
    .map((field) => {
      const keyword = byField.get(field)!;
      const definition = fieldDefinition(schema, field);
      const title = definition?.title ?? field;
      const limit = LIMIT_KEYWORDS.includes(keyword) ? String(definition?.[keyword as keyof RJSFSchema] ?? '') : '';
      return { field, keyword, toast: messageFor(messages, field, keyword, { title, name: field.replaceAll('_', ' '), step: stepTitle, limit }, definition?.type) };
    });
}

/**
 * What the form asks for these answers (form-model/conditions.ts): the answers normalised, those to
 * questions it does not ask taken out, and which questions it asks and requires.
 */
export function askedFor(form: FormDefinition, answers: FormData) {
  return asking(form.schema as ConditionalSchema, normalise(form.schema, answers));
}

/**
 * The problems of a form's answers (or of one wizard step's) as the visitor gave them: normalised, checked
 * with the whole form's validator (a step's conditions may name answers of other steps) and ordered as
 * the form shows its questions; a step reports only its own questions. The form and the page's early
 * check (./early-check.ts) both ask this, so they cannot disagree.
 */
export function checkAnswers(form: FormDefinition, step: FormStep | undefined, answers: FormData): Problem[] {
  const fields = step?.fields ?? fieldOrder(Object.keys(form.schema.properties ?? {}), form.uiSchema['ui:order'] as string[] | undefined);
  const problems = findProblems(form.schema, form.validators, form.messages, askedFor(form, answers).answers, fields, step?.title);
  return step ? problems.filter((problem) => fields.includes(problem.field)) : problems;
}

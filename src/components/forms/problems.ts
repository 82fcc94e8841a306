import type { RJSFSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { unsaveableText } from '../../generated/validators/runtime';
import { defaultMessage, LIMIT_KEYWORDS } from '../../../form-model/default-messages';
import { fieldOrder } from '../../../form-model/field-order';
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

/** A field's definition, wherever the schema declares it: directly or inside a conditional branch. */
function fieldDefinition(schema: RJSFSchema, field: string): RJSFSchema | undefined {
  const direct = schema.properties?.[field];
  if (typeof direct === 'object') return direct;
  const branches = [schema.then, schema.else, ...(schema.allOf ?? []), ...Object.values(schema.dependencies ?? {})];
  for (const branch of branches) {
    if (branch && typeof branch === 'object' && !Array.isArray(branch)) {
      const found = fieldDefinition(branch as RJSFSchema, field);
      if (found) return found;
    }
  }
  return undefined;
}

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The message for one failed rule: the field's own text if the messages file has one, else the form's default. */
function messageFor(messages: FormMessages, field: string, keyword: string, values: Record<string, string>): FormMessage {
  const specific = messages.fields?.[field]?.[keyword as MessageKeyword];
  const chosen = specific ?? (keyword === 'required' ? messages.required : { title: messages.required.title, message: defaultMessage(keyword) });
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
  // Fields a condition added (not in the declared order) come after the ordered ones.
  const ordered = [...fieldOrder, ...[...byField.keys()].filter((field) => !fieldOrder.includes(field))];
  return ordered
    .filter((field) => byField.has(field))
    .map((field) => {
      const keyword = byField.get(field)!;
      const definition = fieldDefinition(schema, field);
      const title = definition?.title ?? field;
      const limit = LIMIT_KEYWORDS.includes(keyword) ? String(definition?.[keyword as keyof RJSFSchema] ?? '') : '';
      return { field, keyword, toast: messageFor(messages, field, keyword, { title, name: field.replaceAll('_', ' '), step: stepTitle, limit }) };
    });
}

/**
 * The problems of a form's answers (or of one wizard step's) as the visitor gave them: normalised, checked
 * and ordered as the form shows its questions. The form and the page's early check (./early-check.ts) both
 * ask this, so they cannot disagree.
 */
export function checkAnswers(form: FormDefinition, step: FormStep | undefined, answers: FormData): Problem[] {
  const schema = step?.schema ?? form.schema;
  const order = fieldOrder(Object.keys(schema.properties ?? {}), form.uiSchema['ui:order'] as string[] | undefined);
  return findProblems(schema, step?.validators ?? form.validators, form.messages, normalise(schema, answers), order, step?.title);
}

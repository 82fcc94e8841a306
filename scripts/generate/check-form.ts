import Ajv from 'ajv';
import type { FormSource, JsonSchema } from './forms.ts';
import { SchemaProblem } from './forms.ts';

const ajv = new Ajv({ allErrors: true, strict: false });
const KNOWN_KEYWORDS = new Set(['required', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'type', 'oneOf', 'enum']);
const PLACEHOLDERS = new Set(['title', 'name', 'step']);

interface Step {
  title: string;
  fields: string[];
}

/** Every mistake in one form's files, as file + JSON path + a plain sentence. Empty when all is well. */
export function checkForm(form: FormSource): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const problem = (file: string, at: string, sentence: string) => problems.push(new SchemaProblem(file, at, sentence));
  const { schema, ui, steps } = form;
  const s = schema.json;

  if (!ajv.validateSchema(s)) {
    for (const e of ajv.errors ?? []) problem(schema.path, e.instancePath || '/', `is not valid JSON Schema: ${e.message}.`);
    return problems;
  }
  if (typeof s.$id !== 'string' || !/^[a-z][a-z0-9_]*$/.test(s.$id)) {
    problem(schema.path, '/$id', 'needs an "$id" of lower-case letters, digits and underscores (it names the generated validator).');
  }
  if (s.type !== 'object' || !s.properties) problem(schema.path, '/', 'must describe an object with "properties" (one per form field).');
  const properties = s.properties ?? {};
  const fields = Object.keys(properties);

  (s.required ?? []).forEach((field, i) => {
    if (!properties[field]) problem(schema.path, `/required/${i}`, `lists "${field}" as required, but there is no such field under "properties".`);
  });
  for (const [field, def] of Object.entries(properties)) {
    if (!def.title) problem(schema.path, `/properties/${field}`, `"${field}" needs a "title": it is the label visitors see.`);
    if (def.enum) {
      problem(schema.path, `/properties/${field}/enum`, `"${field}" lists bare "enum" values; use "oneOf" with a "const" and a "title" for each option so every option has a label.`);
    }
    (def.oneOf ?? []).forEach((option, i) => {
      if (option.const === undefined) problem(schema.path, `/properties/${field}/oneOf/${i}`, `option ${i + 1} of "${field}" needs a "const": the value that is stored.`);
      if (!option.title) problem(schema.path, `/properties/${field}/oneOf/${i}`, `option ${i + 1} of "${field}" needs a "title": the label visitors see.`);
    });
  }

  const order = ui.json['ui:order'];
  if (Array.isArray(order)) {
    order.forEach((field, i) => {
      if (field !== '*' && !properties[field]) problem(ui.path, `/ui:order/${i}`, `puts "${field}" in the field order, but the schema has no such field.`);
    });
  }
  for (const key of Object.keys(ui.json)) {
    if (!key.startsWith('ui:') && !properties[key]) problem(ui.path, `/${key}`, `styles a field "${key}" that the schema does not have.`);
  }

  checkMessages(form, fields, s, problem);
  if (steps) checkSteps(steps.path, steps.json, fields, problem);
  return problems;
}

function checkMessage(file: string, at: string, value: unknown, problem: (f: string, a: string, s: string) => void) {
  const m = value as { title?: unknown; message?: unknown } | undefined;
  if (!m || typeof m.title !== 'string' || !m.title.trim() || typeof m.message !== 'string' || !m.message.trim()) {
    problem(file, at, 'needs a "title" and a "message", both non-empty text.');
    return;
  }
  for (const [, placeholder] of m.message.matchAll(/\{(\w+)\}/g)) {
    if (!PLACEHOLDERS.has(placeholder!)) problem(file, `${at}/message`, `uses {${placeholder}}, but only {title}, {name} and {step} can be filled in.`);
  }
}

function checkMessages(form: FormSource, fields: string[], s: JsonSchema, problem: (f: string, a: string, s: string) => void) {
  const { path, json } = form.messages;
  checkMessage(path, '/required', json.required, problem);
  const perField = (json.fields ?? {}) as Record<string, Record<string, unknown>>;
  for (const [field, byKeyword] of Object.entries(perField)) {
    if (!fields.includes(field)) {
      problem(path, `/fields/${field}`, `has messages for "${field}", but the schema has no such field.`);
      continue;
    }
    for (const [keyword, message] of Object.entries(byKeyword)) {
      if (!KNOWN_KEYWORDS.has(keyword)) problem(path, `/fields/${field}/${keyword}`, `"${keyword}" is not a rule this form checks; use one of ${[...KNOWN_KEYWORDS].join(', ')}.`);
      else if (keyword !== 'required' && s.properties?.[field]?.[keyword] === undefined) {
        problem(path, `/fields/${field}/${keyword}`, `has a "${keyword}" message, but "${field}" has no "${keyword}" rule in the schema.`);
      }
      checkMessage(path, `/fields/${field}/${keyword}`, message, problem);
    }
  }
}

function checkSteps(path: string, json: unknown, fields: string[], problem: (f: string, a: string, s: string) => void) {
  if (!Array.isArray(json) || json.length === 0) {
    problem(path, '/', 'must be a list of steps, each with a "title" and its "fields".');
    return;
  }
  const seen = new Map<string, number>();
  (json as Step[]).forEach((step, i) => {
    if (typeof step.title !== 'string' || !step.title.trim()) problem(path, `/${i}/title`, `step ${i + 1} needs a "title".`);
    if (!Array.isArray(step.fields) || step.fields.length === 0) {
      problem(path, `/${i}/fields`, `step ${i + 1} needs a list of "fields".`);
      return;
    }
    step.fields.forEach((field, j) => {
      if (!fields.includes(field)) problem(path, `/${i}/fields/${j}`, `step ${i + 1} lists "${field}", but the schema has no such field.`);
      else if (seen.has(field)) problem(path, `/${i}/fields/${j}`, `"${field}" is already in step ${seen.get(field)! + 1}; each field belongs to exactly one step.`);
      else seen.set(field, i);
    });
  });
  for (const field of fields) {
    if (!seen.has(field)) problem(path, '/', `"${field}" is in the schema but in no step, so visitors could never fill it in.`);
  }
}

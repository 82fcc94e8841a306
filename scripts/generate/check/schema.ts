import Ajv from 'ajv';
import type { FormRegistryEntry, JsonSchema, SchemaOnlyForm } from '../forms.ts';
import { fromPointer, problemAt, type JsonPath, type SchemaProblem } from '../json-source.ts';
import { patternProblem } from '../pg-pattern.ts';
import { mendedSpelling, questionNameProblem } from './sql-names.ts';
import { didYouMean } from './suggest.ts';
import { canonicalSchema, CONDITION_KEYWORDS, isObject, readConditions } from './conditions.ts';

const metaAjv = new Ajv({ allErrors: true, strict: false });
/** The version of JSON Schema the forms are written in: the generator's Ajv and the page's RJSF read it. */
const DRAFT_07 = ['http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-07/schema'];
/** Every keyword JSON Schema (draft-07, as Ajv knows it) has: anything else is a typo or a mistake. */
const KEYWORDS = Object.keys(metaAjv.RULES.keywords);

/**
 * In a form whose answers are saved, each rule must also hold in the database (the public key lets
 * anyone insert without the browser), so only rules the generator turns into table constraints may
 * be used. Anything else would be checked in the browser and silently not on the server.
 */
const STORED_FORM_KEYWORDS = ['$schema', '$id', '$comment', 'title', 'description', 'type', 'additionalProperties', 'required', 'properties'];
const STORED_FIELD_KEYWORDS = ['$comment', 'type', 'title', 'description', 'default', 'maxLength', 'minLength', 'pattern', 'oneOf', 'minimum', 'maximum', 'examples'];
const FIELD_TYPES = ['string', 'integer', 'number', 'boolean'];
/** What PostgreSQL's integer column holds. */
const PG_INTEGER = [-2147483648, 2147483647] as const;

/** Keywords whose value is a schema, a list of schemas or a map of schemas: where the walk goes on. */
const SUBSCHEMA = ['additionalProperties', 'items', 'additionalItems', 'contains', 'propertyNames', 'if', 'then', 'else', 'not'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'items'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];

type Problem = (at: JsonPath, sentence: string, target?: 'key' | 'value') => void;

const TYPE_NAMES: Record<string, string> = { string: 'text', integer: 'a whole number', number: 'a number', boolean: 'true or false' };

/** Rules that apply to one kind of answer, and what does the same job for another. */
const NUMBER_RULES = { string: '"minLength" and "maxLength"' } as Record<string, string>;
const TEXT_RULES = { integer: '"minimum" and "maximum"', number: '"minimum" and "maximum"' } as Record<string, string>;
const RULES_FOR_TYPE: [string, 'text' | 'numbers', Record<string, string>][] = [
  ['maxLength', 'text', TEXT_RULES],
  ['minLength', 'text', TEXT_RULES],
  ['pattern', 'text', {}],
  ['minimum', 'numbers', NUMBER_RULES],
  ['maximum', 'numbers', NUMBER_RULES],
];

/** Misspelt or unknown keywords anywhere in the schema, each pointed at its key. */
function unknownKeywords(node: unknown, at: JsonPath, problem: Problem) {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (!KEYWORDS.includes(key)) {
      const hint = key.startsWith('ui:') ? ' Settings that start with "ui:" belong in the .ui.json file.' : didYouMean(key, KEYWORDS);
      problem([...at, key], `"${key}" is not a JSON Schema keyword, so it would be ignored.${hint}`, 'key');
      continue;
    }
    if (SUBSCHEMA.includes(key)) unknownKeywords(value, [...at, key], problem);
    if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) value.forEach((v, i) => unknownKeywords(v, [...at, key, i], problem));
    if (SUBSCHEMA_MAPS.includes(key) && value && typeof value === 'object') {
      for (const [name, sub] of Object.entries(value)) unknownKeywords(sub, [...at, key, name], problem);
    }
  }
}

/** Keywords the database cannot enforce, in a form that is saved. */
function unenforceable(schema: JsonSchema, problem: Problem) {
  for (const key of Object.keys(schema)) {
    if (KEYWORDS.includes(key) && !STORED_FORM_KEYWORDS.includes(key) && !CONDITION_KEYWORDS.includes(key)) {
      problem([key], `"${key}" cannot be used in a form that is saved: the database could not enforce it, so anyone could send answers that break it. Use rules on the questions (required, maxLength, pattern, oneOf, minimum, maximum), or conditions ("if"/"then", see schemas/README.md), instead.`, 'key');
    }
  }
  for (const [field, def] of Object.entries(schema.properties ?? {})) unenforceableRules(def, ['properties', field], problem);
  if (schema.additionalProperties !== false) {
    problem(['additionalProperties'], 'a saved form needs "additionalProperties": false, so answers to questions that do not exist are refused.', 'key');
  }
}

/** Rules on one question of a saved form that the database could not enforce. */
function unenforceableRules(def: Field, at: JsonPath, problem: Problem) {
  for (const key of Object.keys(def ?? {})) {
    // A bare "enum" gets its own message (checkField): a list of options, written the other way.
    if (KEYWORDS.includes(key) && !STORED_FIELD_KEYWORDS.includes(key) && key !== 'enum') {
      problem([...at, key], `"${key}" cannot be used on a question of a saved form: the database could not enforce it. Use one of ${STORED_FIELD_KEYWORDS.filter((k) => !k.startsWith('$')).join(', ')}.`, 'key');
    }
  }
}

type Field = NonNullable<JsonSchema['properties']>[string];

function checkField(field: string, def: Field, stored: boolean, problem: Problem, at: JsonPath = ['properties', field]) {
  if (typeof def !== 'object' || def === null) return;
  if (typeof def.title !== 'string' || !def.title.trim()) problem(at, `"${field}" needs a "title": it is the label visitors see.`, 'key');
  else if (/\((optional|required)\)|\*\s*$/i.test(def.title)) {
    problem([...at, 'title'], `the label of "${field}" says whether it is required; the form shows that by itself from the "required" list, so take "(optional)", "(required)" or "*" out of the title.`);
  }
  if (stored && !FIELD_TYPES.includes(String(def.type))) {
    problem([...at, 'type'], `"${field}" needs a "type" of string, integer, number or boolean (the column type in the database).`, def.type === undefined ? 'key' : 'value');
  }
  // A rule for another type is ignored by the browser's validator: say so where it is, and what fits.
  for (const [keyword, kind, instead] of RULES_FOR_TYPE) {
    const fits = kind === 'text' ? def.type === 'string' : def.type === 'integer' || def.type === 'number';
    if (def[keyword] !== undefined && typeof def.type === 'string' && FIELD_TYPES.includes(def.type) && !fits) {
      problem([...at, keyword], `"${keyword}" is a rule for ${kind}, and "${field}" is ${TYPE_NAMES[def.type]}: remove "${keyword}"${instead[def.type] ? `, or use ${instead[def.type]}` : ''}.`, 'key');
    }
  }
  // An integer column holds -2,147,483,648 to 2,147,483,647: a number typed beyond that must be the
  // form's message, never the database's refusal.
  if (stored && def.type === 'integer') {
    const inRange = (value: unknown) => typeof value === 'number' && value >= PG_INTEGER[0] && value <= PG_INTEGER[1];
    for (const [keyword, example] of [['minimum', 0], ['maximum', 1000000]] as const) {
      if (def[keyword] === undefined) problem(at, `"${field}" is a whole number, kept in a column that holds at most ${PG_INTEGER[1].toLocaleString('en')}: give it a "${keyword}" (for example "${keyword}": ${example}), so a visitor who types beyond it reads the form's message.`, 'key');
      else if (!inRange(def[keyword])) problem([...at, keyword], `"${keyword}" of "${field}" must be between ${PG_INTEGER[0].toLocaleString('en')} and ${PG_INTEGER[1].toLocaleString('en')}, what the database's whole-number column holds.`);
    }
  }
  if (def.enum) problem([...at, 'enum'], `"${field}" lists bare "enum" values; use "oneOf" with a "const" and a "title" for each option so every option has a label.`, 'key');
  const consts = new Set<string>();
  const labels = new Map<string, number>();
  (def.oneOf ?? []).forEach((option, i) => {
    if (option.const === undefined) problem([...at, 'oneOf', i], `option ${i + 1} of "${field}" needs a "const": the value that is stored.`);
    else if (consts.has(JSON.stringify(option.const))) problem([...at, 'oneOf', i, 'const'], `option ${i + 1} of "${field}" stores the same value as an earlier option; each option needs its own "const".`);
    else consts.add(JSON.stringify(option.const));
    if (!option.title) problem([...at, 'oneOf', i], `option ${i + 1} of "${field}" needs a "title": the label visitors see.`);
    else {
      const label = option.title.trim().toLowerCase();
      const earlier = labels.get(label);
      if (earlier === undefined) labels.set(label, i);
      else problem([...at, 'oneOf', i, 'title'], `option ${i + 1} of "${field}" has the same label as option ${earlier + 1} ("${option.title}"): visitors could not tell them apart. Give each option its own "title".`);
    }
    // An option the question's own rules refuse could be chosen but never saved.
    if (typeof option.const === 'string' && option.const !== option.const.trim()) {
      problem([...at, 'oneOf', i, 'const'], `option ${i + 1} of "${field}" starts or ends with a space, which answers are trimmed of, so it could never be saved. Remove the space.`);
    } else if (option.const !== undefined) {
      const rules = Object.fromEntries(Object.entries(def).filter(([keyword]) => ['type', 'maxLength', 'minLength', 'pattern', 'minimum', 'maximum'].includes(keyword)));
      if (!metaAjv.validate(rules, option.const)) {
        problem([...at, 'oneOf', i, 'const'], `option ${i + 1} of "${field}" breaks the question's own rules (${metaAjv.errorsText(metaAjv.errors, { dataVar: 'it' })}), so it could be chosen but never saved.`);
      }
    }
    if (option.const !== undefined && def.type && typeof option.const !== (def.type === 'integer' ? 'number' : def.type)) {
      problem([...at, 'oneOf', i, 'const'], `option ${i + 1} of "${field}" stores ${JSON.stringify(option.const)}, which is not of the question's type "${String(def.type)}".`);
    }
  });
  if (typeof def.pattern === 'string') {
    const wrong = patternProblem(def.pattern, stored);
    if (wrong) problem([...at, 'pattern'], `the pattern of "${field}" ${wrong}`);
  }
  if (def.default !== undefined) {
    const { default: value, ...rules } = def;
    if (!metaAjv.validate(rules, value)) problem([...at, 'default'], `the default of "${field}" breaks the question's own rules (${metaAjv.errorsText(metaAjv.errors, { dataVar: 'it' })}).`);
  }
}

/**
 * Every mistake in a form's .schema.json, each at its line. When there is none, the form's schema is
 * replaced by its canonical shape (every question at the top, conditions as form-model/conditions.ts
 * reads them), which is what every later check and generated file uses.
 */
export function checkSchema(form: SchemaOnlyForm, entry: FormRegistryEntry | undefined): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const file = form.schema;
  const problem: Problem = (at, sentence, target = 'value') => problems.push(problemAt(file, at, sentence, target));
  const s = file.json;
  if (!s || typeof s !== 'object' || Array.isArray(s)) {
    problem([], 'must be one {...} describing the form.');
    return problems;
  }
  if (s.$schema !== undefined && !DRAFT_07.includes(s.$schema as string)) {
    problem(['$schema'], `"$schema" must be "${DRAFT_07[0]}" (the version of JSON Schema every form is written in), or left out.`);
    return problems;
  }
  unknownKeywords(s, [], problem);
  const valid = metaAjv.validateSchema(s);
  if (!valid) {
    for (const e of metaAjv.errors ?? []) problem(fromPointer(e.instancePath), `is not valid JSON Schema: ${e.message}.`);
  }
  // A key refused for its spelling (a space, a capital) is known to the form's other files by the name the
  // refusal says to use, so they are not told to write the refused one ("Did you mean "Contact Name"?").
  const named = (properties: unknown) =>
    Object.fromEntries(
      Object.entries(isObject(properties) ? properties : {})
        .filter(([, def]) => isObject(def))
        .map(([key, def]) => [mendedSpelling(key), def]),
    ) as Record<string, Field>;
  // A schema JSON Schema itself refuses cannot be read further; an unknown keyword ("requried") is
  // ignored by every rule, so the rest is checked as if it were not there: one run lists every problem.
  if (!valid) {
    form.questions = named(s.properties);
    return problems;
  }

  // One form, one identity: the inbox, the staff page and the validators all know it by its forms.json name.
  const id = form.name.replaceAll('-', '_');
  if (s.$id !== id) {
    const named = id === form.name ? 'the form\'s name in schemas/forms.json' : `the form's name in schemas/forms.json ("${form.name}") with underscores for dashes`;
    problem(['$id'], `"$id" must be "${id}", ${named}.`, s.$id === undefined ? 'key' : 'value');
  }
  if (s.type !== 'object' || !s.properties) problem([], 'must describe an object with "properties" (one per form field).');
  const stored = Boolean(entry?.table);
  if (stored) unenforceable(s, problem);
  const properties = s.properties ?? {};
  const question = (field: string, def: Field, at: JsonPath) => {
    const badName = questionNameProblem(field, stored ? entry!.table : null);
    if (badName) problem(at, badName, 'key');
    if (stored && at[0] !== 'properties') unenforceableRules(def, at, problem);
    checkField(field, def, stored, problem, at);
  };
  for (const [field, def] of Object.entries(properties)) question(field, def, ['properties', field]);
  const conditions = readConditions(s, problem, ({ field, definition, at }) => question(field, definition, at));
  (s.required ?? []).forEach((field, i) => {
    const branch = conditions.questions.find((q) => q.field === field);
    if (branch) problem(['required', i], `lists "${field}" as required, but it is asked only when its condition holds; list it in the "required" of the branch that asks it instead.`);
    else if (!properties[field] && !Object.keys(properties).some((key) => mendedSpelling(key) === field))
      problem(['required', i], `lists "${field}" as required, but there is no such field under "properties".${didYouMean(field, Object.keys(properties))}`);
  });
  form.questions = { ...named(properties), ...Object.fromEntries(conditions.questions.map((q) => [q.field, q.definition])) };
  if (problems.length) return problems;

  // Ajv's strict mode as a last line: anything it still finds is reported at the top of the file.
  try {
    // strictTypes off: a condition's test ({ "minimum": 50 }) takes its type from the question it tests.
    new Ajv({ strict: true, strictTypes: false, allErrors: true }).compile(s);
  } catch (error) {
    problem([], `is refused by the validator: ${error instanceof Error ? error.message : String(error)}.`);
  }
  if (!problems.length) form.schema.json = canonicalSchema(s, conditions);
  form.questionsAt = new Map([...Object.keys(properties).map((field): [string, JsonPath] => [field, ['properties', field]]), ...conditions.questions.map((q): [string, JsonPath] => [q.field, q.at])]);
  return problems;
}

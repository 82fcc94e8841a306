import type { AnswerTest, Branch, Rule } from '../../../form-model/conditions.ts';
import type { JsonPath } from '../json-source.ts';
import type { JsonSchema } from '../forms.ts';
import { didYouMean } from './suggest.ts';

/**
 * Conditional questions as a form's schema may write them (docs/decisions/034), and the canonical shape
 * the generator writes them in (form-model/conditions.ts). Only shapes the database can enforce are
 * accepted; every other one is refused at its place with what to write instead.
 */

type Problem = (at: JsonPath, sentence: string, target?: 'key' | 'value') => void;
export type Field = NonNullable<JsonSchema['properties']>[string];

/** The keywords of a schema's top level that hold its conditions. */
export const CONDITION_KEYWORDS = ['if', 'then', 'else', 'allOf', 'dependencies'];

export const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const TEST_KEYWORDS = ['const', 'enum', 'minimum', 'maximum'];
const EXAMPLE = 'for example "if": { "properties": { "organization_type": { "const": "small_business" } }, "required": ["organization_type"] }';

/** One condition as written: where it is, and its parts. */
interface Written {
  at: JsonPath;
  if: unknown;
  then: unknown;
  else: unknown;
}

/** A branch question: where its definition is written, for the checks of its rules and for reports. */
export interface BranchQuestion {
  field: string;
  definition: Field;
  at: JsonPath;
}

export interface ReadConditions {
  rules: Rule[];
  /** Questions the branches add, in the order they are written. */
  questions: BranchQuestion[];
}

/** The conditions in the shapes a schema may write them: top-level if/then/else, allOf entries, dependencies. */
function writtenConditions(schema: JsonSchema, problem: Problem): Written[] {
  const found: Written[] = [];
  if ('if' in schema) found.push({ at: [], if: schema.if, then: schema.then, else: schema.else });
  else for (const key of ['then', 'else']) if (key in schema) problem([key], `"${key}" needs an "if" beside it, saying when it applies: ${EXAMPLE}.`, 'key');
  if ('allOf' in schema) {
    if (!Array.isArray(schema.allOf)) problem(['allOf'], '"allOf" must be a list [...] of conditions, each { "if": ..., "then": ... }.');
    else
      schema.allOf.forEach((entry, i) => {
        if (!isObject(entry) || !('if' in entry)) {
          problem(['allOf', i], `each entry of "allOf" must be one condition: { "if": ..., "then": ... } (${EXAMPLE}).`);
          return;
        }
        for (const key of Object.keys(entry)) {
          if (!['if', 'then', 'else', '$comment'].includes(key)) problem(['allOf', i, key], `an entry of "allOf" holds "if", "then" and "else" only; "${key}" cannot be enforced by the database here.`, 'key');
        }
        found.push({ at: ['allOf', i], if: entry.if, then: entry.then, else: entry.else });
      });
  }
  return found;
}

/** The value of a test as the question stores it: of its type, and one of its options if it has them. */
function testValueProblem(question: string, definition: Field, value: unknown): string | null {
  const type = definition.type === 'integer' ? 'number' : String(definition.type);
  if (typeof value !== type || (definition.type === 'integer' && !Number.isInteger(value))) {
    return `${JSON.stringify(value)} is not an answer "${question}" can have: it is ${definition.type === 'boolean' ? 'true or false' : definition.type === 'string' ? 'text' : 'a number'}.`;
  }
  const options = definition.oneOf?.map((option) => option.const);
  const byLabel = definition.oneOf?.find((option) => option.title === value);
  if (options && byLabel) return `${JSON.stringify(value)} is the label of an option of "${question}"; a condition tests what is stored: write ${JSON.stringify(byLabel.const)}.`;
  if (options && !options.includes(value)) {
    const words = options.filter((o): o is string => typeof o === 'string');
    return `${JSON.stringify(value)} is not one of the options of "${question}" (${options.map((o) => JSON.stringify(o)).join(', ')}), so the condition could never hold.${typeof value === 'string' ? didYouMean(value, words) : ''}`;
  }
  return null;
}

export function readTest(question: string, definition: Field, test: unknown, at: JsonPath, problem: Problem): AnswerTest {
  if (!isObject(test)) {
    problem(at, `the condition on "${question}" must be a {...} such as { "const": ... }, { "enum": [...] }, { "minimum": ... } or { "maximum": ... }.`);
    return {};
  }
  const read: AnswerTest = {};
  for (const [keyword, value] of Object.entries(test)) {
    if (keyword === '$comment') continue;
    if (!TEST_KEYWORDS.includes(keyword)) {
      const instead = keyword === 'not' ? ' To ask when an answer is not something, put the question in "else".' : keyword === 'exclusiveMinimum' || keyword === 'exclusiveMaximum' ? ` Use "${keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum'}" with the next whole number.` : '';
      problem([...at, keyword], `a condition tests an answer with "const", "enum", "minimum" or "maximum" only; "${keyword}" cannot be enforced by the database.${instead}`, 'key');
      continue;
    }
    if (keyword === 'minimum' || keyword === 'maximum') {
      if (definition.type !== 'integer' && definition.type !== 'number') problem([...at, keyword], `"${keyword}" tests a number, and "${question}" is not a number question; use "const" or "enum".`, 'key');
      else if (typeof value !== 'number') problem([...at, keyword], `"${keyword}" must be a number.`);
      else read[keyword] = value;
      continue;
    }
    const values = keyword === 'enum' ? value : [value];
    if (!Array.isArray(values) || values.length === 0) {
      problem([...at, keyword], '"enum" must be a list [...] of the answers for which the condition holds.');
      continue;
    }
    values.forEach((one, i) => {
      const wrong = testValueProblem(question, definition, one);
      if (wrong) problem(keyword === 'enum' ? [...at, keyword, i] : [...at, keyword], wrong);
    });
    if (keyword === 'enum') read.enum = values;
    else read.const = value;
  }
  return read;
}

/**
 * Reads and checks every condition of a schema. `questions` are the form's top-level questions; the
 * branches' own questions are checked by the caller (`check`) like any other.
 */
export function readConditions(schema: JsonSchema, problem: Problem, check: (question: BranchQuestion) => void): ReadConditions {
  const top = schema.properties ?? {};
  const known = new Map<string, Field>(Object.entries(top));
  const branchOf = new Map<string, JsonPath>();
  const rules: Rule[] = [];
  const questions: BranchQuestion[] = [];

  for (const condition of writtenConditions(schema, problem)) {
    const at = condition.at;
    const where = (key: string) => [...at, key];
    // The test: every answer it names is asked before it, and listed in its "required".
    const test = condition.if;
    const tests: Record<string, AnswerTest> = {};
    let required: string[] = [];
    if (!isObject(test)) {
      problem(where('if'), `"if" must be a {...} naming the answers it tests: ${EXAMPLE}.`);
      continue;
    }
    for (const key of Object.keys(test)) {
      if (!['properties', 'required', '$comment'].includes(key)) problem([...where('if'), key], `"if" holds "properties" (the answers it tests) and "required" only; "${key}" cannot be enforced by the database. To test two answers, name both under "properties".`, 'key');
    }
    const named = isObject(test.properties) ? test.properties : {};
    if ('properties' in test && !isObject(test.properties)) problem([...where('if'), 'properties'], '"properties" must be a {...} of the answers the condition tests.');
    if ('required' in test && !(Array.isArray(test.required) && test.required.every((r) => typeof r === 'string'))) problem([...where('if'), 'required'], '"required" must be a list [...] of question names.');
    else required = (test.required as string[] | undefined) ?? [];
    for (const [question, questionTest] of Object.entries(named)) {
      const definition = known.get(question);
      if (!definition) {
        const later = Object.keys(top).includes(question) ? '' : didYouMean(question, [...known.keys()]);
        problem([...where('if'), 'properties', question], `the condition tests "${question}", which is not a question asked before it.${later}`, 'key');
        continue;
      }
      tests[question] = readTest(question, definition, questionTest, [...where('if'), 'properties', question], problem);
      if (!required.includes(question)) {
        problem([...where('if'), 'properties', question], `add "required": ["${question}"] inside "if": without it the condition also holds while "${question}" is not answered yet, so the question would be asked before it applies.`, 'key');
      }
    }
    required.forEach((question, i) => {
      if (!known.has(question)) problem([...where('if'), 'required', i], `the condition names "${question}", which is not a question asked before it.${didYouMean(question, [...known.keys()])}`);
    });
    if (required.length === 0 && Object.keys(named).length === 0) problem(where('if'), `"if" names no answer, so it would always hold: ${EXAMPLE}.`);

    // The branches: the questions each asks, and what each makes required.
    const branches: Record<'then' | 'else', { asks: string[]; required: string[] }> = { then: { asks: [], required: [] }, else: { asks: [], required: [] } };
    if (condition.then === undefined && condition.else === undefined) problem(where('if'), '"if" needs a "then" (or an "else") beside it: what the form asks when it holds.', 'key');
    for (const side of ['then', 'else'] as const) {
      const branch = condition[side];
      if (branch === undefined) continue;
      const bat = where(side);
      if (!isObject(branch)) {
        problem(bat, `"${side}" must be a {...} with the questions it asks ("properties") and those it makes required ("required").`);
        continue;
      }
      for (const key of Object.keys(branch)) {
        if (['properties', 'required', '$comment'].includes(key)) continue;
        const nested = key === 'if' || key === 'allOf' ? ' A condition inside a branch is not supported: write another condition in the top-level "allOf" whose "if" names both answers.' : '';
        problem([...bat, key], `"${side}" holds "properties" (the questions it asks) and "required" only; "${key}" cannot be enforced by the database.${nested}`, 'key');
      }
      const asks = isObject(branch.properties) ? branch.properties : {};
      if ('properties' in branch && !isObject(branch.properties)) problem([...bat, 'properties'], '"properties" must be a {...} of questions, as at the top of the schema.');
      for (const [question, definition] of Object.entries(asks)) {
        const qat = [...bat, 'properties', question];
        if (Object.hasOwn(top, question)) {
          problem(qat, `"${question}" is already a question of the form (under the top-level "properties"), so it is always asked. To ask it only when this condition holds, move its definition here and delete it there.`, 'key');
          continue;
        }
        if (branchOf.has(question)) {
          problem(qat, `"${question}" is already asked by another branch; a question belongs to one branch. To ask it in more cases, widen that condition (for example with "enum": [...]).`, 'key');
          continue;
        }
        if (!isObject(definition)) {
          problem(qat, `"${question}" must be a {...} describing the question, as at the top of the schema.`);
          continue;
        }
        branchOf.set(question, qat);
        questions.push({ field: question, definition: definition as Field, at: qat });
        check({ field: question, definition: definition as Field, at: qat });
        branches[side].asks.push(question);
      }
      const requires = branch.required;
      if (requires !== undefined && !(Array.isArray(requires) && requires.every((r) => typeof r === 'string'))) {
        problem([...bat, 'required'], '"required" must be a list [...] of question names.');
        continue;
      }
      (requires ?? []).forEach((question, i) => {
        if (Object.hasOwn(top, question) || Object.hasOwn(asks, question)) branches[side].required.push(question);
        else if (branchOf.has(question)) problem([...bat, 'required', i], `"${question}" is asked only in another branch; make it required in the branch that asks it.`);
        else problem([...bat, 'required', i], `lists "${question}" as required, but no question has that name.${didYouMean(question, [...known.keys(), ...Object.keys(asks)])}`);
      });
    }
    for (const side of ['then', 'else'] as const) for (const question of branches[side].asks) known.set(question, asksOf(condition, side)[question] as Field);
    rules.push({
      if: { properties: tests, required },
      then: branch(branches.then.required, branches.else.asks),
      else: branch(branches.else.required, branches.then.asks),
    });
  }
  rules.push(...dependencyRules(schema, known, problem));
  return { rules, questions };
}

const asksOf = (condition: Written, side: 'then' | 'else') => (isObject(condition[side]) && isObject(condition[side].properties) ? condition[side].properties : {});

/** A canonical branch: what it makes required, and the questions of the other branch it does not ask. */
function branch(required: string[], notAsked: string[]): Branch {
  return {
    ...(required.length ? { required } : {}),
    ...(notAsked.length ? { properties: Object.fromEntries(notAsked.map((question) => [question, false as const])) } : {}),
  };
}

/** draft-07 "dependencies" in its list form: when the question is answered, those listed are required. */
function dependencyRules(schema: JsonSchema, known: Map<string, Field>, problem: Problem): Rule[] {
  if (!('dependencies' in schema)) return [];
  const rules: Rule[] = [];
  if (!isObject(schema.dependencies)) {
    problem(['dependencies'], '"dependencies" must be a {...}: each answered question, with the list [...] of questions it makes required.');
    return [];
  }
  for (const [question, listed] of Object.entries(schema.dependencies)) {
    const at = ['dependencies', question];
    if (!known.has(question)) {
      problem(at, `"${question}" is not a question of the form.${didYouMean(question, [...known.keys()])}`, 'key');
      continue;
    }
    if (!Array.isArray(listed)) {
      problem(at, `write the questions "${question}" makes required as a list, "${question}": ["other_question"]; to ask new questions when "${question}" is answered, use "if"/"then" instead.`);
      continue;
    }
    const required: string[] = [];
    listed.forEach((other, i) => {
      if (typeof other !== 'string' || !known.has(other)) problem([...at, i], `${JSON.stringify(other)} is not a question of the form.${typeof other === 'string' ? didYouMean(other, [...known.keys()]) : ''}`);
      else if (other === question) problem([...at, i], `"${question}" cannot make itself required.`);
      else required.push(other);
    });
    if (required.length) rules.push({ if: { properties: {}, required: [question] }, then: { required }, else: {} });
  }
  return rules;
}

/**
 * The schema as everything after the checks reads it (form-model/conditions.ts): every question at the
 * top, and the conditions as the canonical `allOf`.
 */
export function canonicalSchema(schema: JsonSchema, read: ReadConditions): JsonSchema {
  const rest = Object.fromEntries(Object.entries(schema).filter(([key]) => !CONDITION_KEYWORDS.includes(key)));
  if (!read.rules.length) return rest as JsonSchema;
  const properties = { ...schema.properties, ...Object.fromEntries(read.questions.map((q) => [q.field, q.definition])) };
  return { ...rest, properties, allOf: read.rules } as JsonSchema;
}

/**
 * Questions asked only when earlier answers make them relevant (docs/decisions/034). A form's schema
 * says it in draft-07 `if`/`then`/`else` and `dependencies`; `npm run generate` checks those and writes
 * each form's schema in one canonical shape, which is what everything reads:
 *
 * - every question is in the top-level `properties` (so it has a column, a type and its rules);
 * - each condition is one entry of the top-level `allOf`, `{ if, then, else }`, where `if` names the
 *   answers it tests (all listed in its `required`), and each branch lists the questions it makes
 *   required (`required`) and those it does not ask (`"properties": { "<question>": false }`).
 *
 * That is still plain JSON Schema: the precompiled Ajv validators check it as it stands, the generator
 * turns it into CHECK constraints, and this file reads it for the form (what to show), the staff email and
 * /staff ("Not asked"). tests/db/conditions.property.test.ts holds the three equal.
 * Self-contained on purpose: it runs in the browser, in Deno and in Node.
 */

/** What a condition may ask of one answer. */
export interface AnswerTest {
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
}

export interface Condition {
  properties: Record<string, AnswerTest>;
  /** Every answer the condition tests: a condition on an answer not given does not hold. */
  required: string[];
}

export interface Branch {
  required?: string[];
  /** The questions this branch does not ask: their answer must be absent. */
  properties?: Record<string, false>;
}

export interface Rule {
  if: Condition;
  then: Branch;
  else: Branch;
}

export interface ConditionalSchema {
  required?: string[];
  properties?: Record<string, unknown>;
  allOf?: Rule[];
}

export type Answers = Record<string, unknown>;

const given = (value: unknown) => value !== undefined && value !== null;

function passes(test: AnswerTest, value: unknown): boolean {
  if ('const' in test && value !== test.const) return false;
  if (test.enum && !test.enum.includes(value)) return false;
  if (typeof value === 'number') {
    if (typeof test.minimum === 'number' && value < test.minimum) return false;
    if (typeof test.maximum === 'number' && value > test.maximum) return false;
  }
  return true;
}

/** Whether a condition holds for these answers, as JSON Schema's `if` decides it. */
export function holds(condition: Condition, answers: Answers): boolean {
  return (
    condition.required.every((field) => given(answers[field])) &&
    Object.entries(condition.properties).every(([field, test]) => !given(answers[field]) || passes(test, answers[field]))
  );
}

/** The rules of a schema (none for a form without conditions). */
export const rulesOf = (schema: ConditionalSchema): Rule[] => schema.allOf ?? [];

export interface Asking {
  /** The questions the form does not ask for these answers. */
  notAsked: Set<string>;
  /** Every question that must be answered for these answers. */
  required: Set<string>;
  /** The answers with those to questions not asked taken out: what is checked and sent. */
  answers: Answers;
}

/**
 * What the form asks for these answers. Rules are read in order, and a condition only names questions
 * asked before it (the generator checks that), so an answer dropped here can only turn later conditions off.
 */
export function asking(schema: ConditionalSchema, answers: Answers): Asking {
  const kept: Answers = { ...answers };
  const notAsked = new Set<string>();
  const required = new Set(schema.required ?? []);
  for (const rule of rulesOf(schema)) {
    const branch = holds(rule.if, kept) ? rule.then : rule.else;
    for (const field of branch.required ?? []) required.add(field);
    for (const field of Object.keys(branch.properties ?? {})) {
      notAsked.add(field);
      delete kept[field];
    }
  }
  for (const field of notAsked) required.delete(field);
  return { notAsked, required, answers: kept };
}

/** Questions some condition may leave out: those that are not always asked. */
export function conditionalQuestions(schema: ConditionalSchema): Set<string> {
  return new Set(rulesOf(schema).flatMap((rule) => [...Object.keys(rule.then.properties ?? {}), ...Object.keys(rule.else.properties ?? {})]));
}

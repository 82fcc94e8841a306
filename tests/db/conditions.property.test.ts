/**
 * Conditional questions hold everywhere alike (docs/decisions/034): random forms with conditions, in
 * every shape the generator accepts (if/then/else on choices, numbers and yes/no answers, chains of
 * conditions, dependencies), each checked by the generator, turned into a table by its migration code,
 * and answered at random. Ajv (the browser's validator), the database's generated constraints and
 * form-model/conditions.ts (what the form shows and staff read) must agree on every answer.
 */
import Ajv from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asking, holds, type ConditionalSchema, type Rule } from '../../form-model/conditions';
import { canonicalSchema, readConditions } from '../../scripts/generate/check/conditions';
import { diffStates } from '../../scripts/generate/db-diff';
import { desiredState } from '../../scripts/generate/db-state';
import type { JsonSchema } from '../../scripts/generate/forms';
import { ENGINES, freshDatabase, type Db } from './database';

const FORMS = Number(process.env.PROPERTY_FORMS ?? 80);
const ANSWERS = Number(process.env.PROPERTY_RUNS ?? 40);

type Kind = 'choice' | 'number' | 'yes_no' | 'text';
type Question = JsonSchema & { type: string };
const OPTIONS = ['a', 'b', 'c'];

const QUESTIONS: Record<Kind, Question> = {
  choice: { type: 'string', title: 'Choice', oneOf: OPTIONS.map((o) => ({ const: o, title: o.toUpperCase() })) },
  number: { type: 'integer', title: 'Number', minimum: 0, maximum: 100 },
  yes_no: { type: 'boolean', title: 'Yes or no' },
  text: { type: 'string', title: 'Text', maxLength: 5 },
};

const kind = fc.constantFrom<Kind>('choice', 'number', 'yes_no', 'text');

/** A test of one answer, as a condition may write it for that kind of question. */
function testFor(k: Kind): fc.Arbitrary<Record<string, unknown>> {
  if (k === 'choice') return fc.oneof(fc.constantFrom(...OPTIONS).map((o) => ({ const: o })), fc.subarray(OPTIONS, { minLength: 1 }).map((e) => ({ enum: e })));
  if (k === 'number') return fc.oneof(fc.integer({ min: 0, max: 100 }).map((n) => ({ minimum: n })), fc.integer({ min: 0, max: 100 }).map((n) => ({ maximum: n })), fc.integer({ min: 0, max: 100 }).map((n) => ({ const: n })));
  if (k === 'yes_no') return fc.boolean().map((b) => ({ const: b }));
  return fc.constant({});
}

/** A random form: top-level questions, then conditions that each test earlier questions and may ask new ones. */
const form = fc
  .record({
    top: fc.array(kind, { minLength: 1, maxLength: 3 }),
    required: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    rules: fc.array(
      fc.record({
        tests: fc.array(fc.nat(), { minLength: 0, maxLength: 2 }),
        then: fc.array(fc.record({ kind, required: fc.boolean() }), { maxLength: 2 }),
        else: fc.array(fc.record({ kind, required: fc.boolean() }), { maxLength: 1 }),
        requireTop: fc.option(fc.nat(), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    dependency: fc.option(fc.tuple(fc.nat(), fc.nat()), { nil: undefined }),
  })
  .chain((shape) => {
    // The tests' values depend on the kinds of the questions they name, chosen here.
    const known: [string, Kind][] = shape.top.map((k, i) => [`q${i}_${k}`, k]);
    let added = 0;
    const rules = shape.rules.map((rule) => {
      const named = [...new Set(rule.tests.map((n) => known[n % known.length]!))];
      const testArbs = named.map(([name, k]) => testFor(k).map((t) => [name, t] as const));
      const branch = (side: 'then' | 'else') =>
        rule[side].map(({ kind: k, required }) => {
          const name = `b${added++}_${k}`;
          return { name, k, required };
        });
      const then = branch('then');
      const otherwise = branch('else');
      for (const q of [...then, ...otherwise]) known.push([q.name, q.k]);
      const requireTop = rule.requireTop === undefined ? [] : [`q${rule.requireTop % shape.top.length}_${shape.top[rule.requireTop % shape.top.length]}`];
      return fc.tuple(...testArbs).map((tests) => {
        const properties = Object.fromEntries(tests.map(([name, t]) => [name, t]));
        // A condition names at least one answer; one with no test holds once that answer is given.
        const required = named.length ? named.map(([name]) => name) : [`q0_${shape.top[0]}`];
        return {
          if: { properties, required },
          then: { properties: Object.fromEntries(then.map((q) => [q.name, QUESTIONS[q.k]])), required: [...then.filter((q) => q.required).map((q) => q.name), ...requireTop] },
          ...(otherwise.length ? { else: { properties: Object.fromEntries(otherwise.map((q) => [q.name, QUESTIONS[q.k]])), required: otherwise.filter((q) => q.required).map((q) => q.name) } } : {}),
        };
      });
    });
    return fc.tuple(...rules).map((allOf) => {
      const properties = Object.fromEntries(shape.top.map((k, i) => [`q${i}_${k}`, QUESTIONS[k]]));
      const required = shape.top.map((k, i) => (shape.required[i] ? `q${i}_${k}` : null)).filter((q): q is string => q !== null);
      const schema: JsonSchema = { $id: 'random', type: 'object', additionalProperties: false, required, properties, allOf };
      if (shape.dependency && shape.top.length > 1) {
        const [a, b] = shape.dependency.map((n) => n % shape.top.length);
        if (a !== b) schema.dependencies = { [`q${a}_${shape.top[a!]}`]: [`q${b}_${shape.top[b!]}`] };
      }
      return schema;
    });
  });

/** An answer for one question: often valid (numbers often at and beside the conditions' bounds), sometimes out of range, sometimes missing. */
function answerFor(name: string, bounds: number[]): fc.Arbitrary<unknown> {
  const k = name.slice(name.indexOf('_') + 1) as Kind;
  const near = bounds.flatMap((b) => [b - 1, b, b + 1]).filter((n) => n >= 0 && n <= 100);
  const number = near.length ? fc.oneof(fc.integer({ min: 0, max: 100 }), { weight: 2, arbitrary: fc.constantFrom(...near) }) : fc.integer({ min: 0, max: 100 });
  const valid = k === 'choice' ? fc.constantFrom(...OPTIONS) : k === 'number' ? number : k === 'yes_no' ? fc.boolean() : fc.constantFrom('x', 'hello');
  const wrong = k === 'choice' ? fc.constant('z') : k === 'number' ? fc.constantFrom(-1, 101) : k === 'text' ? fc.constant('toolong') : fc.constant(true);
  return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: wrong }, { weight: 3, arbitrary: fc.constant(undefined) });
}

describe.each(ENGINES)('conditions: the browser, the database and the form agree (%s)', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDatabase(engine);
  }, 60_000);
  afterAll(() => db.close());

  it('on every answer to random conditional forms', async () => {
    const outcomes = { accepted: 0, refused: 0 };
    let n = 0;
    for (const written of fc.sample(form, { numRuns: FORMS, seed: Number(process.env.PROPERTY_SEED ?? 37) })) {
      const problems: string[] = [];
      const read = readConditions(written, (at, sentence) => problems.push(`${at.join('/')}: ${sentence}`), () => {});
      expect(problems, JSON.stringify(written)).toEqual([]);
      const schema = canonicalSchema(written, read);
      const ajv = new Ajv({ allErrors: true, strict: false });
      const validate = ajv.compile(schema);
      const conditions = ((schema.allOf ?? []) as Rule[]).map((rule) => ({ rule, ajv: ajv.compile(rule.if) }));
      const fieldValid = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([f, def]) => [f, ajv.compile(def as object)]));
      const table = `random_form_${engine}_${n++}`;
      const state = desiredState([{ name: table, schema, entry: { type: 'Random', table } as never }]);
      await db.exec(diffStates({}, state).statements.join('\n'));
      const fields = Object.keys(schema.properties ?? {});
      const bounds = JSON.stringify(schema.allOf ?? []).match(/"(?:minimum|maximum|const)":(\d+)/g)?.map((m) => Number(m.split(':')[1])) ?? [];
      const answers = fc.record(Object.fromEntries(fields.map((f) => [f, answerFor(f, bounds)])), { requiredKeys: [] });
      for (const drawn of fc.sample(answers, { numRuns: ANSWERS, seed: n })) {
        const data = Object.fromEntries(Object.entries(drawn).filter(([, v]) => v !== undefined));
        const browser = validate(data);
        const given = Object.keys(data);
        let database = true;
        await db.exec('begin');
        try {
          await db.query(`insert into public.${table} (${['id', ...given].join(', ')}) values (gen_random_uuid()${given.map((_, i) => `, $${i + 1}`).join('')})`, given.map((f) => data[f]));
        } catch {
          database = false;
        } finally {
          await db.exec('rollback');
        }
        expect({ schema: written, data, database }).toEqual({ schema: written, data, database: browser });
        // Each condition, as the form reads it and as Ajv does.
        for (const { rule, ajv: holdsForAjv } of conditions) expect({ condition: rule.if, data, holds: holds(rule.if, data) }).toEqual({ condition: rule.if, data, holds: holdsForAjv(data) });
        // What the form shows: a valid answer has nothing the form would not ask, and all it requires.
        const asked = asking(schema as ConditionalSchema, data);
        const complete = [...asked.required].every((f) => data[f] !== undefined) && given.every((f) => !asked.notAsked.has(f));
        if (browser) expect({ data, complete }).toEqual({ data, complete: true });
        // And the converse: answers the form finds complete, each valid on its own, pass the whole form.
        const eachValid = given.every((f) => fieldValid[f]!(data[f]));
        if (complete && eachValid) expect({ schema: written, data, browser }).toEqual({ schema: written, data, browser: true });
        outcomes[browser ? 'accepted' : 'refused']++;
      }
    }
    // Both outcomes must be exercised, or the agreement proves nothing.
    expect(outcomes.accepted).toBeGreaterThan((FORMS * ANSWERS) / 20);
    expect(outcomes.refused).toBeGreaterThan((FORMS * ANSWERS) / 20);
  }, 180_000);
});

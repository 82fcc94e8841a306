/**
 * Conditional questions as a non-developer writes them (schemas/README.md, "Questions asked only
 * sometimes"): the shapes the generator accepts work end to end; every other shape is refused at its
 * line with what to write instead (docs/decisions/034).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaWorkspace, type SchemaWorkspace } from '../support/schema-workspace';

/** The example of schemas/README.md, word for word: the annual budget, asked of small businesses only. */
const README = readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'README.md'), 'utf8');
const example = JSON.parse(/<!-- conditional example -->\s*```json\s*([\s\S]*?)```/.exec(README)![1]!) as Record<string, unknown>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form edits of a JSON file
type Edit = (schema: any) => void;

const withBudget: Edit = (schema) => {
  Object.assign(schema, structuredClone(example));
};

async function generateAfter(edit: Edit, steps?: (steps: { fields: string[] }[]) => void): Promise<{ ws: SchemaWorkspace; ok: boolean; out: string }> {
  const ws = schemaWorkspace();
  ws.editJson('assessment.schema.json', edit);
  ws.editJson('assessment.steps.json', steps ?? ((all: { fields: string[] }[]) => all[0]!.fields.push('annual_budget')));
  const result = await ws.generate();
  return { ws, ok: result.ok, out: result.lines.join('\n') };
}

async function refused(edit: Edit): Promise<string> {
  const { ws, ok, out } = await generateAfter(edit);
  expect(ok, out).toBe(false);
  expect(existsSync(ws.generated) ? readdirSync(ws.generated) : []).toEqual([]);
  return out;
}

describe('a conditional question, as schemas/README.md shows it', () => {
  it('is checked, becomes an optional column with CHECK constraints, and an optional field of the insert type', async () => {
    const { ws, ok, out } = await generateAfter(withBudget);
    expect(ok, out).toBe(true);
    const migration = readFileSync(join(ws.supabase, 'migrations', ws.migrations().at(-1)!), 'utf8');
    const condition = "(organization_type is not null and organization_type = 'small_business')";
    expect(migration).toContain('alter table public.assessment_responses add column annual_budget integer;');
    expect(migration).toContain(`add constraint assessment_responses_annual_budget_needed_if check (annual_budget is not null or not ${condition}) not valid;`);
    expect(migration).toContain(`add constraint assessment_responses_annual_budget_asked_if check (annual_budget is null or ${condition}) not valid;`);
    expect(migration).toContain(`select public.declare_question_condition('assessment', 'annual_budget', '${condition.replaceAll("'", "''")}');`);
    expect(readFileSync(join(ws.generated, 'types.ts'), 'utf8')).toMatch(/annual_budget\?: number;/);
    expect(out).toContain('New question "What is your annual budget?": answers saved before have it empty.');
  });

  it('a condition on a number, with "minimum", in a second condition of "allOf"', async () => {
    const { ws, ok, out } = await generateAfter((schema) => {
      schema.allOf = [
        structuredClone({ if: example.if, then: example.then }),
        { if: { properties: { team_size: { minimum: 50 } }, required: ['team_size'] }, then: { properties: { hr_lead: { type: 'string', title: 'Who leads your people team?', maxLength: 120 } } } },
      ];
    }, (steps) => {
      steps[0]!.fields.push('annual_budget');
      steps[2]!.fields.push('hr_lead');
    });
    expect(ok, out).toBe(true);
    const migration = readFileSync(join(ws.supabase, 'migrations', ws.migrations().at(-1)!), 'utf8');
    expect(migration).toContain('check (hr_lead is null or (team_size is not null and team_size >= 50)) not valid;');
  });

  it('a list of dependencies makes one question required when another is answered', async () => {
    const { ws, ok, out } = await generateAfter((schema) => {
      schema.dependencies = { budget_range: ['contact_phone'] };
    }, () => {});
    expect(ok, out).toBe(true);
    const migration = readFileSync(join(ws.supabase, 'migrations', ws.migrations().at(-1)!), 'utf8');
    expect(migration).toContain('check (contact_phone is not null or not (budget_range is not null)) not valid;');
    expect(out).toContain('"Phone" is now required when its condition holds');
  });
});

describe('every other shape is refused at its line, with what to write instead', () => {
  const cases: [string, Edit, RegExp][] = [
    [
      'a condition without "required"',
      (s) => {
        withBudget(s);
        s.if.required = [];
      },
      /\(at \/if\/properties\/organization_type\): add "required": \["organization_type"\] inside "if": without it the condition also holds while "organization_type" is not answered yet/,
    ],
    ['"then" without "if"', (s) => (s.then = { required: ['contact_phone'] }), /\(at \/then\): "then" needs an "if" beside it, saying when it applies/],
    [
      'an option the question does not have',
      (s) => {
        withBudget(s);
        s.if.properties.organization_type.const = 'small_busines';
      },
      /"small_busines" is not one of the options of "organization_type" .*so the condition could never hold\. Did you mean "small_business"\?/,
    ],
    [
      'an option named by its label',
      (s) => {
        withBudget(s);
        s.if.properties.organization_type.const = 'Small Business';
      },
      /"Small Business" is the label of an option of "organization_type"; a condition tests what is stored: write "small_business"\./,
    ],
    [
      'a number test on a text question',
      (s) => {
        withBudget(s);
        s.if.properties = { organization_name: { minimum: 3 } };
        s.if.required = ['organization_name'];
      },
      /\(at \/if\/properties\/organization_name\/minimum\): "minimum" tests a number, and "organization_name" is not a number question; use "const" or "enum"\./,
    ],
    [
      '"not" in a condition',
      (s) => {
        withBudget(s);
        s.if.properties.organization_type = { not: { const: 'nonprofit' } };
      },
      /"not" cannot be enforced by the database\. To ask when an answer is not something, put the question in "else"\./,
    ],
    [
      'a condition inside a branch',
      (s) => {
        withBudget(s);
        s.then.if = { required: ['contact_phone'] };
      },
      /\(at \/then\/if\): .*A condition inside a branch is not supported: write another condition in the top-level "allOf" whose "if" names both answers\./,
    ],
    [
      'a question both always and sometimes asked',
      (s) => {
        withBudget(s);
        s.properties.annual_budget = { type: 'integer', title: 'Budget' };
      },
      /\(at \/then\/properties\/annual_budget\): "annual_budget" is already a question of the form .*move its definition here and delete it there\./,
    ],
    [
      'a branch question made required at the top',
      (s) => {
        withBudget(s);
        s.required.push('annual_budget');
      },
      /lists "annual_budget" as required, but it is asked only when its condition holds; list it in the "required" of the branch that asks it instead\./,
    ],
    [
      'dependencies that ask new questions',
      (s) => (s.dependencies = { contact_phone: { properties: { best_time: { type: 'string', title: 'Best time' } } } }),
      /\(at \/dependencies\/contact_phone\): write the questions "contact_phone" makes required as a list, "contact_phone": \["other_question"\]; to ask new questions when "contact_phone" is answered, use "if"\/"then" instead\./,
    ],
    [
      'a condition on a question asked after it',
      (s) => {
        s.allOf = [
          { if: { properties: { annual_budget: { minimum: 1 } }, required: ['annual_budget'] }, then: { required: ['contact_phone'] } },
          structuredClone({ if: example.if, then: example.then }),
        ];
      },
      /\(at \/allOf\/0\/if\/properties\/annual_budget\): the condition tests "annual_budget", which is not a question asked before it\./,
    ],
    [
      'a question asked in a step before the answer its condition tests',
      (s) => {
        withBudget(s);
        s.if.properties = { tech_readiness: { const: 'advanced' } };
        s.if.required = ['tech_readiness'];
      },
      /schemas\/assessment\.steps\.json:\d+:\d+ .*"annual_budget" is in step 1, but whether it is asked or required depends on "tech_readiness", in step 2: move "annual_budget" to step 2 or a later one/,
    ],
    [
      'a question required by dependencies in a step before the answer it depends on',
      (s) => {
        withBudget(s);
        s.dependencies = { contact_phone: ['budget_range'] };
      },
      /"budget_range" is in step 3, but whether it is asked or required depends on "contact_phone", in step 4/,
    ],
    ['"anyOf" at the top', (s) => (s.anyOf = [{ required: ['contact_phone'] }, { required: ['contact_email'] }]), /\(at \/anyOf\): "anyOf" cannot be used in a form that is saved/],
    [
      'a rule the database cannot enforce on a branch question',
      (s) => {
        withBudget(s);
        s.then.properties.annual_budget.multipleOf = 1000;
      },
      /\(at \/then\/properties\/annual_budget\/multipleOf\): "multipleOf" cannot be used on a question of a saved form/,
    ],
  ];
  it.each(cases)('%s', async (_, edit, expected) => {
    const out = await refused(edit);
    expect(out).toMatch(/schemas\/assessment\.(schema|steps)\.json:\d+:\d+/);
    expect(out).toMatch(expected);
  });
});

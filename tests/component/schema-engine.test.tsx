// @vitest-environment jsdom
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { runtimeModule, validatorModule } from '../../scripts/generate/emit-validators';
import type { FormDefinition } from '../../src/components/forms/form-definition';
import { findProblems } from '../../src/components/forms/problems';
import { SchemaForm } from '../../src/components/forms/schema-form';
import conditional from '../fixtures/conditional.schema.json';
import { render } from './render';

const root = join(import.meta.dirname, '..', '..');
// Inside the project (git-ignored), so Vitest transforms the generated TypeScript like any source file.
const scratch = join(root, 'test-results', 'scratch');
mkdirSync(scratch, { recursive: true });

/** Writes generated code to a temporary module and imports it, as the site imports src/generated. */
async function importGenerated<T>(code: string): Promise<T> {
  const dir = mkdtempSync(join(scratch, 'validator-'));
  const file = join(dir, 'module.ts');
  writeFileSync(join(dir, 'runtime.ts'), runtimeModule('// fixture'));
  writeFileSync(file, code);
  return (await import(/* @vite-ignore */ file)) as T;
}

describe('JSON Schema conditionals (if/then)', () => {
  it('shows a field only when its condition holds, and then requires it', async () => {
    const user = userEvent.setup();
    const schema = conditional as RJSFSchema;
    const { default: validators } = await importGenerated<{ default: ValidatorFunctions }>(validatorModule(schema, '// fixture'));
    const messages = { required: { title: 'Needs Info', message: '{title} is needed.' } };
    const fixture: FormDefinition = { id: 'fixture', schema, uiSchema: { contact_method: { 'ui:widget': 'radio' } }, messages, validators, table: null, notification: null, steps: null };
    function Fixture() {
      const [data, setData] = useState<Record<string, unknown>>({});
      return (
        <SchemaForm form={fixture} formData={data} onChange={setData} onValid={() => {}}>
          <button type="submit">Send</button>
        </SchemaForm>
      );
    }
    render(<Fixture />);
    expect(screen.queryByRole('textbox', { name: /Phone number/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    expect(await screen.findByRole('textbox', { name: /Phone number/ })).toBeInTheDocument();
    expect(findProblems(schema, validators, messages, { contact_method: 'phone' }, ['contact_method'])[0]?.toast.message).toBe('Phone number is needed.');
    expect(findProblems(schema, validators, messages, { contact_method: 'email' }, ['contact_method', 'phone_number'])).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Phone number/ })).toBeNull());
  });
});

describe('a schema change reaches the form, the validator and the types', () => {
  it('adds an option and makes a field required, regenerates, and everything follows', async () => {
    const user = userEvent.setup();
    const schemas = mkdtempSync(join(scratch, 'schemas-'));
    const generated = mkdtempSync(join(scratch, 'generated-'));
    cpSync(join(root, 'schemas'), schemas, { recursive: true });
    const supabase = mkdtempSync(join(scratch, 'supabase-'));
    cpSync(join(root, 'supabase'), supabase, { recursive: true });
    const file = join(schemas, 'assessment.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.tech_readiness.oneOf.push({ const: 'expert', title: 'Expert: we build our own tools' });
    schema.required.push('contact_phone');
    writeFileSync(file, JSON.stringify(schema, null, 2));

    const run = spawnSync('npx', ['tsx', 'scripts/generate.ts'], { cwd: root, encoding: 'utf8', env: { ...process.env, SCHEMAS_DIR: schemas, GENERATED_DIR: generated, SUPABASE_DIR: supabase } });
    expect(run.status, run.stderr).toBe(0);

    const types = readFileSync(join(generated, 'types.ts'), 'utf8');
    expect(types).toMatch(/tech_readiness: "beginner" \| "intermediate" \| "advanced" \| "expert";/);
    expect(types).toMatch(/contact_phone: string;/);

    const { assessmentForm } = await import(/* @vite-ignore */ join(generated, 'forms/assessment.ts')) as { assessmentForm: FormDefinition };
    const [, step2, , step4] = assessmentForm.steps!;
    expect(findProblems(step2!.schema, step2!.validators, assessmentForm.messages, { current_challenges: 'c', tech_readiness: 'expert', ai_experience: 'none' }, step2!.fields)).toEqual([]);
    expect(findProblems(step4!.schema, step4!.validators, assessmentForm.messages, { contact_name: 'A', contact_email: 'a@b.co' }, step4!.fields, step4!.title)[0]?.toast.message)
      .toBe(`Please fill out all required fields in the "Contact Information" section. The field 'contact phone' is required.`);

    render(
      <SchemaForm form={assessmentForm} step={step2} formData={{}} onChange={() => {}} onValid={() => {}}>
        <button type="submit">Next</button>
      </SchemaForm>,
    );
    await user.click(screen.getByRole('radio', { name: 'Expert: we build our own tools' }));

    // Required or optional shows from the schema's "required" list alone: the title stays "Phone".
    const { assessmentForm: before } = await import('../../src/generated/forms/assessment');
    const phoneLabel = (form: FormDefinition) => {
      const { unmount } = render(
        <SchemaForm form={form} step={form.steps![3]} formData={{}} onChange={() => {}} onValid={() => {}}>
          <button type="submit">Submit</button>
        </SchemaForm>,
      );
      const input = screen.getByRole('textbox', { name: /^Phone/ });
      const text = document.querySelector(`label[for="${input.id}"]`)?.textContent;
      unmount();
      return { text, required: input.hasAttribute('required') || input.getAttribute('aria-required') === 'true' };
    };
    expect(phoneLabel(before)).toEqual({ text: 'Phone (optional)', required: false });
    expect(phoneLabel(assessmentForm)).toMatchObject({ text: expect.stringMatching(/^Phone\s*\*$/), required: true });
  }, 60_000);
});

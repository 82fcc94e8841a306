// @vitest-environment jsdom
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
import { schemaWorkspace, type SchemaWorkspace } from '../support/schema-workspace';
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
    const fixture: FormDefinition = { id: 'fixture', schema, uiSchema: { contact_method: { 'ui:widget': 'radio' } }, messages, validators, table: null, notification: null, steps: null, page: null, toasts: null };
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
  /** Generates a workspace of the fixture schemas after `edit`, and imports its assessment form. */
  async function assessmentAfter(edit: (ws: SchemaWorkspace) => void) {
    const ws = schemaWorkspace();
    edit(ws);
    const run = await ws.generate();
    expect(run.ok, run.lines.join('\n')).toBe(true);
    const { assessmentForm } = (await import(/* @vite-ignore */ join(ws.generated, 'forms/assessment.ts'))) as { assessmentForm: FormDefinition };
    return { assessmentForm, types: readFileSync(join(ws.generated, 'types.ts'), 'utf8') };
  }

  it('adds an option and makes a field required, regenerates, and everything follows', async () => {
    const user = userEvent.setup();
    const before = (await assessmentAfter(() => {})).assessmentForm;
    const { assessmentForm, types } = await assessmentAfter((ws) =>
      ws.editJson('assessment.schema.json', (schema) => {
        schema.properties.tech_readiness.oneOf.push({ const: 'expert', title: 'Expert: we build our own tools' });
        schema.required.push('contact_phone');
      }),
    );
    expect(types).toMatch(/tech_readiness: "beginner" \| "intermediate" \| "advanced" \| "expert";/);
    expect(types).toMatch(/contact_phone: string;/);

    const [, step2, , step4] = assessmentForm.steps!;
    expect(findProblems(step2!.schema, step2!.validators, assessmentForm.messages, { current_challenges: 'c', tech_readiness: 'expert', ai_experience: 'none' }, step2!.fields)).toEqual([]);
    expect(findProblems(step4!.schema, step4!.validators, assessmentForm.messages, { contact_name: 'A', contact_email: 'a@b.co' }, step4!.fields, step4!.title)[0]?.toast.message)
      .toBe(`Please fill out all required fields in the "Contact Information" section. The field 'contact phone' is required.`);

    const { unmount } = render(
      <SchemaForm form={assessmentForm} step={step2} formData={{}} onChange={() => {}} onValid={() => {}}>
        <button type="submit">Next</button>
      </SchemaForm>,
    );
    await user.click(screen.getByRole('radio', { name: 'Expert: we build our own tools' }));
    unmount();

    // Required or optional shows from the schema's "required" list alone: the title stays "Phone".
    const phoneLabel = (form: FormDefinition) => {
      const { unmount: done } = render(
        <SchemaForm form={form} step={form.steps![3]} formData={{}} onChange={() => {}} onValid={() => {}}>
          <button type="submit">Submit</button>
        </SchemaForm>,
      );
      const input = screen.getByRole('textbox', { name: /^Phone/ });
      const text = document.querySelector(`label[for="${input.id}"]`)?.textContent;
      done();
      return { text, required: input.hasAttribute('required') || input.getAttribute('aria-required') === 'true' };
    };
    expect(phoneLabel(before)).toEqual({ text: 'Phone (optional)', required: false });
    expect(phoneLabel(assessmentForm)).toMatchObject({ text: expect.stringMatching(/^Phone\s*\*$/), required: true });
  }, 60_000);
});

// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../src/components/forms/form-definition';
import { checkAnswers } from '../../src/components/forms/problems';
import { SchemaForm } from '../../src/components/forms/schema-form';
import conditional from '../fixtures/conditional.schema.json';
import { schemaWorkspace, type SchemaWorkspace } from '../support/schema-workspace';
import { render } from './render';

describe('conditional questions (if/then/else, dependencies)', () => {
  it('shows a question only while its condition holds, requires it only then, and drops its answer when hidden', async () => {
    const user = userEvent.setup();
    const ws = schemaWorkspace();
    // The fixture's condition, added to the contact form as a non-developer would (schemas/README.md).
    ws.editJson('contact.schema.json', (schema) => {
      Object.assign(schema.properties, conditional.properties);
      Object.assign(schema, { if: conditional.if, then: conditional.then });
    });
    ws.editJson('contact.ui.json', (ui) => {
      ui['ui:order'] = ['contact_method', 'phone_number', '*'];
      ui.contact_method = { 'ui:widget': 'radio' };
    });
    const run = await ws.generate();
    expect(run.ok, run.lines.join('\n')).toBe(true);
    const { contactForm: form } = (await import(/* @vite-ignore */ join(ws.generated, 'forms/contact.ts'))) as { contactForm: FormDefinition };
    const sent: Record<string, unknown>[] = [];
    let current: Record<string, unknown> = {};
    const filled = { name: 'Ada', email: 'ada@example.org', subject: 'Other', message: 'Hello' };
    function Fixture() {
      const [data, setData] = useState<Record<string, unknown>>(filled);
      current = data;
      return (
        <SchemaForm form={form} formData={data} onChange={setData} onValid={(valid) => sent.push(valid)}>
          <button type="submit">Send</button>
        </SchemaForm>
      );
    }
    render(<Fixture />);
    expect(screen.queryByRole('textbox', { name: /Phone number/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    const phone = await screen.findByRole('textbox', { name: /Phone number/ });
    // At the place ui:order puts it: right after the choice that asks it.
    const labels = [...document.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels.indexOf(labels.find((l) => /Phone number/.test(l ?? ''))!)).toBeGreaterThan(labels.findIndex((l) => /How should we reach you/.test(l ?? '')));
    expect(phone.closest('.rjsf-field')?.querySelector('label')?.textContent).toMatch(/\*/);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([]);
    expect(await screen.findAllByText('Phone number is needed.')).not.toHaveLength(0);
    await user.type(phone, '555 0100');
    expect(current.phone_number).toBe('555 0100');
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Phone number/ })).toBeNull());
    expect(current).toEqual({ ...filled, contact_method: 'email' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([{ ...filled, contact_method: 'email' }]);
  }, 60_000);
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
    expect(checkAnswers(assessmentForm, step2, { current_challenges: 'c', tech_readiness: 'expert', ai_experience: 'none' })).toEqual([]);
    expect(checkAnswers(assessmentForm, step4, { contact_name: 'A', contact_email: 'a@b.co' })[0]?.toast.message)
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

// @vitest-environment jsdom
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FormWizard } from '../../src/components/forms/form-wizard';
import { assessmentForm } from '../../src/generated/forms/assessment';
import { sampleAnswers } from '../support/sample-answers';
import { schemaWorkspace } from '../support/schema-workspace';
import type { FormDefinition } from '../../src/components/forms/form-definition';
import { render } from './render';

const wizard = { ...assessmentForm, steps: assessmentForm.steps! };
const DRAFT = 'test-draft';
// Answers, labels and the first field read from the schema, so editors' changes do not break these tests.
const answers = sampleAnswers(assessmentForm.schema);
const answersOf = (step: number) => Object.fromEntries(wizard.steps[step]!.fields.map((field) => [field, answers[field]]));
const [step1, step2, step3, step4] = [0, 1, 2, 3].map(answersOf) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
const firstField = wizard.steps[0]!.fields[0]!;
const label = (field: string) => new RegExp(`^${String((assessmentForm.schema.properties![field] as { title: string }).title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const saveDraft = (step: number, data: object) => localStorage.setItem(DRAFT, JSON.stringify({ step, data }));
const noop = async () => ({ reset: false });

beforeEach(() => localStorage.clear());

describe('assessment wizard', () => {
  it('starts on step 1 of 4 at 25%, with Previous disabled and Next but no Submit', () => {
    render(<FormWizard form={wizard} onSubmit={noop} draftKey={DRAFT} />);
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Organization Information' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Step 1 of 4' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Submit Assessment' })).toBeNull();
  });

  it('Next stays on an invalid step and marks the first missing field', async () => {
    const user = userEvent.setup();
    render(<FormWizard form={wizard} onSubmit={noop} draftKey={DRAFT} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: label(firstField) });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    const describedBy = name.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    const message = assessmentForm.messages.required.message.replace('{step}', wizard.steps[0]!.title).replace('{name}', firstField.replaceAll('_', ' '));
    expect(describedBy).toContain(message);
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('Next moves on from a valid step and focuses the new heading; Previous goes back without checking', async () => {
    const user = userEvent.setup();
    saveDraft(0, step1);
    render(<FormWizard form={wizard} onSubmit={noop} draftKey={DRAFT} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: label(firstField) })).toHaveValue(String(answers[firstField])));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Current Status & Needs' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: label(firstField) })).toHaveValue(String(answers[firstField]));
  });

  it('offers Submit Assessment only on step 4, shows Submitting... while busy and resets after success', async () => {
    const user = userEvent.setup();
    saveDraft(3, answers);
    let finish: (value: { reset: boolean }) => void = () => {};
    const received: unknown[] = [];
    const onSubmit = (data: unknown) => {
      received.push(data);
      return new Promise<{ reset: boolean }>((resolve) => (finish = resolve));
    };
    render(<FormWizard form={wizard} onSubmit={onSubmit} draftKey={DRAFT} />);
    await waitFor(() => expect(screen.getByText('Step 4 of 4')).toBeInTheDocument());
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(received).toEqual([{ ...step1, ...step2, ...step3, ...step4 }]);
    finish({ reset: true });
    await waitFor(() => expect(screen.getByText('Step 1 of 4')).toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: label(firstField) })).toHaveValue('');
    // A successful submit drops the draft: a reload starts empty.
    expect(localStorage.getItem(DRAFT)).toBeNull();
  });

  it('keeps everything when the submission does not reset the form', async () => {
    const user = userEvent.setup();
    saveDraft(3, answers);
    render(<FormWizard form={wizard} onSubmit={noop} draftKey={DRAFT} />);
    await waitFor(() => expect(screen.getByText('Step 4 of 4')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Assessment' })).toBeEnabled());
    const lastText = wizard.steps[3]!.fields.find((field) => typeof answers[field] === 'string' && !(assessmentForm.schema.properties![field] as { oneOf?: unknown }).oneOf)!;
    expect(screen.getByRole('textbox', { name: label(lastText) })).toHaveValue(String(answers[lastText]));
    expect(JSON.parse(localStorage.getItem(DRAFT)!)).toMatchObject({ step: 3, data: { [lastText]: answers[lastText] } });
  });
});

describe('a step whose questions do not apply', () => {
  /** The assessment with a step, third of five, asked of small businesses only (schemas/README.md's example). */
  async function withFundingStep() {
    const ws = schemaWorkspace();
    ws.editJson('assessment.schema.json', (schema) => {
      schema.if = { properties: { organization_type: { const: 'small_business' } }, required: ['organization_type'] };
      schema.then = {
        properties: { annual_budget: { type: 'integer', title: 'What is your annual budget?', minimum: 0, maximum: 1000000000 }, funding_source: { type: 'string', title: 'Where does it come from?', maxLength: 200 } },
        required: ['annual_budget'],
      };
    });
    ws.editJson('assessment.steps.json', (steps) => steps.splice(2, 0, { title: 'Funding', fields: ['annual_budget', 'funding_source'] }));
    const run = await ws.generate();
    expect(run.ok, run.lines.join('\n')).toBe(true);
    const { assessmentForm: form } = (await import(/* @vite-ignore */ join(ws.generated, 'forms/assessment.ts'))) as { assessmentForm: FormDefinition };
    return { ...form, steps: form.steps! };
  }

  it('is skipped by Next and Previous, counted neither in the progress nor in the funnel, and shown once it applies', async () => {
    const user = userEvent.setup();
    const form = await withFundingStep();
    const sample = sampleAnswers(form.schema, { organization_type: 'nonprofit' });
    const of = (step: number) => Object.fromEntries(form.steps[step]!.fields.map((field) => [field, sample[field]]));
    const reached: [string, string | null][] = [];
    localStorage.setItem(DRAFT, JSON.stringify({ step: 1, data: { ...of(0), ...of(1) } }));
    const { unmount } = render(<FormWizard form={form} onSubmit={noop} draftKey={DRAFT} onStep={(step, _seconds, from) => reached.push([step, from])} />);
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: form.steps[3]!.title })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { name: form.steps[1]!.title })).toBeInTheDocument();
    // The fourth of the five steps was reached from the second; Funding was neither reached nor left.
    const [, second, , fourth] = form.steps.map((step) => step.key);
    // A resumed draft is no new start: nothing is counted until a step the visit had not reached.
    expect(reached).toEqual([[fourth, second]]);
    expect(reached.map(([step]) => step)).not.toContain('funding');
    unmount();

    // A small business is asked: the step is there, required question and all.
    localStorage.setItem(DRAFT, JSON.stringify({ step: 1, data: { ...of(0), ...of(1), organization_type: 'small_business' } }));
    render(<FormWizard form={form} onSubmit={noop} draftKey={DRAFT} />);
    expect(await screen.findByText('Step 2 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Funding' })).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /What is your annual budget\?/ })).toHaveAttribute('aria-invalid', 'true');
  }, 60_000);
});

// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FormWizard } from '../../src/components/forms/form-wizard';
import { assessmentForm } from '../../src/generated/forms/assessment';
import { render } from './render';

const wizard = { ...assessmentForm, steps: assessmentForm.steps! };
const DRAFT = 'test-draft';
const step1 = { organization_name: 'Casa Verde', organization_type: 'nonprofit', mission: 'Homes for all' };
const step2 = { current_challenges: 'Funding', tech_readiness: 'beginner', ai_experience: 'none' };
const step3 = { goals: 'Grow', timeline: 'flexible' };
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
    const name = screen.getByRole('textbox', { name: /Organization Name/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    const describedBy = name.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toContain(`Please fill out all required fields in the "Organization Information" section. The field 'organization name' is required.`);
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('Next moves on from a valid step and focuses the new heading; Previous goes back without checking', async () => {
    const user = userEvent.setup();
    saveDraft(0, step1);
    render(<FormWizard form={wizard} onSubmit={noop} draftKey={DRAFT} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Organization Name/ })).toHaveValue('Casa Verde'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Current Status & Needs' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Organization Name/ })).toHaveValue('Casa Verde');
  });

  it('offers Submit Assessment only on step 4, shows Submitting... while busy and resets after success', async () => {
    const user = userEvent.setup();
    saveDraft(3, { ...step1, ...step2, ...step3, contact_name: 'Ana', contact_email: 'ana@casaverde.org' });
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
    expect(received).toEqual([{ ...step1, ...step2, ...step3, team_size: 0, contact_name: 'Ana', contact_email: 'ana@casaverde.org' }]);
    finish({ reset: true });
    await waitFor(() => expect(screen.getByText('Step 1 of 4')).toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /Organization Name/ })).toHaveValue('');
    // A successful submit drops the draft: a reload starts empty.
    expect(localStorage.getItem(DRAFT)).toBeNull();
  });

  it('keeps everything when the submission does not reset the form', async () => {
    const user = userEvent.setup();
    saveDraft(3, { ...step1, ...step2, ...step3, contact_name: 'Ana', contact_email: 'ana@casaverde.org' });
    render(<FormWizard form={wizard} onSubmit={noop} draftKey={DRAFT} />);
    await waitFor(() => expect(screen.getByText('Step 4 of 4')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Submit Assessment' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Assessment' })).toBeEnabled());
    expect(screen.getByRole('textbox', { name: /Full Name/ })).toHaveValue('Ana');
    expect(JSON.parse(localStorage.getItem(DRAFT)!)).toMatchObject({ step: 3, data: { contact_name: 'Ana' } });
  });
});

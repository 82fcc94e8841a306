// @vitest-environment jsdom
/**
 * A form's code takes over the prerendered form (decision 020): whatever the visitor typed, chose or
 * ticked in the HTML before the code arrived becomes the form's state, for every form with a page, so
 * nothing is wiped and sending uses it. The HTML is rendered by React's server renderer, as the build does.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { FormWizard } from '../../src/components/forms/form-wizard';
import { SinglePageForm } from '../../src/components/forms/single-page-form';
import { IslandRoot } from '../../src/components/island-root';
import { pageForms } from '../support/declared-forms';
import { fillLikeAVisitor } from '../support/fill-like-a-visitor';
import { sampleAnswers } from '../support/sample-answers';

type Field = { oneOf?: unknown[] };

async function hydrateOver(ui: React.ReactElement, visitor: (container: HTMLElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  visitor(container);
  await act(async () => {
    hydrateRoot(container, ui);
  });
  return container;
}

describe('a form takes over what the visitor did before its code arrived', () => {
  for (const { definition: form } of pageForms) {
    const answers = sampleAnswers(form.schema);
    const firstStep = form.steps?.[0]?.fields ?? Object.keys(form.schema.properties!);

    it(`${form.id}: the answers in the page become the form's, and sending uses them`, async () => {
      const onSubmit = vi.fn(async () => ({ reset: false }));
      const ui = (
        <IslandRoot>{form.steps ? <FormWizard form={{ ...form, steps: form.steps }} onSubmit={onSubmit} /> : <SinglePageForm form={form} onSubmit={onSubmit} />}</IslandRoot>
      );
      const container = await hydrateOver(ui, (page) => fillLikeAVisitor(page, form, answers, firstStep));
      // A later render (here, the first problem shown) keeps them on screen.
      for (const field of firstStep) {
        const element = container.querySelector<HTMLInputElement>(`#${form.id}_${field}`);
        if (element?.type === 'checkbox') expect(element.checked, field).toBe(answers[field] === true);
        else if (element && !(form.schema.properties![field] as Field).oneOf) expect(element.value, field).toBe(String(answers[field]));
      }
      const send = screen.getByRole('button', { name: form.steps ? 'Next' : /./ });
      await act(async () => fireEvent.click(form.steps ? send : container.querySelector<HTMLButtonElement>('button[type="submit"]')!));
      if (form.steps) {
        // Step 1 passed its checks with what the visitor gave: the wizard moved on.
        expect(await screen.findByText(`Step 2 of ${form.steps.length}`)).toBeInTheDocument();
      } else {
        // A box left unticked is no answer, as it would be had the visitor never touched the page.
        const given = firstStep.filter((f) => answers[f] !== undefined && answers[f] !== false);
        expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining(Object.fromEntries(given.map((f) => [f, answers[f]]))), expect.anything());
      }
      container.remove();
    });
  }
});

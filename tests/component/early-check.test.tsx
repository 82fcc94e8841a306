// @vitest-environment jsdom
/**
 * Send pressed before a form's code arrived (decision 027): the problems read from the prerendered page
 * are the ones the form itself shows once its code runs, for every form with a page, whatever the
 * visitor left out or got wrong; they are shown on the page's fields without breaking the form's
 * hydration, and the page is exactly as it came once they are taken away for the form's own.
 */
import { act, fireEvent } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { clearProblemsInPage, firstControlOf, problemsInPage, showProblemsInPage } from '../../src/components/forms/early-check';
import type { FormDefinition } from '../../src/components/forms/form-definition';
import { FormWizard } from '../../src/components/forms/form-wizard';
import { SchemaForm } from '../../src/components/forms/schema-form';
import { SinglePageForm } from '../../src/components/forms/single-page-form';
import { IslandRoot } from '../../src/components/island-root';
import { TOAST_REGION_ID } from '../../src/lib/page-ids';
import { pageForms } from '../support/declared-forms';
import { fillLikeAVisitor } from '../support/fill-like-a-visitor';
import { sampleAnswers } from '../support/sample-answers';

type Field = { type?: string; maxLength?: number; oneOf?: unknown[] };

/** The problems the running form shows: each field's error text, by field. */
function shownByTheForm(container: HTMLElement, form: FormDefinition, fields: string[]) {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const text = container.querySelector(`[id="${form.id}_${field}-error"]`)?.textContent;
      return text ? [[field, text]] : [];
    }),
  );
}

/** The attributes showProblemsInPage adds, which the form's code does not render. */
const MARKS = ['data-early-problem', 'data-early-invalid', 'data-error', 'aria-invalid', 'aria-description'];

/**
 * The attributes React's development build reports as differing while `hydrate` runs. Its production
 * build does not compare attributes at all (only text, which the marks leave alone); these are the
 * differences it would leave in place until the marks are taken away.
 */
async function attributeDifferences(hydrate: () => Promise<unknown>): Promise<string[]> {
  const consoleError = vi.spyOn(console, 'error');
  const before = consoleError.getMockImplementation();
  const reports: string[] = [];
  consoleError.mockImplementation((...args: unknown[]) => void reports.push(args.map(String).join(' ')));
  try {
    await hydrate();
  } finally {
    consoleError.mockImplementation(before ?? (() => {}));
  }
  for (const report of reports) expect(report, 'React reports only differing attributes').toMatch(/^A tree hydrated but some attributes/);
  return reports.flatMap((report) => [...report.matchAll(/^\s*[-+]\s+([\w-]+)=/gm)].map((match) => match[1]!));
}

describe('problems found in the page before the form code arrives are the form’s own', () => {
  // The form's first problem is also a toast, in the page's region.
  beforeAll(() => {
    document.body.append(Object.assign(document.createElement('div'), { id: TOAST_REGION_ID }));
  });

  for (const { definition: form } of pageForms) {
    const answers = sampleAnswers(form.schema);
    const noSubmit = async () => ({ reset: false });
    // A page shows a wizard's first step; the later ones are checked the same way, rendered on their own.
    const parts = form.steps
      ? form.steps.map((step, index) => ({
          name: `${form.id}, step ${index + 1}`,
          index,
          fields: step.fields,
          ui:
            index === 0 ? (
              <FormWizard form={{ ...form, steps: form.steps! }} onSubmit={noSubmit} />
            ) : (
              <SchemaForm form={form} step={step} formData={{}} onChange={() => {}} onValid={() => {}}>
                <button type="submit">Next</button>
              </SchemaForm>
            ),
        }))
      : [{ name: form.id, index: 0, fields: Object.keys(form.schema.properties!), ui: <SinglePageForm form={form} onSubmit={noSubmit} /> }];

    for (const part of parts) {
      const { fields } = part;
      const text = fields.find((field) => {
        const definition = form.schema.properties![field] as Field;
        return definition.type === 'string' && !definition.oneOf && definition.maxLength;
      });
      const scenarios: Record<string, Record<string, unknown>> = {
        'nothing answered': {},
        'the first half answered': Object.fromEntries(fields.slice(0, Math.ceil(fields.length / 2)).map((field) => [field, answers[field]])),
        ...(text ? { 'an answer too long, the rest right': { ...answers, [text]: 'x'.repeat((form.schema.properties![text] as Field).maxLength! + 1) } } : {}),
        'everything right': answers,
      };

      for (const [scenario, given] of Object.entries(scenarios)) {
        it(`${part.name}, ${scenario}`, async () => {
          const ui = <IslandRoot>{part.ui}</IslandRoot>;
          const container = document.createElement('div');
          container.innerHTML = renderToString(ui);
          document.body.append(container);
          fillLikeAVisitor(container, form, given, fields);
          const asItCame = container.innerHTML;

          const early = problemsInPage(form, part.index);
          if (scenario === 'everything right') expect(early).toEqual([]);
          else if (scenario !== 'the first half answered') expect(early.length, 'a problem is found').toBeGreaterThan(0);
          showProblemsInPage(container, form, early);
          if (early[0]) firstControlOf(container, form, early[0].field)?.focus();
          for (const problem of early) {
            const field = container.querySelector(`[data-early-problem]:has([id^="${form.id}_${problem.field}"])`);
            expect(field?.getAttribute('data-early-problem'), problem.field).toBe(problem.toast.message);
            expect(field?.querySelector('[aria-invalid="true"]'), problem.field).not.toBeNull();
          }
          if (early[0]) expect(document.activeElement?.id).toMatch(new RegExp(`^${form.id}_${early[0].field}`));
          clearProblemsInPage(container);
          expect(container.innerHTML, 'taken away, nothing of them is left').toBe(asItCame);

          // Shown again, then the form's code takes over the page: hydration succeeds with them in place.
          showProblemsInPage(container, form, early);
          const recoverable = vi.fn();
          const differences = await attributeDifferences(() =>
            act(async () => {
              hydrateRoot(container, ui, { onRecoverableError: recoverable });
            }),
          );
          expect(recoverable, 'no part of the form is thrown away and rendered again').not.toHaveBeenCalled();
          expect(differences.filter((name) => !MARKS.includes(name)), 'the page differs from what the form renders only by the marks').toEqual([]);
          clearProblemsInPage(container);
          const send = container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
          await act(async () => fireEvent.click(send));

          const expected = Object.fromEntries(early.map((problem) => [problem.field, problem.toast.message]));
          expect(shownByTheForm(container, form, fields)).toEqual(expected);
          container.remove();
        });
      }
    }
  }
});

/**
 * A non-developer adds a step asked of small businesses only (schemas/README.md's conditional example,
 * on a step of its own) to a copy of the project, runs `npm start`, and the built site in Chromium
 * follows: the step is passed over both ways for a nonprofit, counted out of the progress, and asked,
 * required question and all, of a small business, whose answer reaches staff.
 */
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { afterEach, expect, it } from 'vitest';
import { TEST_CHROMIUM_PATH, chromiumArgs } from '../../scripts/lib/chromium';
import type { FormDefinition } from '../../src/components/forms/form-definition';
import { answerAll, answersFor, expectedMessage, inputOf } from '../e2e/form-driver';
import { editSchemaFile, projectCopy, runningSites } from '../support/project-copy';

const running = runningSites();
afterEach(() => running.stop());

const edit = editSchemaFile;

it('a step whose questions do not apply is skipped in the browser, and asked once they do', async () => {
  const dir = projectCopy();
  edit(dir, 'assessment.schema.json', (schema) => {
    schema.if = { properties: { organization_type: { const: 'small_business' } }, required: ['organization_type'] };
    schema.then = {
      properties: {
        annual_budget: { type: 'integer', title: 'What is your annual budget?', minimum: 0, maximum: 1000000000 },
        funding_source: { type: 'string', title: 'Where does it come from?', maxLength: 200 },
      },
      required: ['annual_budget'],
    };
  });
  edit(dir, 'assessment.steps.json', (steps) => steps.splice(2, 0, { title: 'Funding', fields: ['annual_budget', 'funding_source'] }));
  const site = await running.launch(dir, 'start.ts');
  expect(site.code, site.output()).toBeNull();
  const { assessmentForm: form } = (await import(/* @vite-ignore */ join(dir, 'src', 'generated', 'forms', 'assessment.ts'))) as { assessmentForm: FormDefinition };
  const steps = form.steps!;
  expect(steps.map((s) => s.title)[2]).toBe('Funding');

  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    const answers = answersFor(form, { organization_type: 'nonprofit', annual_budget: 5000, contact_email: 'owner@smallshop.example' });
    const next = page.getByRole('button', { name: 'Next' });
    const heading = (n: number) => page.getByRole('heading', { name: steps[n]!.title });
    await page.goto(`${site.url}/assessment`);
    await answerAll(page, page, form, answers, steps[0]!.fields);
    await next.click();
    await expect.poll(() => page.getByText('Step 2 of 4').isVisible()).toBe(true);
    await answerAll(page, page, form, answers, steps[1]!.fields);
    await next.click();
    // A nonprofit is not asked about funding: Next goes from step 2 to Project & Goals, the third of four.
    await expect.poll(() => heading(3).isVisible()).toBe(true);
    expect(await page.getByText('Step 3 of 4').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => heading(1).isVisible()).toBe(true);

    // Now a small business: the step is there, and its required question is asked.
    await page.getByRole('button', { name: 'Previous' }).click();
    await answerAll(page, page, form, { organization_type: 'small_business' }, ['organization_type']);
    await next.click();
    await expect.poll(() => page.getByText('Step 2 of 5').isVisible()).toBe(true);
    await next.click();
    await expect.poll(() => heading(2).isVisible()).toBe(true);
    expect(await page.getByText('Step 3 of 5').isVisible()).toBe(true);
    await next.click();
    const { message } = expectedMessage(form, 'annual_budget', 'required', 'Funding');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: message }).isVisible()).toBe(true);
    await inputOf(page, form, 'annual_budget').fill('5000');
    await next.click();
    await expect.poll(() => heading(3).isVisible()).toBe(true);
    await answerAll(page, page, form, answers, steps[3]!.fields);
    await next.click();
    await answerAll(page, page, form, answers, steps[4]!.fields);
    await page.getByRole('button', { name: String((form.uiSchema['ui:submitButtonOptions'] as { submitText: string }).submitText) }).click();

    // Staff read the answer the step asked.
    await expect
      .poll(async () => ((await (await fetch(`${site.inboxUrl}/api/v1/messages`)).json()) as { messages: { text: string }[] }).messages.map((m) => m.text).join('\n'), { timeout: 30_000 })
      .toMatch(/What is your annual budget\?:\n5000/);
  } finally {
    await browser.close();
  }
}, 240_000);

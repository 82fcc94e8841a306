/**
 * Contact and assessment journeys against the real stack: saved, then emailed once; the failure paths.
 * Questions, options, labels and steps are read from the generated form definitions (form-driver.ts),
 * so these journeys follow an editor's changes to schemas/; the toasts are the spec's (section 4).
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormDefinition } from '../../../src/components/forms/form-definition';
import { assessmentForm } from '../../../src/generated/forms/assessment';
import { contactForm } from '../../../src/generated/forms/contact';
import { optionLabel } from '../../support/sample-answers';
import { inboxRefusesMail, insertRows, mail, rows } from '../backend';
import { allowProblems, expect, test } from '../fixtures';
import { answerAll, answersFor, busyText, fieldOf, fieldOrder, inputOf, submitText, titleOf } from '../form-driver';
import { expectToast, unique } from './helpers';

const registry = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'schemas', 'forms.json'), 'utf8')) as Record<string, { table: string | null; notification?: { replyTo: string } }>;
const emailsFrom = async (address: string) => (await mail()).filter((m) => m.replyTo === address);
const entryOf = (form: FormDefinition) => Object.values(registry).find((e) => e.table === form.table && e.notification) as { table: string; notification: { replyTo: string } };
const replyTo = (form: FormDefinition) => entryOf(form).notification.replyTo;
/** The first free-text question: where a test writes a value it can find again. */
const firstText = (form: FormDefinition) => fieldOrder(form).find((f) => fieldOf(form, f).type === 'string' && !fieldOf(form, f).oneOf && f !== replyTo(form))!;

/** A complete submission with an address and a text no other test uses. */
function newAnswers(form: FormDefinition) {
  const id = unique('ana');
  return answersFor(form, { [replyTo(form)]: `${id}@casaverde.org`, [firstText(form)]: `Casa Verde ${id}` });
}

/** Opens the form's page and answers every question (every step but the last is moved through with Next). */
async function fillIn(page: Page, form: FormDefinition, path: string, answers: Record<string, unknown>) {
  await page.goto(path);
  await expect(page.getByRole('button', { name: form.steps ? 'Next' : submitText(form) })).toBeEnabled();
  if (!form.steps) return answerAll(page, page.locator('form'), form, answers);
  for (const [i, step] of form.steps.entries()) {
    await answerAll(page, page, form, answers, step.fields);
    if (i < form.steps.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
}

/** What the row must hold: every answer as stored (option values, not labels). */
const storedAs = (answers: Record<string, unknown>) => expect.objectContaining(answers);

/** Every question's title, and each answer as staff read it (option labels, not stored values). */
function readableAnswers(form: FormDefinition, answers: Record<string, unknown>) {
  return Object.entries(answers).flatMap(([field, value]) => [titleOf(form, field), fieldOf(form, field).oneOf ? optionLabel(form.schema, field, value) : String(value)]);
}

const FORMS = [
  {
    form: contactForm,
    path: '/contact',
    sent: { title: 'Email Sent!', message: 'An email has also been sent' },
    refused: { title: 'Database Error', message: 'Error saving your message: Too many submissions from' },
    unsent: { title: 'Email Error', message: "Your message was saved, but we couldn't send the email. Error: The notification email could not be delivered. It will be sent again automatically." },
    subject: (answers: Record<string, unknown>) => `Contact Inquiry: ${String(answers[fieldOrder(contactForm)[0]!])}`,
  },
  {
    form: assessmentForm,
    path: '/assessment',
    sent: { title: 'Notification Sent!', message: 'An email notification regarding your assessment has also been sent' },
    refused: { title: 'Database Submission Error', message: 'There was an error saving your assessment: Too many submissions from' },
    unsent: { title: 'Notification Error', message: 'Your assessment was saved, but we couldn' },
    subject: (answers: Record<string, unknown>) => `Needs Assessment Submission: ${String(answers[fieldOrder(assessmentForm)[0]!])}`,
  },
];

for (const { form, path, sent, refused, unsent, subject } of FORMS) {
  test.describe(`${form.id} form`, () => {
    const table = entryOf(form).table;
    const submit = (page: Page) => page.getByRole('button', { name: submitText(form) });

    test('saves the answers, emails staff once with titles and labels, then clears the form', async ({ page }) => {
      const answers = newAnswers(form);
      const address = String(answers[replyTo(form)]);
      await fillIn(page, form, path, answers);
      // An impatient double click still sends one submission.
      await submit(page).dblclick();
      await expect(page.getByRole('button', { name: busyText(form) })).toBeDisabled();
      await expectToast(page, sent.title, sent.message);
      const first = fieldOrder(form)[0]!;
      await expect(inputOf(page, form, first)).toHaveValue('');
      if (form.steps) {
        await expect(page.getByText(`Step 1 of ${form.steps.length}`)).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('assessment-draft'))).toBeNull();
      }

      expect(await rows(table, `${replyTo(form)}=eq.${address}`)).toEqual([storedAs(answers)]);
      const emails = await emailsFrom(address);
      expect(emails).toHaveLength(1);
      expect(emails[0]!.subject).toBe(subject(answers));
      for (const text of readableAnswers(form, answers)) expect(emails[0]!.text).toContain(text);
    });

    test('shows the database error and sends nothing when the server refuses the row', async ({ page, pageProblems }) => {
      const answers = newAnswers(form);
      const address = String(answers[replyTo(form)]);
      // The server caps an address at 5 submissions an hour, a rule the browser cannot check for itself.
      await insertRows(table, Array.from({ length: 5 }, () => answersFor(form, { [replyTo(form)]: address })));
      await fillIn(page, form, path, answers);
      await submit(page).click();
      await expectToast(page, refused.title, `${refused.message} ${address} in the last hour.`);
      allowProblems(pageProblems, /status of 400/);
      await expect(inputOf(page, form, replyTo(form))).toHaveValue(address);
      expect(await rows(table, `${replyTo(form)}=eq.${address}`)).toHaveLength(5);
      // The five saved rows are emailed in time (the sweep); the refused one never is.
      const refusedText = String(answers[firstText(form)]);
      expect((await emailsFrom(address)).filter((m) => m.text?.includes(refusedText))).toHaveLength(0);
    });

    test('keeps the row and the answers when the email fails; sending again adds no row and delivers the email', async ({ page, pageProblems }) => {
      const answers = newAnswers(form);
      const address = String(answers[replyTo(form)]);
      await fillIn(page, form, path, answers);
      await inboxRefusesMail(true);
      try {
        await submit(page).click();
        await expectToast(page, unsent.title, unsent.message);
      } finally {
        await inboxRefusesMail(false);
      }
      allowProblems(pageProblems, /status of 502/);
      await expect(inputOf(page, form, replyTo(form))).toHaveValue(address);
      expect(await rows(table, `${replyTo(form)}=eq.${address}`)).toHaveLength(1);
      expect(await emailsFrom(address)).toHaveLength(0);

      await submit(page).click();
      await expectToast(page, sent.title, sent.message);
      // The second insert of the same submission hits its primary key (Chromium logs the 409): already saved.
      allowProblems(pageProblems, /status of 409/);
      expect(await rows(table, `${replyTo(form)}=eq.${address}`)).toHaveLength(1);
      expect(await emailsFrom(address)).toHaveLength(1);
    });

    test('gives a bot that fills the hidden field a success, and keeps and sends nothing', async ({ page }) => {
      const answers = newAnswers(form);
      const address = String(answers[replyTo(form)]);
      await fillIn(page, form, path, answers);
      await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
      await submit(page).click();
      await expectToast(page, sent.title, sent.message);
      expect(await rows(table, `${replyTo(form)}=eq.${address}`)).toHaveLength(0);
      expect(await emailsFrom(address)).toHaveLength(0);
    });
  });
}

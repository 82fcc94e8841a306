/**
 * The journey of every form visitors send from its own page (schemas/forms.json "page"), against the
 * real stack: saved, then emailed once; the failure paths. Forms, paths, questions, options, toasts and
 * email subjects are all read from the declarations and generated definitions, so a new form is covered
 * here without a test edit, and these journeys follow an editor's changes to schemas/.
 */
import type { Page } from '@playwright/test';
import { isStamp } from '../../../form-model/stamp';
import type { FormDefinition } from '../../../src/components/forms/form-definition';
import { pageForms, type PageForm } from '../../support/declared-forms';
import { optionLabel } from '../../support/sample-answers';
import { inboxRefusesMail, insertRows, mail, rows } from '../backend';
import { allowProblems, expect, test } from '../fixtures';
import { answersFor, busyText, fieldOf, fieldOrder, inputOf, submitText, titleOf } from '../form-driver';
import { expectToast, fillIn, SENDING_MS, unique } from './helpers';

const emailsFrom = async (address: string) => (await mail()).filter((m) => m.replyTo === address);
/** The copies a sender received of what they sent (forms.json's copyToSender). */
const copiesTo = async (address: string) => (await mail()).filter((m) => m.to.includes(address));
const replyTo = (form: FormDefinition) => pageForms.find((f) => f.definition === form)!.replyTo;
/** The first free-text question but the address: where a test writes a value it can find again (none in a form that asks only the address). */
const firstText = (form: FormDefinition) => fieldOrder(form).find((f) => fieldOf(form, f).type === 'string' && !fieldOf(form, f).oneOf && f !== replyTo(form));

/** An answer as staff read it: an option's label, else the text. */
const shown = (form: FormDefinition, field: string, value: unknown) => (fieldOf(form, field).oneOf ? optionLabel(form.schema, field, value) : String(value));

/** The subject staff see: the declared template with answers filled in, or "<formType>: <first answer>". */
function subjectOf({ definition: form, entry }: PageForm, answers: Record<string, unknown>) {
  const template = entry.notification.subject;
  if (!template) return `${entry.notification.formType}: ${shown(form, fieldOrder(form)[0]!, answers[fieldOrder(form)[0]!])}`;
  return template.replace(/\{(\w+)\}/g, (_, field: string) => shown(form, field, answers[field]));
}

/** A toast as the declaration says, with the server's explanation where it names {error}. */
const toast = (declared: { title: string; description: string }, error = '') => ({ title: declared.title, message: declared.description.replace('{error}', error) });

/** A complete submission with an address and a text no other test uses. */
function newAnswers(form: FormDefinition) {
  const id = unique('ana');
  const text = firstText(form);
  return answersFor(form, { [replyTo(form)]: `${id}@casaverde.org`, ...(text ? { [text]: `Casa Verde ${id}` } : {}) });
}

/** The subject of what the sender is emailed: a copy of their answers, or the request to confirm their address (double opt-in). */
const senderSubject = ({ entry }: PageForm) => entry.notification.copyToSender?.subject ?? entry.notification.optIn?.subject;

/** What the row must hold: every answer as stored (option values, not labels). */
const storedAs = (answers: Record<string, unknown>) => expect.objectContaining(answers);

/** Every question's title, and each answer as staff read it (option labels, not stored values; Yes or No for a box). */
function readableAnswers(form: FormDefinition, answers: Record<string, unknown>) {
  const asRead = (field: string, value: unknown) => (fieldOf(form, field).oneOf ? optionLabel(form.schema, field, value) : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value));
  return Object.entries(answers).flatMap(([field, value]) => [titleOf(form, field), asRead(field, value)]);
}

for (const declared of pageForms) {
  const { definition: form, entry, table } = declared;
  const path = entry.page.path;
  const cap = entry.limits?.perAddressPerHour ?? 5;
  const sent = toast(entry.toasts.notified);
  test.describe(`${form.id} form at ${path}`, () => {
    const submit = (page: Page) => page.getByRole('button', { name: submitText(form), exact: true });

    test('saves the answers, emails staff once with titles and labels, says so on the page, then offers an empty form', async ({ page }) => {
      const answers = newAnswers(form);
      const address = String(answers[replyTo(form)]);
      await fillIn(page, form, path, answers);
      // The save is held back a moment so the busy button can be seen: with its proof of work found while
      // the visitor typed, the whole send can be over before the next look.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/rest/v1/${table}*`, async (route) => {
        await held;
        await route.fallback();
      });
      // An impatient double click still sends one submission.
      await submit(page).dblclick();
      await expect(page.getByRole('button', { name: busyText(form) })).toBeDisabled();
      release();
      // Saving waits for the proof of work if it is not found yet (seconds on a busy two-core machine), then
      // the email: this test is about what is said and kept, npm run bench:interaction about how soon.
      await expectToast(page, sent.title, sent.message, { timeout: SENDING_MS });
      // What stays once the toast has gone: the notice, focused, then an empty form on request.
      const notice = entry.page.sent!;
      await expect(page.getByRole('heading', { name: notice.title })).toBeFocused();
      await expect(page.getByText(notice.body)).toBeVisible();
      await expect(submit(page)).toBeHidden();
      await page.getByRole('button', { name: notice.again }).click();
      const first = fieldOrder(form)[0]!;
      await expect(inputOf(page, form, first)).toHaveValue('');
      if (form.steps) {
        await expect(page.getByText(`Step 1 of ${form.steps.length}`)).toBeVisible();
        expect(await page.evaluate((key) => localStorage.getItem(key), `${form.id}-draft`)).toBeNull();
      }

      const saved = await rows<{ id: string }>(table, `${replyTo(form)}=eq.${address}`);
      expect(saved).toEqual([storedAs(answers)]);
      // Its id is the proof of work the page found while the visitor typed (decision 029).
      expect(isStamp(table, saved[0]!.id), saved[0]!.id).toBe(true);
      const emails = await emailsFrom(address);
      expect(emails).toHaveLength(1);
      expect(emails[0]!.subject).toBe(subjectOf(declared, answers));
      for (const text of readableAnswers(form, answers)) expect(emails[0]!.text).toContain(text);
      // Staff open the submission on this site's /staff page from the email.
      expect(emails[0]!.text).toContain(new URL(`/staff?submission=${saved[0]!.id}`, page.url()).href);
      // The sender's own copy, so the toast's "an email has also been sent" holds for them too: what
      // happens next in the page's words and every answer, with no link.
      const copies = await copiesTo(address);
      const copy = entry.notification.copyToSender;
      expect(copies.map((m) => m.subject)).toEqual(senderSubject(declared) ? [senderSubject(declared)] : []);
      // A double opt-in form asks instead, with its links (tests/e2e/flows/newsletter.spec.ts follows them).
      if (entry.notification.optIn) expect(copies[0]!.text).toContain(entry.notification.optIn.body);
      if (copy) {
        expect(copies[0]!.text).toContain(notice.body);
        for (const text of readableAnswers(form, answers)) expect(copies[0]!.text).toContain(text);
        expect(copies[0]!.html).toContain(notice.title);
        expect(copies[0]!.html).not.toMatch(/<a[\s>]/);
      }
    });

    test('shows the database error and sends nothing when the server refuses the row', async ({ page, pageProblems }) => {
      const answers = newAnswers(form);
      const address = String(answers[replyTo(form)]);
      // The server caps an address's submissions an hour, a rule the browser cannot check for itself.
      await insertRows(table, Array.from({ length: cap }, () => answersFor(form, { [replyTo(form)]: address })));
      await fillIn(page, form, path, answers);
      await submit(page).click();
      const refused = toast(entry.toasts.saveFailed, `Too many submissions from ${address} in the last hour.`);
      await expectToast(page, refused.title, refused.message, { timeout: SENDING_MS });
      allowProblems(pageProblems, /status of 400/);
      await expect(inputOf(page, form, replyTo(form))).toHaveValue(address);
      expect(await rows(table, `${replyTo(form)}=eq.${address}`)).toHaveLength(cap);
      // The saved rows are emailed in time (the sweep); the refused one never is.
      // (A form that asks only the address has no text of the refused row's own to look for: the row count above says it.)
      const text = firstText(form);
      if (text) expect((await emailsFrom(address)).filter((m) => m.text?.includes(String(answers[text])))).toHaveLength(0);
    });

    test('keeps the row and the answers when the email fails; sending again adds no row and delivers the email', async ({ page, pageProblems }) => {
      const answers = newAnswers(form);
      const address = String(answers[replyTo(form)]);
      await fillIn(page, form, path, answers);
      await inboxRefusesMail(true);
      try {
        await submit(page).click();
        const unsent = toast(entry.toasts.notifyFailed, 'The notification email could not be delivered. It will be sent again automatically.');
        await expectToast(page, unsent.title, unsent.message, { timeout: SENDING_MS });
      } finally {
        await inboxRefusesMail(false);
      }
      allowProblems(pageProblems, /status of 502/);
      await expect(inputOf(page, form, replyTo(form))).toHaveValue(address);
      expect(await rows(table, `${replyTo(form)}=eq.${address}`)).toHaveLength(1);
      expect(await emailsFrom(address)).toHaveLength(0);

      await submit(page).click();
      await expectToast(page, sent.title, sent.message, { timeout: SENDING_MS });
      // The second insert of the same submission hits its primary key (Chromium logs the 409): already saved.
      allowProblems(pageProblems, /status of 409/);
      expect(await rows(table, `${replyTo(form)}=eq.${address}`)).toHaveLength(1);
      expect(await emailsFrom(address)).toHaveLength(1);
      // The sender's copy, refused with staff's the first time, went out once too.
      expect(await copiesTo(address)).toHaveLength(senderSubject(declared) ? 1 : 0);
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
      expect(await copiesTo(address)).toHaveLength(0);
    });
  });
}

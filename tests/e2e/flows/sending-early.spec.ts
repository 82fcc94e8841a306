/**
 * A valid Send reaches staff whatever the visitor's device does to the submission's proof of work
 * (decisions 029 and 033): a worker that cannot start (the work is done on the page, and the second
 * send tries again rather than waiting on a dead worker) and a clock an hour or more fast (the
 * database's refusal says its time, and the page stamps on it).
 */
import type { Page } from '@playwright/test';
import { contactForm } from '../../../src/generated/forms/contact';
import { rows } from '../backend';
import { allowProblems, expect, test } from '../fixtures';
import { answerAll, answersFor, submitText } from '../form-driver';
import { expectToast, unique } from './helpers';
import { pageForms } from '../../support/declared-forms';

const contact = pageForms.find((f) => f.definition.id === contactForm.id)!;
const notified = contact.entry.toasts.notified;

async function sendContact(page: Page, address: string) {
  await answerAll(page, page.locator('form'), contactForm, answersFor(contactForm, { email: address }));
  await page.getByRole('button', { name: submitText(contactForm) }).click();
  await expectToast(page, notified.title, notified.description, { timeout: 30_000 });
}

test('with the proof-of-work worker blocked, two messages in a row are each sent', async ({ page, pageProblems }) => {
  let blocked = 0;
  await page.context().route(/stamp\.worker[\w-]*\.js$/, (route) => (blocked++, route.abort()));
  await page.goto('/contact');
  const first = `${unique('worker')}@casaverde.org`;
  await sendContact(page, first);
  await page.getByRole('button', { name: contact.entry.page.sent!.again }).click();
  const second = `${unique('worker')}@casaverde.org`;
  await sendContact(page, second);
  // The first send's toast may still be showing: the rows say when the second is saved.
  await expect.poll(async () => (await rows(contactForm.table!, `email=in.(${first},${second})`)).length, { timeout: 30_000 }).toBe(2);
  expect(blocked, 'each send asked for a worker anew instead of waiting on the dead one').toBeGreaterThanOrEqual(2);
  allowProblems(pageProblems, /ERR_FAILED|Failed to load resource|stamp/);
});

test('a phone whose clock is two hours fast sends, with no word about stamps', async ({ page, pageProblems }) => {
  await page.addInitScript(() => {
    const fast = 2 * 60 * 60 * 1000;
    const now = Date.now.bind(Date);
    Date.now = () => now() + fast;
  });
  await page.goto('/contact');
  const address = `${unique('clock')}@casaverde.org`;
  await sendContact(page, address);
  expect(await rows(contactForm.table!, `email=eq.${address}`)).toHaveLength(1);
  // The browser reports the database's first refusal (HTTP 400), which the page answered by stamping again.
  allowProblems(pageProblems, /status of 400/);
});

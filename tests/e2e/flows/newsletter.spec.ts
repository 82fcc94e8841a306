/**
 * The newsletter's double opt-in (decision 052), against the real stack: the footer's line leads to the
 * sign-up, the address gets one email asking to confirm with a link to unsubscribe, and only the button
 * the link opens puts the address on the list or takes it off. Texts come from schemas/forms.json.
 */
import type { Page } from '@playwright/test';
import { rows } from '../backend';
import { expect, shell, test } from '../fixtures';
import { inputOf, submitText } from '../form-driver';
import { pageForms } from '../../support/declared-forms';
import { expectToast, unique } from './helpers';
import { mail } from '../backend';

const newsletter = pageForms.find((f) => f.entry.notification.optIn)!;
const { definition: form, entry, table } = newsletter;
const optIn = entry.notification.optIn!;

interface OptInRow {
  submission_id: string;
  token: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

/** Subscribes `address` from the form's page and returns the email that asks to confirm it. */
async function subscribe(page: Page, address: string) {
  await page.goto(entry.page.path);
  await inputOf(page, form, 'email').fill(address);
  await page.getByRole('button', { name: submitText(form), exact: true }).click();
  await expectToast(page, entry.toasts.notified.title, entry.toasts.notified.description, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: entry.page.sent!.title })).toBeFocused();
  await expect.poll(async () => (await mail()).filter((m) => m.to.includes(address) && m.subject === optIn.subject).length).toBe(1);
  return (await mail()).find((m) => m.to.includes(address) && m.subject === optIn.subject)!;
}

const linkTo = (text: string, action: 'confirm' | 'unsubscribe') => text.match(new RegExp(`https?://\\S+\\?${action}=[\\w-]+`))![0];

async function stateOf(address: string): Promise<OptInRow> {
  const [saved] = await rows<{ id: string }>(table, `email=eq.${encodeURIComponent(address)}`);
  const [state] = await rows<OptInRow>('opt_ins', `submission_id=eq.${saved!.id}`);
  return state!;
}

test('the footer’s newsletter line leads to the sign-up page', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: shell.footer.newsletter.signUp.label }).click();
  await expect(page).toHaveURL(new RegExp(`${entry.page.path}$`));
  await expect(page.getByRole('heading', { level: 1, name: entry.page.heading })).toBeVisible();
  await expect(inputOf(page, form, 'email')).toBeVisible();
});

test('a sign-up waits for its owner: one email with a confirm button and an unsubscribe link, and only the button confirms', async ({ page }) => {
  const address = `${unique('nl')}@casaverde.org`;
  const email = await subscribe(page, address);
  expect(email.text).toContain(optIn.body);
  const confirm = linkTo(email.text!, 'confirm');
  const unsubscribe = linkTo(email.text!, 'unsubscribe');
  expect(email.html).toContain(`href="${confirm}"`);
  expect(email.html).toContain(`href="${unsubscribe}"`);
  // Saved, not yet on the list; opening the link alone (as a mail scanner does) changes nothing.
  expect((await stateOf(address)).confirmed_at).toBeNull();
  await page.goto(confirm);
  const card = page.getByRole('main');
  await expect(card.getByRole('heading', { name: optIn.title })).toBeVisible();
  expect((await stateOf(address)).confirmed_at).toBeNull();
  await card.getByRole('button', { name: optIn.confirm }).click();
  await expect(card.getByRole('heading', { name: optIn.confirmed.title })).toBeFocused();
  await expect(card).toContainText(optIn.confirmed.body);
  const confirmed = await stateOf(address);
  expect(confirmed.confirmed_at).not.toBeNull();
  expect(confirmed.unsubscribed_at).toBeNull();

  // The unsubscribe link, pressed: off the list; the confirm link again puts it back.
  await page.goto(unsubscribe);
  await expect(card).toContainText(optIn.unsubscribeBody);
  await card.getByRole('button', { name: optIn.unsubscribe }).click();
  await expect(card.getByRole('heading', { name: optIn.unsubscribed.title })).toBeFocused();
  expect((await stateOf(address)).unsubscribed_at).not.toBeNull();
  await page.goto(confirm);
  await card.getByRole('button', { name: optIn.confirm }).click();
  await expect(card.getByRole('heading', { name: optIn.confirmed.title })).toBeVisible();
  expect((await stateOf(address)).unsubscribed_at).toBeNull();
  // Nothing more was sent to the address than the one request.
  expect((await mail()).filter((m) => m.to.includes(address))).toHaveLength(1);
});

test('a link whose token names nothing says so and changes nothing', async ({ page }) => {
  for (const token of ['00000000-0000-4000-8000-000000000000', 'not-a-token']) {
    await page.goto(`${entry.page.path}?unsubscribe=${token}`);
    const card = page.getByRole('main');
    await card.getByRole('button', { name: optIn.unsubscribe }).click();
    await expect(card.getByRole('heading', { name: optIn.linkGone.title })).toBeVisible();
    await expect(card).toContainText(optIn.linkGone.body);
  }
});

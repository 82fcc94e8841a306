/**
 * Usable as soon as it looks usable (decision 020): on a slow phone the page paints seconds before the
 * code of its islands has arrived and run. What a visitor types or presses in that time is kept, and
 * presses are answered, whatever the code's timing. These tests run at 4× CPU slowdown on a slow
 * connection, and hold the code back where the point is the time before it arrives.
 */
import { assessmentForm } from '../../src/generated/forms/assessment';
import { contactForm } from '../../src/generated/forms/contact';
import { FONTS_CACHED_KEY } from '../../src/lib/site-fonts';
import { expect, test } from './fixtures';
import { answersFor, chosenOf, expectedMessage, inputOf, submitText } from './form-driver';
import { expectToast } from './flows/helpers';
import { TAKEOVER, holdScripts, island, slowPhone } from './phone';

test.use({ viewport: { width: 390, height: 844 } });

test('what is typed and chosen in a form before its code arrives is kept when the code takes over', async ({ page }) => {
  await slowPhone(page);
  const release = await holdScripts(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  const answers = answersFor(contactForm);
  // The visitor starts as soon as the fields show, with the form's code still on its way.
  await inputOf(page, contactForm, 'name').fill(String(answers.name));
  await inputOf(page, contactForm, 'subject').selectOption({ label: String(answers.subject) });
  await inputOf(page, contactForm, 'message').fill(String(answers.message));
  await expect(island(page, 'forms/form')).not.toHaveAttribute('data-hydrated');
  release();
  await expect(island(page, 'forms/form')).toHaveAttribute('data-hydrated', '', TAKEOVER);
  // Typing goes on into the live form, and nothing typed earlier is lost, now or later.
  await inputOf(page, contactForm, 'message').press('End');
  await inputOf(page, contactForm, 'message').pressSequentially(' Thanks.');
  await page.waitForTimeout(1500);
  await expect(inputOf(page, contactForm, 'name')).toHaveValue(String(answers.name));
  await expect(chosenOf(page, contactForm, 'subject')).toHaveText(String(answers.subject));
  await expect(inputOf(page, contactForm, 'message')).toHaveValue(`${answers.message} Thanks.`);
  // The form's state holds them: the one problem left is the email never typed.
  await page.getByRole('button', { name: submitText(contactForm) }).click();
  const { title, message } = expectedMessage(contactForm, 'email', 'required');
  await expectToast(page, title, message);
  await expect(inputOf(page, contactForm, 'email')).toBeFocused();
});

test('Send pressed before the form’s code arrives shows its problems at once; once the code has come they stay, and its next Send gives the form’s own', async ({ page }) => {
  // React, Mantine and the form engine are held back: the page's early answer (decision 027) needs none of them.
  const release = await holdScripts(page, /\/assets\/(react|mantine|form-engine)-[\w-]+\.js$/);
  await page.goto('/contact', { waitUntil: 'commit' });
  const answers = answersFor(contactForm);
  await inputOf(page, contactForm, 'name').fill(String(answers.name));
  await page.getByRole('button', { name: submitText(contactForm) }).click();

  // Each missing answer says so under its field, and focus goes to the first.
  const email = inputOf(page, contactForm, 'email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  const field = (name: string) => page.locator('.rjsf-field:not(.rjsf-field-object)', { has: inputOf(page, contactForm, name) });
  await expect(field('email')).toHaveAttribute('data-early-problem', expectedMessage(contactForm, 'email', 'required').message);
  await expect(field('message')).toHaveAttribute('data-early-problem', expectedMessage(contactForm, 'message', 'required').message);
  await expect(inputOf(page, contactForm, 'name')).not.toHaveAttribute('aria-invalid');
  // A fixed answer stops complaining at once; the others stay.
  await email.fill(String(answers.email));
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(field('email')).not.toHaveAttribute('data-early-problem');
  await expect(field('message')).toHaveAttribute('data-early-problem');
  await expect(island(page, 'forms/form')).not.toHaveAttribute('data-hydrated');

  // The visitor typed after the press, so the code does not press Send again over it: the page stays as they left it.
  release();
  await expect(island(page, 'forms/form')).toHaveAttribute('data-hydrated', '', TAKEOVER);
  await expect(field('message')).toHaveAttribute('data-early-problem');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(email).toBeFocused();
  // Their next Send is the form's own check: its messages in place of the early ones, and one toast.
  await page.getByRole('button', { name: submitText(contactForm) }).click();
  const first = expectedMessage(contactForm, 'subject', 'required');
  await expectToast(page, first.title, first.message);
  await expect(page.locator('[data-early-problem], [data-early-invalid]')).toHaveCount(0);
  await expect(page.locator(`#${contactForm.id}_message-error`)).toHaveText(expectedMessage(contactForm, 'message', 'required').message);
  await expect(inputOf(page, contactForm, 'message')).toHaveAttribute('aria-invalid', 'true');
  await expect(email).not.toHaveAttribute('aria-invalid');
});

test('Send pressed before the form’s code arrives, and nothing done after: the form gives its own answer once its code has come, where the visitor already is', async ({ page }) => {
  const release = await holdScripts(page, /\/assets\/(react|mantine|form-engine)-[\w-]+\.js$/);
  await page.goto('/contact', { waitUntil: 'commit' });
  await page.getByRole('button', { name: submitText(contactForm) }).click();
  const name = inputOf(page, contactForm, 'name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  release();
  const first = expectedMessage(contactForm, 'name', 'required');
  await expectToast(page, first.title, first.message, TAKEOVER);
  await expect(page.locator('[data-early-problem], [data-early-invalid]')).toHaveCount(0);
  await expect(page.locator(`#${contactForm.id}_name-error`)).toHaveText(first.message);
  await expect(name).toBeFocused();
});

test('Next pressed before the wizard’s code arrives is answered once it has, with the answers given', async ({ page }) => {
  await slowPhone(page);
  const release = await holdScripts(page);
  await page.goto('/assessment', { waitUntil: 'commit' });
  const [step1, step2] = assessmentForm.steps!;
  const answers = answersFor(assessmentForm);
  for (const field of step1!.fields) {
    const input = inputOf(page, assessmentForm, field);
    if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption({ index: 1 });
    else await input.fill(String(answers[field]));
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Step 1 of ${assessmentForm.steps!.length}`)).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: step2!.title })).toBeFocused(TAKEOVER);
  await page.getByRole('button', { name: 'Previous' }).click();
  const text = step1!.fields.find((f) => (assessmentForm.schema.properties![f] as { oneOf?: unknown }).oneOf === undefined)!;
  await expect(inputOf(page, assessmentForm, text)).toHaveValue(String(answers[text]));
});

test('Sign In opens the account dialog with no script at all, and its fields take typing at once', async ({ page }) => {
  await page.route(/\/assets\/.*\.js$/, () => {}); // no script ever arrives
  await page.goto('/courses', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill('ana@casaverde.org');
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@casaverde.org');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a dialog opened before the page is idle is not fetched again once it is, from no address', async ({ page }) => {
  // The idle work fetches each part of the page kept for later; one opened meanwhile is already filled.
  // The browser is made to find its idle time late, so the visitor opens the dialog in between.
  await page.addInitScript(() => {
    const later = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) => later(() => setTimeout(() => later(callback), 1500), options);
  });
  await page.goto('/courses');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  const wrong: string[] = [];
  page.on('request', (request) => request.url().endsWith('/undefined') && wrong.push(request.url()));
  // The idle work's last task stores that the typefaces are cached: everything before it has run.
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, FONTS_CACHED_KEY, { timeout: 30_000 });
  expect(wrong).toEqual([]);
});

test('a button pressed before its code arrives is pressed again once it has', async ({ page }) => {
  await slowPhone(page);
  const release = await holdScripts(page);
  await page.goto('/blog', { waitUntil: 'commit' });
  const filters = page.getByRole('group', { name: 'Filter resources by category' });
  await filters.getByRole('button', { name: 'Technology & Innovation' }).click();
  await expect(filters.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
  release();
  await expect(filters.getByRole('button', { name: 'Technology & Innovation' })).toHaveAttribute('aria-pressed', 'true');
});

test('the page requests no island code until it is needed: a visitor who only reads runs none', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/about');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.waitForTimeout(1000);
  expect(scripts).toEqual([]);
  // The first touch of an island fetches its code.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Sign In' }).focus();
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
});

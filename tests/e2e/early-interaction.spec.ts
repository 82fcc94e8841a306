/**
 * Nothing a visitor does before a page's code arrives is lost, moved or left unanswered (decision 033),
 * on the phone profile (4× CPU, 150 ms, 1.6 Mbps, 390 px): a press is answered at once from the page or
 * held with a visible sign, and a held press is never run over what the visitor did after it; a saved
 * draft is not typed over; a course named by the address is chosen from the first paint; an island that
 * fails, whatever way, says so and lets its presses go.
 */
import type { Page } from '@playwright/test';
import { assessmentForm } from '../../src/generated/forms/assessment';
import { contactForm } from '../../src/generated/forms/contact';
import { enrolmentForm } from '../../src/generated/forms/enrolment';
import { courseSlug, courses } from '../../site.config';
import { allowProblems, expect, test } from './fixtures';
import { answerAll, answersFor, chosenOf, expectedMessage, inputOf, submitText } from './form-driver';
import { TAKEOVER, holdScripts, island, slowPhone } from './phone';

const form = (page: Page) => island(page, 'forms/form');
const FAILED = 'This part of the page could not load. Check your connection, then try again.';

test.describe('a press made before the code arrives is never run over newer input', () => {
  test('/contact: Send on the empty form, then the name typed: the whole name stays in Name, and the cursor with it', async ({ page }) => {
    await slowPhone(page);
    const release = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const send = page.getByRole('button', { name: submitText(contactForm) });
    await send.click();
    // Seen at once: the button says it is working on it.
    await expect(send).toHaveAttribute('aria-busy', 'true', { timeout: 200 });
    const name = inputOf(page, contactForm, 'name');
    await name.click();
    await name.pressSequentially('Margaret');
    await expect(send, 'typing lets the held press go').not.toHaveAttribute('aria-busy');
    release();
    await expect(form(page)).toHaveAttribute('data-hydrated', '', TAKEOVER);
    await name.pressSequentially(' Okonkwo-Reyes');
    await page.waitForTimeout(1000);
    await expect(name).toHaveValue('Margaret Okonkwo-Reyes');
    await expect(name).toBeFocused();
    await expect(inputOf(page, contactForm, 'email')).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('/assessment: Next on the empty step, then the step filled: the form stays on step 1 with every answer', async ({ page }) => {
    await slowPhone(page);
    const release = await holdScripts(page);
    await page.goto('/assessment', { waitUntil: 'commit' });
    const [step1] = assessmentForm.steps!;
    await page.getByRole('button', { name: 'Next' }).click();
    const answers = answersFor(assessmentForm, { organization_name: 'Riverbend Food Bank' });
    await answerAll(page, page.locator('form'), assessmentForm, answers, step1!.fields);
    release();
    await expect(form(page)).toHaveAttribute('data-hydrated', '', TAKEOVER);
    await page.waitForTimeout(1000);
    await expect(page.getByText(`Step 1 of ${assessmentForm.steps!.length}`)).toBeVisible();
    await expect(inputOf(page, assessmentForm, 'organization_name')).toHaveValue('Riverbend Food Bank');
    // The visitor's own Next, now, moves on.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Step 2 of ${assessmentForm.steps!.length}`)).toBeVisible();
  });

  test('Send on the empty form is answered from the page, and once the code has come the problems stay, shown once, with the form’s own on the next Send', async ({ page, pageProblems }) => {
    await slowPhone(page);
    // The island cannot start the first time (its code does not download); the early answer can.
    let island = false;
    await page.route(/\/assets\/(react|mantine|form-engine)-[\w-]+\.js$/, (route) => (island ? route.continue() : route.abort()));
    await page.goto('/contact', { waitUntil: 'commit' });
    const send = page.getByRole('button', { name: submitText(contactForm) });
    await send.click();
    const email = inputOf(page, contactForm, 'email');
    await expect(inputOf(page, contactForm, 'name')).toHaveAttribute('aria-invalid', 'true', TAKEOVER);
    await expect(inputOf(page, contactForm, 'name')).toBeFocused();
    await expect(send).not.toHaveAttribute('aria-busy');
    await expect(page.getByText(FAILED)).toBeVisible(TAKEOVER);
    // The connection comes back; the next touch starts the form.
    island = true;
    await inputOf(page, contactForm, 'name').fill('Ana Souza');
    await expect(form(page)).toHaveAttribute('data-hydrated', '', TAKEOVER);
    await expect(inputOf(page, contactForm, 'name')).not.toHaveAttribute('aria-invalid');
    await expect(email, 'a problem not fixed still shows').toHaveAttribute('aria-invalid', 'true');
    await send.click();
    const message = expectedMessage(contactForm, 'email', 'required').message;
    await expect(page.locator(`#${contactForm.id}_email-error`)).toHaveText(message);
    await expect(page.locator('[data-early-problem], [data-early-invalid]')).toHaveCount(0);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    allowProblems(pageProblems, /ERR_FAILED|Failed to fetch|Failed to load resource|dynamically imported module|could not start/);
  });

  test('a button of an island on its way shows at once that it was pressed, and is pressed once the code has come', async ({ page }) => {
    await slowPhone(page);
    const release = await holdScripts(page);
    await page.goto('/blog', { waitUntil: 'commit' });
    const filter = page.getByRole('group', { name: 'Filter resources by category' }).getByRole('button', { name: 'Technology & Innovation' });
    await filter.click();
    await expect(filter).toHaveAttribute('aria-busy', 'true', { timeout: 200 });
    release();
    await expect(filter).toHaveAttribute('aria-pressed', 'true', TAKEOVER);
    await expect(filter).not.toHaveAttribute('aria-busy');
  });
});

test('a saved draft is not typed over: the form waits for it, says so, and resumes where the visitor was', async ({ page }) => {
  await page.goto('/assessment');
  const [step1, step2] = assessmentForm.steps!;
  const answers = answersFor(assessmentForm, { organization_name: 'Riverbend Food Bank' });
  await answerAll(page, page.locator('form'), assessmentForm, answers, step1!.fields);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: step2!.title })).toBeFocused();

  await slowPhone(page);
  const release = await holdScripts(page);
  await page.goto('/assessment', { waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Restoring your saved answers…' })).toBeVisible();
  const name = inputOf(page, assessmentForm, 'organization_name');
  expect(await name.evaluate((field) => (field.focus(), document.activeElement === field)), 'the field takes no focus, so no typing').toBe(false);
  release();
  await expect(page.getByRole('heading', { name: step2!.title })).toBeVisible(TAKEOVER);
  await expect(page.getByText('Restoring your saved answers…')).toBeHidden();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(name).toHaveValue('Riverbend Food Bank');
});

test('a draft whose form could not start is typed over by the visitor, and what they typed wins once it does', async ({ page, pageProblems }) => {
  await page.goto('/assessment');
  const [step1, step2] = assessmentForm.steps!;
  await answerAll(page, page.locator('form'), assessmentForm, answersFor(assessmentForm, { organization_name: 'Old Name Trust' }), step1!.fields);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: step2!.title })).toBeFocused();

  let online = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (online ? route.continue() : route.abort()));
  await page.goto('/assessment', { waitUntil: 'commit' });
  await expect(page.getByText(FAILED)).toBeVisible(TAKEOVER);
  const name = inputOf(page, assessmentForm, 'organization_name');
  await expect(name).toBeEditable();
  online = true;
  await name.fill('Riverbend Food Bank');
  await expect(form(page)).toHaveAttribute('data-hydrated', '', TAKEOVER);
  await page.waitForTimeout(500);
  await expect(page.getByText(`Step 1 of ${assessmentForm.steps!.length}`)).toBeVisible();
  await expect(name).toHaveValue('Riverbend Food Bank');
  await expect(name).toBeFocused();
  allowProblems(pageProblems, /ERR_FAILED|Failed to fetch|Failed to load resource|dynamically imported module|could not start/);
});

test('the course an address names is chosen from the first paint, before any code, and stays chosen', async ({ page }) => {
  const course = courses.find((c) => c.content !== null)!;
  await slowPhone(page);
  const release = await holdScripts(page);
  await page.goto(`/enrol?course=${courseSlug(course)}`, { waitUntil: 'commit' });
  await expect(chosenOf(page, enrolmentForm, 'course')).toHaveText(course.title);
  await inputOf(page, enrolmentForm, 'full_name').fill('Ana Souza');
  release();
  await expect(form(page)).toHaveAttribute('data-hydrated', '', TAKEOVER);
  await expect(chosenOf(page, enrolmentForm, 'course')).toHaveText(course.title);
  await expect(inputOf(page, enrolmentForm, 'full_name')).toHaveValue('Ana Souza');
});

test('a form whose code fails as it runs says so, and lets its held press go', async ({ page, pageProblems }) => {
  await page.route(/\/assets\/contact-[\w-]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("broken build");' }));
  await page.goto('/contact', { waitUntil: 'commit' });
  const send = page.getByRole('button', { name: submitText(contactForm) });
  await answerAll(page, page.locator('form'), contactForm, answersFor(contactForm));
  await send.click();
  await expect(page.getByText(FAILED)).toBeVisible(TAKEOVER);
  await expect(send).not.toHaveAttribute('aria-busy');
  allowProblems(pageProblems, /broken build|could not start/);
});

test('an island starts even when the site’s stylesheet failed to download the first time', async ({ page, pageProblems }) => {
  let tries = 0;
  await page.route(/\/assets\/site-[\w-]+\.css$/, (route) => (tries++ === 0 ? route.abort() : route.continue()));
  await page.goto('/blog', { waitUntil: 'commit' });
  const filter = page.getByRole('group', { name: 'Filter resources by category' }).getByRole('button', { name: 'Technology & Innovation' });
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true', TAKEOVER);
  allowProblems(pageProblems, /ERR_FAILED|Failed to load resource|site-.*\.css/);
});

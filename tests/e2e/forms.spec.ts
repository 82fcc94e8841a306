import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { assessmentForm } from '../../src/generated/forms/assessment';
import { contactForm } from '../../src/generated/forms/contact';
import { signInForm } from '../../src/generated/forms/sign-in';
import { signUpForm } from '../../src/generated/forms/sign-up';
import { LOCAL_JWT_SECRET, localKeys } from '../../supabase/local/keys';
import { pageForms } from '../support/declared-forms';
import { E2E_BACKEND } from './backend';
import { expect, test } from './fixtures';
import { expectToast } from './flows/helpers';
import { answer, answersFor, answerAll, expectedMessage, fieldOf, fieldOrder, inputOf, patternBreaker, requiredFields, submitText } from './form-driver';
import { toastLifetimes, toastLifetimesOf } from './toast-timing';

for (const { definition: form, entry } of pageForms.filter((f) => !f.definition.steps)) {
  test.describe(`${form.id} form at ${entry.page.path}`, () => {
    test('says what is missing or wrong, field by field in order, at the field and in one toast', async ({ page }) => {
      await page.goto(entry.page.path);
      const scope = page.locator('form');
      const send = scope.getByRole('button', { name: submitText(form) });
      const answers = answersFor(form);
      await expect(send).toBeEnabled();
      for (const field of fieldOrder(form)) {
        const input = inputOf(scope, form, field);
        if (requiredFields(form).includes(field)) {
          if (!fieldOf(form, field).oneOf) await input.fill('  ');
          await send.click();
          const { title, message } = expectedMessage(form, field, 'required');
          await expectToast(page, title, message);
          await expect(input).toBeFocused();
          await expect(input).toHaveAttribute('aria-invalid', 'true');
        }
        const wrong = patternBreaker(form, field);
        if (wrong && form.messages.fields?.[field]?.pattern) {
          await input.fill(wrong);
          await send.click();
          const { title, message } = expectedMessage(form, field, 'pattern');
          await expectToast(page, title, message);
          await expect(scope.getByText(message).filter({ visible: true })).toBeVisible();
        }
        if (fieldOf(form, field).oneOf && !(form.uiSchema[field] as { 'ui:widget'?: string } | undefined)?.['ui:widget']) {
          // A list is the browser's own select: nothing chosen at first, then every option the schema names.
          await expect(input.locator('option:checked')).toHaveAttribute('value', '');
          await expect(input.locator('option:not([value=""])')).toHaveText(fieldOf(form, field).oneOf!.map((o) => o.title));
        }
        await answer(page, scope, form, field, answers[field]);
        await expect(input).not.toHaveAttribute('aria-invalid', 'true');
        const rows = (form.uiSchema[field] as { 'ui:options'?: { rows?: number } } | undefined)?.['ui:options']?.rows;
        if (rows) await expect(input).toHaveAttribute('rows', String(rows));
      }

      const results = await new AxeBuilder({ page }).include('form').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
    });

    test('is in the prerendered HTML, so it shows before any script runs', async ({ request }) => {
      const html = await (await request.get(entry.page.path)).text();
      for (const field of fieldOrder(form)) expect(html).toContain(`id="${form.id}_${field}"`);
      expect(html).toContain(submitText(form));
    });
  });
}

test.describe('needs assessment', () => {
  const form = assessmentForm;
  const steps = form.steps!;
  const answers = answersFor(form);
  const firstText = (step: number) => steps[step]!.fields.find((f) => !fieldOf(form, f).oneOf && fieldOf(form, f).type === 'string')!;

  test('walks every step with its caption, progress, messages and buttons', async ({ page }) => {
    await page.goto('/assessment');
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    for (const [i, step] of steps.entries()) {
      const caption = `Step ${i + 1} of ${steps.length}`;
      await expect(page.getByText(caption)).toBeVisible();
      await expect(page.getByRole('progressbar', { name: caption })).toHaveAttribute('aria-valuenow', String(Math.round(((i + 1) / steps.length) * 100)));
      if (i > 0) await expect(page.getByRole('heading', { name: step.title })).toBeFocused();
      const last = i === steps.length - 1;
      const button = page.getByRole('button', { name: last ? submitText(form) : 'Next' });
      await expect(page.getByRole('button', { name: last ? 'Next' : submitText(form) })).toHaveCount(0);
      const required = step.fields.filter((f) => requiredFields(form).includes(f));
      if (required.length) {
        await button.click();
        const { title, message } = expectedMessage(form, required[0]!, 'required', step.title);
        await expectToast(page, title, message);
        await expect(page.getByText(caption)).toBeVisible();
      }
      await answerAll(page, page, form, answers, step.fields);
      const checked = step.fields.find((f) => patternBreaker(form, f) && form.messages.fields?.[f]?.pattern);
      if (last && checked) {
        await inputOf(page, form, checked).fill(patternBreaker(form, checked)!);
        await button.click();
        const { title, message } = expectedMessage(form, checked, 'pattern', step.title);
        await expectToast(page, title, message);
        await page.getByRole('button', { name: 'Previous' }).click();
        await expect(inputOf(page, form, firstText(i - 1))).toHaveValue(String(answers[firstText(i - 1)]));
        return;
      }
      if (!last) await button.click();
    }
  });

  test('keeps a draft across a reload', async ({ page }) => {
    await page.goto('/assessment');
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    await answerAll(page, page, form, answers, steps[0]!.fields);
    await page.getByRole('button', { name: 'Next' }).click();
    await inputOf(page, form, firstText(1)).fill('Volunteer turnover.');
    await page.reload();
    await expect(page.getByText(`Step 2 of ${steps.length}`)).toBeVisible();
    await expect(inputOf(page, form, firstText(1))).toHaveValue('Volunteer turnover.');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(inputOf(page, form, firstText(0))).toHaveValue(String(answers[firstText(0)]));
  });

  test('is prerendered with the first step', async ({ request }) => {
    const html = await (await request.get('/assessment')).text();
    expect(html).toContain(`Step 1 of ${steps.length}`);
    expect(html).toContain(steps[0]!.title.replaceAll('&', '&amp;'));
    for (const field of steps[0]!.fields) expect(html).toContain(`id="${form.id}_${field}"`);
  });
});

test.describe('sign-in and sign-up dialog', () => {
  test('renders both modes from their schemas and checks them before anything is sent', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    for (const field of fieldOrder(signInForm)) await expect(inputOf(dialog, signInForm, field)).toBeVisible();
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    const first = expectedMessage(signInForm, fieldOrder(signInForm).find((f) => requiredFields(signInForm).includes(f))!, 'required');
    await expectToast(page, first.title, first.message);

    await dialog.getByRole('button', { name: 'Create Account' }).click();
    const signUp = page.getByRole('dialog', { name: 'Create Account' });
    for (const field of fieldOrder(signUpForm)) await expect(inputOf(signUp, signUpForm, field)).toBeVisible();
    const tooShort = Object.entries(signUpForm.messages.fields ?? {}).find(([, byRule]) => byRule.minLength)?.[0];
    await answerAll(page, signUp, signUpForm, answersFor(signUpForm, tooShort ? { [tooShort]: 'short' } : {}));
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    if (tooShort) {
      const { title, message } = expectedMessage(signUpForm, tooShort, 'minLength');
      await expectToast(page, title, message);
    }
    await expect(signUp).toBeVisible();
  });
});

test('the built JavaScript compiles no code at run time (no eval, no Function constructor)', () => {
  const assets = join(import.meta.dirname, '..', '..', E2E_BACKEND.distDir, 'assets');
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(5);
  for (const file of scripts) {
    const code = readFileSync(join(assets, file), 'utf8');
    expect(code, file).not.toMatch(/\beval\(/);
    expect(code, file).not.toMatch(/(?<![\w$.])Function\(/);
  }
});

test('the built site holds the public anon key and no other key', async () => {
  const { anon, serviceRole } = await localKeys();
  const assets = join(import.meta.dirname, '..', '..', E2E_BACKEND.distDir, 'assets');
  const code = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
  expect(code).toContain(anon);
  expect(code).not.toContain(serviceRole);
  expect(code).not.toContain(LOCAL_JWT_SECRET);
});

test('the assessment can be completed to step 2 with the keyboard alone', async ({ page }) => {
  const form = assessmentForm;
  const answers = answersFor(form);
  /** Answers the focused field from the keyboard: types text, takes a list's first option, or presses Space on a radio. */
  async function byKeyboard(field: string) {
    const def = fieldOf(form, field);
    const radio = (form.uiSchema[field] as { 'ui:widget'?: string } | undefined)?.['ui:widget'] === 'radio';
    if (def.oneOf && radio) await page.keyboard.press('Space');
    else if (def.oneOf) await page.keyboard.press('ArrowDown');
    else await page.keyboard.type(String(answers[field]));
  }
  await page.goto('/assessment');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  const [step1, step2] = form.steps!;
  await inputOf(page, form, step1!.fields[0]!).focus();
  for (const [i, field] of step1!.fields.entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    await expect(inputOf(page, form, field).or(page.getByRole('radio').first())).toBeFocused();
    await byKeyboard(field);
  }
  // Previous is disabled on step 1, so the next stop is Next.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: step2!.title })).toBeFocused();
  await page.keyboard.press('Tab');
  await byKeyboard(step2!.fields[0]!);
  await expect(inputOf(page, form, step2!.fields[0]!)).not.toHaveValue('');
});

test('the wizard step with choices and the create-account dialog pass axe', async ({ page }) => {
  await page.goto('/assessment');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('form [aria-invalid="true"]').first()).toBeVisible();
  // Read as a visitor sees it once the press has passed: mid-transition the Next button's fill is
  // half-way to its colour (3.4:1 against its white label), which a fast run reached.
  await expect.poll(() => page.locator('form').evaluate((form) => form.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length)).toBe(0);
  const axe = () => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']);
  expect((await axe().include('form').analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('dialog', { name: 'Create Account' }).getByRole('button', { name: 'Create Account' }).click();
  const missing = expectedMessage(signUpForm, fieldOrder(signUpForm)[0]!, 'required');
  // The toast of the step before may still be fading out: wait for the one that says what is missing.
  await expectToast(page, missing.title, missing.message);
  expect((await axe().include('dialog').analyze()).violations.map((v) => v.id)).toEqual([]);
});

test('a toast closes by itself after 5 seconds and can be closed sooner', async ({ page }) => {
  // Timed in the page (when the alert is added and removed), so a busy machine's lag between the test's
  // own steps cannot make a real 5-second toast look shorter or longer.
  await page.addInitScript(toastLifetimes);
  await page.goto('/contact');
  await page.getByRole('button', { name: submitText(contactForm) }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 10_000 });
  const [lifetime] = await toastLifetimesOf(page);
  // The observer sees the alert a frame after its timer starts: a few ms short of 5,000 is 5 seconds.
  expect(lifetime).toBeGreaterThanOrEqual(4900);
  expect(lifetime).toBeLessThan(6500);
  await page.getByRole('button', { name: submitText(contactForm) }).click();
  await page.getByRole('alert').getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test.describe('a toast under the pointer', () => {
  // Its steps must fit in the toast's 5 seconds, which a machine busy with other tests' stamp hashing
  // (decision 029) has exceeded; a second try is allowed here and reported as flaky.
  test.describe.configure({ retries: 2 });
  test('F8 moves focus to the labelled toast region; a toast swiped 50 px to the right is dismissed, a shorter swipe is not', async ({ page }) => {
    const form = pageForms[0]!;
    await page.goto(form.entry.page.path);
    await page.getByRole('button', { name: submitText(form.definition) }).click();
    const toast = page.getByRole('alert');
    await expect(toast).toBeVisible();
    // The pointer rests on the toast, which holds it open (Mantine pauses a hovered toast's timer): on a busy
    // machine these steps can take longer than its 5 seconds.
    await toast.hover();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    const swipe = async (distance: number) => {
      const box = (await toast.boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + distance, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
    };
    await swipe(30);
    await expect(toast).toBeVisible();
    await swipe(60);
    await expect(toast).toHaveCount(0);
  });
});

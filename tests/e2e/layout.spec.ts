import type { Locator } from '@playwright/test';
import { pageForms } from '../support/declared-forms';
import { expect, shell, test } from './fixtures';
import { answerAll, answersFor, fieldOrder } from './form-driver';

test('the header nav lists About, Services, Courses, Tools & Info, Contact and marks the current page', async ({ page }) => {
  await page.goto('/courses');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['About', 'Services', 'Courses', 'Tools & Info', 'Contact']);
  await expect(nav.getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await nav.getByRole('link', { name: 'Tools & Info' }).click();
  await expect(page).toHaveURL('/blog');
  await expect(nav.getByRole('link', { name: 'Tools & Info' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Courses' })).not.toHaveAttribute('aria-current', 'page');
});

test('a service detail page keeps Services highlighted', async ({ page }) => {
  await page.goto('/services/crisis-management');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
});

test('the logo leads home, is not underlined like a plain link, and the header stays on screen while scrolling', async ({ page }) => {
  await page.goto('/about');
  await page.mouse.wheel(0, 2500);
  await expect(page.getByRole('banner')).toBeInViewport();
  const logo = page.getByRole('link', { name: `${shell.site.name}, home` });
  await expect(logo).toHaveCSS('text-decoration-line', 'none');
  await logo.click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle(shell.routes[0]!.title);
});

test('every route change starts at the top of the new page, with its own title, and the skip link first', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Services', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shell.routes.find((r) => r.path === '/services')!.heading);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveTitle(shell.routes.find((r) => r.path === '/services')!.title);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
});

test('the skip link is the first stop on the keyboard and jumps to the content', async ({ page }) => {
  await page.goto('/about');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('the footer has quick links, resources, socials, the contact email, a newsletter line, Sign In and the year', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Quick Links' })).toBeVisible();
  await expect(footer.getByRole('navigation', { name: 'Resources' })).toBeVisible();
  for (const social of shell.footer.socials) {
    const link = footer.getByRole('link', { name: social.label });
    await expect(link).toHaveAttribute('href', social.to);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(footer.getByRole('link', { name: shell.site.email })).toHaveAttribute('href', `mailto:${shell.site.email}`);
  await expect(footer).toContainText(shell.footer.newsletter.text);
  const signUp = shell.routes.find((route) => route.form === shell.footer.newsletter.signUp.form)!;
  await expect(footer.getByRole('link', { name: shell.footer.newsletter.signUp.label })).toHaveAttribute('href', signUp.path);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${shell.site.name}`);
  await footer.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

test('the sign-in dialog opens from the header, switches to Create Account and closes with Escape', async ({ page }) => {
  await page.goto('/services');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('An account gives you access to our resources');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL('/services');
  // Opened again from Sign In, it starts in sign-in mode.
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

/**
 * Every radio group of every page form, on every step, at a phone's and a laptop's width: each circle
 * sits on its label's line, before it (issue 25 found them on lines of their own when Mantine's inline
 * input styles were missing). Read from the declarations, so a new radio question is checked too.
 */
for (const width of [390, 1366]) {
  for (const { definition: form, entry } of pageForms) {
    const radios = fieldOrder(form).filter((field) => (form.uiSchema[field] as { 'ui:widget'?: string } | undefined)?.['ui:widget'] === 'radio');
    if (radios.length === 0) continue;
    test(`${entry.page.path} at ${width} px: every radio button sits on its label's line`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(entry.page.path);
      const steps = form.steps ?? [{ fields: fieldOrder(form) }];
      const answers = answersFor(form);
      for (const step of steps) {
        for (const field of radios.filter((f) => step.fields.includes(f))) {
          const options = page.locator(`[id^="${form.id}_${field}-"][type="radio"]`);
          await expect(options.first()).toBeVisible();
          for (const option of await options.all()) {
            const circle = (await option.boundingBox())!;
            const label = (await page.locator(`label[for="${await option.getAttribute('id')}"]`).boundingBox())!;
            const middle = circle.y + circle.height / 2;
            expect(middle, `${field}: the circle is beside its label`).toBeGreaterThan(label.y);
            expect(middle, `${field}: the circle is beside its label`).toBeLessThan(label.y + label.height);
            expect(circle.x + circle.width, `${field}: the circle comes before its label`).toBeLessThanOrEqual(label.x + 1);
          }
        }
        if (step === steps.at(-1)) break;
        await answerAll(page, page, form, answers, step.fields);
        await page.getByRole('button', { name: 'Next' }).click();
      }
    });
  }
}

test('a list question with nothing chosen shows its placeholder as an empty field does, in the placeholder grey, and a choice in the text colour', async ({ page }) => {
  await page.goto('/contact');
  const color = (el: Locator, pseudo?: string) => el.evaluate((e, p) => getComputedStyle(e, p).color, pseudo);
  const subject = page.getByLabel('Subject');
  const placeholder = await color(page.getByLabel('Full Name'), '::placeholder');
  const typed = await color(page.getByLabel('Full Name'));
  expect(placeholder).not.toBe(typed);
  expect(await color(subject)).toBe(placeholder);
  await subject.selectOption({ label: 'Feedback' });
  expect(await color(subject)).toBe(typed);
});

import { pages } from '../../site.config';
import { pageForms } from '../support/declared-forms';
import { expect, test } from './fixtures';
import { answerAll, answersFor, fieldOrder } from './form-driver';
import { ACCEPT, settle, shot } from './visual';

/**
 * Visual regression (issue 25): how every page, every form step with its problems showing, the account
 * dialog and the phone menu look, against baselines in tests/e2e/__screenshots__/. A change that moves
 * pixels fails here; when it was meant, accept it with `npm run test:e2e -- --update-snapshots` (or
 * `-- visual --update-snapshots` for these alone) and commit the new images after looking at them (the
 * failure's diff is in test-results/e2e-artifacts). The staff inbox's screenshots are in flows/staff.spec.ts.
 *
 * Deterministic: the site's own self-hosted faces (made to block until loaded, so a screenshot never
 * catches the system face the first visit shows), animations off, every lazy section and image drawn,
 * the year masked, seeded data only.
 */
test.describe.configure({ mode: 'parallel' });

const WIDTHS = [390, 1366] as const;

const slug = (path: string) => (path === '/' ? 'home' : path.slice(1).replaceAll('/', '_'));

for (const width of WIDTHS) {
  for (const { path } of pages) {
    test(`${path} at ${width} px looks as approved`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      if (path === '/') {
        // The testimonials start when scrolled near, from the seeded rows.
        await page.locator('#testimonials').scrollIntoViewIfNeeded();
        await expect(page.locator('#testimonials [aria-roledescription="slide"]').first()).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await settle(page);
      await expect(page, `${path} ${ACCEPT}`).toHaveScreenshot(`${slug(path)}@${width}.png`, { fullPage: true, ...shot(page) });
    });
  }

  for (const { definition: form, entry } of pageForms) {
    test(`${entry.page.path} at ${width} px: each step with its problems showing looks as approved`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(entry.page.path);
      await settle(page);
      const steps = form.steps ?? [{ fields: fieldOrder(form) }];
      const answers = answersFor(form);
      for (const [index, step] of steps.entries()) {
        const last = index === steps.length - 1;
        await page.getByRole('button', { name: last ? (form.uiSchema['ui:submitButtonOptions'] as { submitText: string }).submitText : 'Next' }).click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await expect(page.locator('form').first(), `${entry.page.path} step ${index + 1} ${ACCEPT}`).toHaveScreenshot(`${slug(entry.page.path)}-step-${index + 1}@${width}.png`, shot(page));
        if (last) break;
        await answerAll(page, page, form, answers, step.fields);
        await page.getByRole('button', { name: 'Next' }).click();
      }
    });
  }

  for (const { entry } of pageForms.filter((f) => f.entry.notification.optIn)) {
    test(`${entry.page.path} opened from its email's confirm link at ${width} px looks as approved`, async ({ page }) => {
      // A made-up token: the card asks before anything is sent, so nothing in the database changes.
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${entry.page.path}?confirm=00000000-0000-4000-8000-000000000000`);
      await expect(page.getByRole('button', { name: entry.notification.optIn!.confirm })).toBeVisible();
      await settle(page);
      await expect(page, `${entry.page.path}?confirm= ${ACCEPT}`).toHaveScreenshot(`${slug(entry.page.path)}-confirm@${width}.png`, shot(page));
    });
  }

  test(`the account dialog at ${width} px, in both modes, looks as approved`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/about');
    await settle(page);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' }), `The Sign In dialog ${ACCEPT}`).toHaveScreenshot(`dialog-sign-in@${width}.png`, shot(page));
    await page.getByRole('dialog').getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Account' }), `The Create Account dialog ${ACCEPT}`).toHaveScreenshot(`dialog-create-account@${width}.png`, shot(page));
  });
}

test('the open phone menu looks as approved', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/services');
  await settle(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
  await expect(page, `The open phone menu ${ACCEPT}`).toHaveScreenshot('menu-open@390.png', shot(page));
});

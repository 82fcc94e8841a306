/**
 * The workspace on a phone (issue 41, item 8): at 390 px every action of the inbox, the bar of a
 * selection and a submission's page is a target a thumb can hit (WCAG 2.2's target size, axe's own
 * rule), nothing is wider than the screen, and the selection's actions sit at the bottom, in reach.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { confirmedAccount, insertRows, makeStaff } from '../backend';
import { expect, test } from '../fixtures';
import { signInHere, unique } from './helpers';

const targetsTooSmall = async (page: Page) =>
  (await new AxeBuilder({ page }).withRules(['target-size']).analyze()).violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));

test('at 390 px every staff action is a target a thumb can hit, and the selection bar is in reach', async ({ page }) => {
  const { email, password } = await confirmedAccount('staff-phone');
  await makeStaff(email);
  const tag = unique('thumb');
  await insertRows('contact_submissions', [
    { name: `Ona ${tag}`, email: `ona-${tag}@example.org`, subject: 'Service Request', message: 'Please call me' },
    { name: `Pia ${tag}`, email: `pia-${tag}@example.org`, subject: 'Feedback', message: 'Thank you' },
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/staff?q=${tag}`);
  await signInHere(page, email, password);
  const entries = page.getByRole('list', { name: 'Submissions' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  expect(await targetsTooSmall(page)).toEqual([]);

  await page.getByRole('checkbox', { name: 'Select all listed' }).check();
  const bar = page.getByRole('region', { name: 'Change the selected submissions' });
  await expect(bar).toContainText('2 submissions selected');
  const box = (await bar.boundingBox())!;
  // In the lower part of the screen, where a thumb holding the phone reaches.
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(box.y).toBeGreaterThan(844 / 2);
  expect(await targetsTooSmall(page)).toEqual([]);
  await page.getByRole('checkbox', { name: 'Select all listed' }).uncheck();

  await entries.getByRole('link', { name: `Ona ${tag}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Contact Inquiry from Ona ${tag}` })).toBeVisible();
  expect(await targetsTooSmall(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

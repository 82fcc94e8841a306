import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 740 } });

const toggle = (page: Page) => page.getByRole('button', { name: /menu/ });
const mobileMenu = (page: Page) => page.locator('#mobile-menu');

test('the nav collapses into a toggle that opens and closes the menu', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toBeHidden();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(mobileMenu(page).getByRole('link')).toHaveText(['About', 'Services', 'Courses', 'Tools & Info', 'Contact']);
  await toggle(page).click();
  await expect(mobileMenu(page)).toHaveCount(0);
});

test('the menu closes on navigation', async ({ page }) => {
  await page.goto('/');
  await toggle(page).click();
  await mobileMenu(page).getByRole('link', { name: 'Courses' }).click();
  await expect(page).toHaveURL('/courses');
  await expect(mobileMenu(page)).toHaveCount(0);
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
});

test('the menu closes after Sign In and the dialog opens', async ({ page }) => {
  await page.goto('/about');
  await toggle(page).click();
  await mobileMenu(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(mobileMenu(page)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

test('the menu closes when the window widens to 768px, where the full nav shows', async ({ page }) => {
  await page.goto('/');
  await toggle(page).click();
  await expect(mobileMenu(page)).toBeVisible();
  await page.setViewportSize({ width: 767, height: 740 });
  await expect(mobileMenu(page)).toBeVisible();
  await page.setViewportSize({ width: 768, height: 740 });
  await expect(mobileMenu(page)).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toBeVisible();
  await expect(toggle(page)).toBeHidden();
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 740 } });

const toggle = (page: Page) => page.getByRole('button', { name: 'Menu' });
const mobileMenu = (page: Page) => page.locator('#mobile-menu');
const menuOpen = (page: Page) => mobileMenu(page).evaluate((menu) => menu.matches(':popover-open'));

test('the nav collapses into a toggle that opens and closes the menu', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toBeHidden();
  await expect(mobileMenu(page)).toBeHidden();
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(mobileMenu(page).getByRole('link')).toHaveText(['About', 'Services', 'Courses', 'Tools & Info', 'Contact']);
  await toggle(page).click();
  await expect(mobileMenu(page)).toBeHidden();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
});

test('Escape closes the menu, and so does a tap outside it', async ({ page }) => {
  await page.goto('/about');
  await toggle(page).click();
  await expect(mobileMenu(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(mobileMenu(page)).toBeHidden();
  await toggle(page).click();
  await expect(mobileMenu(page)).toBeVisible();
  await page.mouse.click(200, 700);
  await expect(mobileMenu(page)).toBeHidden();
});

test('the menu closes on navigation', async ({ page }) => {
  await page.goto('/');
  await toggle(page).click();
  await mobileMenu(page).getByRole('link', { name: 'Courses' }).click();
  await expect(page).toHaveURL('/courses');
  await expect(mobileMenu(page)).toBeHidden();
  expect(await menuOpen(page)).toBe(false);
});

test('the menu closes after Sign In and the dialog opens', async ({ page }) => {
  await page.goto('/about');
  await toggle(page).click();
  await mobileMenu(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(mobileMenu(page)).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
});

test('the menu closes when the window widens to 768px, where the full nav shows', async ({ page }) => {
  await page.goto('/');
  await toggle(page).click();
  await expect(mobileMenu(page)).toBeVisible();
  await page.setViewportSize({ width: 767, height: 740 });
  await expect(mobileMenu(page)).toBeVisible();
  await page.setViewportSize({ width: 768, height: 740 });
  await expect.poll(() => menuOpen(page)).toBe(false);
  await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toBeVisible();
  await expect(toggle(page)).toBeHidden();
  // Narrow again: the menu stays closed.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(mobileMenu(page)).toBeHidden();
});

test('the menu works from the first paint, before any script has run', async ({ page }) => {
  await page.route(/\/assets\/.*\.js$/, () => {}); // the islands' code never arrives
  await page.goto('/services', { waitUntil: 'commit' });
  await toggle(page).click();
  await expect(mobileMenu(page).getByRole('link', { name: 'About' })).toBeVisible();
  await mobileMenu(page).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL('/about');
});

test('a course page shows its price and Sign Up Now in its hero, on the first screen, and ends with the same sign-up; side cards are as wide as the page column', async ({ page }) => {
  await page.goto('/courses/strategic-leadership');
  const hero = page.locator('section[aria-labelledby="page-title"]');
  await expect(hero.getByText('$299', { exact: true })).toBeInViewport();
  await expect(hero.getByRole('link', { name: 'Sign Up Now', exact: true })).toBeInViewport();
  const enrol = await hero.getByRole('link', { name: 'Sign Up Now', exact: true }).getAttribute('href');
  const signUp = await page.getByRole('complementary', { name: 'Enrolment' }).getByRole('link', { name: 'Sign Up Now' }).boundingBox();
  const lessons = await page.getByRole('heading', { name: 'Sample Lessons' }).boundingBox();
  expect(signUp!.y).toBeLessThan(lessons!.y);
  // The page's last section, above the footer, signs up too.
  const closing = page.getByRole('region', { name: 'Ready to start Smart Leadership for Impact?' });
  await expect(closing.getByRole('link', { name: 'Sign Up Now for $299' })).toHaveAttribute('href', enrol!);
  await expect(page.locator('main section').last()).toHaveAccessibleName('Ready to start Smart Leadership for Impact?');
  const aside = await page.getByRole('complementary', { name: 'Enrolment' }).boundingBox();
  const lessonList = await page.getByRole('heading', { name: 'Sample Lessons' }).locator('xpath=..').boundingBox();
  expect(Math.abs(aside!.width - lessonList!.width)).toBeLessThan(2);

  await page.goto('/contact');
  const form = await page.locator('form').locator('xpath=ancestor::div[contains(@class, "mantine-Card-root")][1]').boundingBox();
  const side = await page.getByRole('complementary').first().boundingBox();
  expect(Math.abs(form!.width - side!.width)).toBeLessThan(2);
});

import { expect, test } from './fixtures';

// On a slow connection a page's own code can arrive after the shell has hydrated. Until it does, the
// prerendered page must stay on screen: no state change in the shell may swap it for an empty fallback.
test('the prerendered page stays on screen while its code is still downloading', async ({ page }) => {
  let release!: () => void;
  const codeHeldBack = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/home-page-[\w-]+\.js$/, async (route) => {
    await codeHeldBack;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'load' });
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  // Give the shell time to settle its own state (the session check) while the page code is held back.
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  release();
  await expect(page.getByRole('heading', { name: 'What Our Clients Say' })).toBeAttached();
});

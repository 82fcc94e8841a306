import { allowProblems, expect, test } from './fixtures';

test('an unknown path answers HTTP 404 with a not-found page and a way home', async ({ page, pageProblems }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle(/^Page not found/);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/');
  // The browser reports the 404 status of the document itself.
  allowProblems(pageProblems, /status of 404/);
});

test('a client-side link to an unknown path shows the not-found page too', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/missing');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('a page that fails to load shows the error page instead of a blank screen', async ({ page, pageProblems }) => {
  await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
  await expect(page.getByRole('link', { name: 'go to the home page' })).toHaveAttribute('href', '/');
  // The blocked download itself is the point of this test.
  allowProblems(pageProblems, /ERR_FAILED|about-page|Failed to fetch|dynamically imported module/);
});

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

test('a part of the page whose code cannot be downloaded says so, and works once it can', async ({ page, pageProblems }) => {
  let offline = true;
  await page.route(/\/assets\/.*\.js$/, (route) => (offline ? route.abort() : route.continue()));
  await page.goto('/blog');
  const filters = page.getByRole('group', { name: 'Filter resources by category' });
  await filters.getByRole('button', { name: 'Technology & Innovation' }).click();
  await expect(page.getByRole('alert')).toHaveText('This part of the page could not load. Check your connection, then try again.');
  // The page itself still reads and links work.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  offline = false;
  await filters.getByRole('button', { name: 'Technology & Innovation' }).click();
  await expect(filters.getByRole('button', { name: 'Technology & Innovation' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The blocked downloads themselves are the point of this test.
  allowProblems(pageProblems, /ERR_FAILED|Failed to fetch|dynamically imported module|could not start/);
});

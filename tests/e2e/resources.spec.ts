import about from '../../content/about';
import { resources } from '../../site.config';
import { consultantAnchor } from '../../src/config/consultant-anchor';
import type { InternalResource } from '../../src/config/site-types';
import { expect, test } from './fixtures';

test('category buttons filter the resource grid, All by default', async ({ page }) => {
  await page.goto('/blog');
  const filters = page.getByRole('group', { name: 'Filter resources by category' });
  await expect(filters.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article')).toHaveCount(resources.length);
  await filters.getByRole('button', { name: 'Technology & Innovation' }).click();
  await expect(page.getByRole('article')).toHaveCount(resources.filter((r) => r.category === 'Technology & Innovation').length);
  await expect(page.getByRole('article').first()).toContainText('Technology & Innovation');
  await filters.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(resources.length);
});

test('descriptions are clamped to three lines', async ({ page }) => {
  await page.goto('/blog');
  const description = page.getByRole('article').first().locator('p').last();
  const { lines } = await description.evaluate((el) => {
    const style = getComputedStyle(el);
    return { lines: Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight)) };
  });
  expect(lines).toBeLessThanOrEqual(3);
});

test('Explore All Resources scrolls back to the top and shows every resource again', async ({ page }) => {
  await page.goto('/blog');
  const filters = page.getByRole('group', { name: 'Filter resources by category' });
  await filters.getByRole('button', { name: 'Technology & Innovation' }).click();
  await expect(page.getByRole('article')).toHaveCount(resources.filter((r) => r.category === 'Technology & Innovation').length);
  const button = page.getByRole('button', { name: 'Explore All Resources' });
  await button.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(filters.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article')).toHaveCount(resources.length);
  await expect(page).toHaveURL('/blog');
});

test('a filtered view has its own address, which opens filtered, and a category it does not know shows All', async ({ page }) => {
  const category = 'Fundraising & Philanthropy';
  const count = resources.filter((r) => r.category === category).length;
  await page.goto('/blog');
  const filters = page.getByRole('group', { name: 'Filter resources by category' });
  await filters.getByRole('button', { name: category }).click();
  await expect(page).toHaveURL(`/blog?category=${encodeURIComponent(category).replace(/%20/g, '+')}`);
  const address = page.url();

  // Opened by someone it was shared with: filtered without a touch.
  await page.goto(address);
  await expect(filters.getByRole('button', { name: category })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article')).toHaveCount(count);
  await filters.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL('/blog');

  await page.goto('/blog?category=Nothing+Like+It');
  await expect(page.locator('[data-island="resources/resource-hub"][data-hydrated]')).toBeAttached();
  await expect(filters.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article')).toHaveCount(resources.length);
});

test('a shared filtered address shows its category from the first paint, and nothing moves when the code takes over', async ({ browser, page }) => {
  const category = 'Fundraising & Philanthropy';
  const address = `/blog?category=${encodeURIComponent(category)}`;
  const filters = (on: typeof page) => on.getByRole('group', { name: 'Filter resources by category' });
  // What the page shows, and where: each chip's state and look, each card's category and box.
  const view = (on: typeof page) =>
    on.locator('[data-island="resources/resource-hub"]').evaluate((hub) => ({
      chips: [...hub.querySelectorAll('[aria-pressed]')].map((chip) => `${chip.textContent} ${chip.getAttribute('aria-pressed')} ${getComputedStyle(chip).backgroundColor}`),
      cards: [...hub.querySelectorAll('article')].filter((card) => card.getClientRects().length).map((card) => `${card.querySelector('h3')!.textContent} ${JSON.stringify(card.getBoundingClientRect())}`),
    }));

  const before = await browser.newPage();
  await before.route(/\/assets\/.*\.js$/, () => {}); // the hub's code never arrives
  await before.goto(address);
  await expect(filters(before).getByRole('button', { name: category })).toHaveAttribute('aria-pressed', 'true');
  await expect(filters(before).getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(before.getByRole('article')).toHaveCount(resources.filter((r) => r.category === category).length);
  const first = await view(before);
  await before.close();

  await page.goto(address);
  await expect(page.locator('[data-island="resources/resource-hub"][data-hydrated]')).toBeAttached();
  expect(await view(page)).toEqual(first);
  // And the chips still work: the code took over from the page, not beside it.
  await filters(page).getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByRole('article')).toHaveCount(resources.length);
});

test('an internal resource opens its article, which says who wrote it and when, links back to the hub, and to its author on /about', async ({ page }) => {
  const article = resources.find((r): r is InternalResource => r.to === '/blog/donor-behavior-psychology')!;
  const author = about.consultants.find((c) => c.name === article.author)!;
  await page.goto('/blog');
  const card = page.getByRole('article').filter({ hasText: article.title });
  await expect(card.locator(`time[datetime="${article.published}"]`)).toBeVisible();
  await expect(card).toContainText(article.author);
  await card.getByRole('link', { name: `Read article: ${article.title}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  await expect(page.getByText(`By ${author.name}, ${author.role}`)).toBeVisible();
  await expect(page.locator(`article time[datetime="${article.published}"]`)).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await page.getByRole('link', { name: '← Back to Tools & Info' }).click();
  await expect(page).toHaveURL('/blog');

  // The author's name opens /about at the author's own card, in view below the sticky header.
  await page.goBack();
  await page.getByRole('link', { name: author.name }).click();
  await expect(page).toHaveURL(`/about#${consultantAnchor(author)}`);
  const profile = page.locator(`#${consultantAnchor(author)}`);
  await expect(profile.getByRole('heading', { name: author.name })).toBeInViewport();
  const headerBottom = (await page.getByRole('banner').boundingBox())!;
  await expect.poll(async () => (await profile.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
});

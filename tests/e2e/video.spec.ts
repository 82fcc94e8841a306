import { expect, test } from './fixtures';

test('the video loads no player until the visitor presses play', async ({ page }) => {
  test.info().annotations.push({ type: 'allow-third-party', description: 'the visitor asked for the video' });
  const playerRequests: string[] = [];
  await page.route('https://www.youtube-nocookie.com/**', (route) => {
    playerRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' });
  });
  await page.goto('/');
  await page.getByRole('button', { name: /^Play video:/ }).scrollIntoViewIfNeeded();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(playerRequests).toEqual([]);
  await page.getByRole('button', { name: /^Play video:/ }).click();
  await expect(page.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1/);
  await expect.poll(() => playerRequests.length).toBeGreaterThan(0);
});

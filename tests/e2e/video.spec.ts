import home from '../../content/home';
import { expect, test } from './fixtures';

test('the video loads no player until the visitor presses play', async ({ page }) => {
  test.info().annotations.push({ type: 'allow-third-party', description: 'the visitor asked for the video' });
  const playerRequests: string[] = [];
  await page.route('https://www.youtube-nocookie.com/**', (route) => {
    playerRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' });
  });
  // The home page's own video (a testimonial may have one too, once testimonials load).
  const play = page.getByRole('button', { name: `Play video: ${home.video.videoTitle}` });
  await page.goto('/');
  await play.scrollIntoViewIfNeeded();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(playerRequests).toEqual([]);
  await play.click();
  await expect(page.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1/);
  await expect.poll(() => playerRequests.length).toBeGreaterThan(0);
});

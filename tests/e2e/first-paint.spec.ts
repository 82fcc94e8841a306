/**
 * The prerendered page paints from its HTML alone (decision 017): the CSS it uses is inline, the full
 * stylesheet is not render-blocking, and the app's code is fetched only after the first paint.
 */
import { expect, test } from './fixtures';

const heroBackground = () => getComputedStyle(document.querySelector('main section')!).backgroundImage;

test('the HTML holds its own CSS, no render-blocking stylesheet and no page code to fetch before it paints', async ({ request }) => {
  const html = await (await request.get('/about')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<style>[^<]{1000,}<\/style>/);
  expect(head.replace(/<noscript[^>]*>.*?<\/noscript>/gs, '')).not.toMatch(/<link rel="(stylesheet|preload)"/);
  expect(head).toMatch(/<noscript data-full-css><link rel="stylesheet" href="\/assets\/[^"]+\.css"><\/noscript>/);
  expect(html.match(/<script/g)).toHaveLength(1);
  // The entry is a small loader; only its helper is preloaded, never the app.
  expect(html.match(/<link rel="modulepreload"/g)?.length ?? 0).toBeLessThanOrEqual(1);
});

test('with its scripts held back, the page is already laid out and styled by its inline CSS', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.route(/\/assets\/.*\.js$/, () => {}); // never answered
  await page.goto('/about', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(heroBackground)).toContain('gradient');
  expect(requested.filter((p) => p.endsWith('.css'))).toEqual([]);
});

test('without JavaScript the full stylesheet applies, and with it the stylesheet is added once the page has painted', async ({ browser, page }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/about');
  expect(await plain.evaluate(() => [...document.styleSheets].some((s) => s.href?.endsWith('.css')))).toBe(true);
  expect(await plain.evaluate(heroBackground)).toContain('gradient');
  // The theme's colours win over Mantine's defaults in both cases: the stylesheet comes before the theme.
  const brandButton = () => getComputedStyle(document.querySelector('header a[href="/contact"], header button')!).backgroundColor;
  const withoutScript = await plain.evaluate(brandButton);
  await noScript.close();

  await page.goto('/about');
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('head > link[rel="stylesheet"]').length)).toBe(1);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeEnabled();
  expect(await page.evaluate(brandButton)).toBe(withoutScript);
});

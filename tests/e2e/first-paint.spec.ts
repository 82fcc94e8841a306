/**
 * The prerendered page paints from its HTML alone (decision 017): the CSS it uses is inline, the full
 * stylesheet is not render-blocking, and the app's code is fetched only after the first paint.
 */
import { expect, test } from './fixtures';

const heroBackground = () => getComputedStyle(document.querySelector('main section')!).backgroundImage;

test('the HTML holds its own CSS and its loader: nothing render-blocking, no script or icon file to fetch before it paints', async ({ request }) => {
  const html = await (await request.get('/about')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<style>[^<]{1000,}<\/style>/);
  expect(head.replace(/<noscript[^>]*>.*?<\/noscript>/gs, '')).not.toMatch(/<link rel="(stylesheet|preload|modulepreload)"/);
  expect(head).toMatch(/<noscript data-full-css><link rel="stylesheet" href="\/assets\/[^"]+\.css"><\/noscript>/);
  // One script, inline and small: the loader. The app is imported by it, never linked.
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.map((m) => m[1])).toEqual([' type="module"']);
  expect(scripts[0]![2]!.length).toBeLessThan(4000);
  // Icons (the favicon and the interface's, in the inline CSS) cost no request.
  expect(html).toMatch(/<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,/);
  expect(head).toMatch(/--icon:url\("data:image\/svg\+xml,/);
});

test('before the first contentful paint the browser fetches no script or stylesheet; after it, the app', async ({ page }) => {
  for (const path of ['/', '/about', '/contact']) {
    await page.goto(path);
    const { fcp, early, scripts } = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        fcp,
        early: resources.filter((r) => r.startTime < fcp && /\.(js|css)$/.test(r.name)).map((r) => r.name),
        scripts: resources.filter((r) => r.name.endsWith('.js')).length,
      };
    });
    expect(fcp, path).toBeGreaterThan(0);
    expect(early, path).toEqual([]);
    expect(scripts, path).toBeGreaterThan(0);
  }
});

test('with the app and the full stylesheet held back, the page is already laid out and styled by its inline CSS', async ({ page }) => {
  await page.route(/\/assets\/.*\.(js|css)$/, () => {}); // never answered
  await page.goto('/about', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(heroBackground)).toContain('gradient');
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

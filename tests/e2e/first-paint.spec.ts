/**
 * The prerendered page paints from its HTML alone (decisions 017 and 020): the CSS it uses is inline, the
 * full stylesheet is not render-blocking, and no script is fetched until an island is needed.
 */
import { expect, test } from './fixtures';

const heroBackground = () => getComputedStyle(document.querySelector('main section')!).backgroundImage;

test('the HTML holds its own CSS and its loader: nothing render-blocking, no script to fetch before it paints, no icon drawn as an SVG image', async ({ request }) => {
  const html = await (await request.get('/about')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<style>[^<]{1000,}<\/style>/);
  expect(head.replace(/<noscript[^>]*>.*?<\/noscript>/gs, '')).not.toMatch(/<link rel="(stylesheet|preload|modulepreload)"/);
  expect(head).toMatch(/<noscript data-full-css><link rel="stylesheet" href="\/assets\/[^"]+\.css"><\/noscript>/);
  // Two small inline scripts: the session hint in <head>, and the loader. Islands' code is imported by it, never linked.
  // (and data blocks, which never run: the list of the islands' files the loader reads, scripts/build/island-files.ts,
  // and the page's schema.org data)
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/application\/(ld\+)?json/.test(m[1]!));
  expect(scripts.map((m) => m[1])).toEqual(['', ' type="module"']);
  expect(scripts[0]!.index).toBeLessThan(html.indexOf('</head>'));
  expect(scripts[0]![2]!.length).toBeLessThan(1000);
  // The loader (it holds presses and hands a form's to its early answer, decision 027): 3.5 KB of gzip, under bench:bundle's 4 KB.
  expect(scripts[1]![2]!.length).toBeLessThan(10_000);
  // No icon is an SVG image, which the browser parses as a document of its own on the page's main thread:
  // the interface's icons are SVG inline in the page (decision 025), the tab's is the built PNG icon
  // (decision 056), which the browser asks for once the page has loaded.
  expect(html).toMatch(/<link rel="icon" href="\/favicon\.ico" sizes="48x48"\s*\/?>/);
  expect(html).toMatch(/<span class="[^"]+" style="--icon-size:\d+px" aria-hidden="true"><svg viewBox="0 0 24 24"[^>]*><path /);
  expect(html).not.toMatch(/<svg[^>]* -?=""/);
  expect(html).not.toMatch(/data:image\/svg\+xml/);
});

test('every page fits in one round trip of a new connection (14 KB of brotli), so it paints without waiting for a second', async ({ request }) => {
  for (const path of ['/', '/about', '/services', '/contact', '/assessment', '/courses/strategic-leadership', '/blog/donor-behavior-psychology']) {
    const response = await request.get(path, { headers: { 'Accept-Encoding': 'br' } });
    const headers = Object.entries(response.headers()).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
    const body = Number(response.headers()['content-length']);
    expect(body + headers, path).toBeLessThan(14 * 1024);
  }
});

test('before the first contentful paint the browser fetches no script or stylesheet; a visitor who only reads runs no script and applies no stylesheet', async ({ page }) => {
  for (const path of ['/', '/about']) {
    await page.goto(path);
    await page.waitForTimeout(500);
    const { fcp, early, scripts, applied } = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        fcp,
        early: resources.filter((r) => r.startTime < fcp && /\.(js|css)$/.test(r.name)).map((r) => r.name),
        scripts: resources.filter((r) => r.name.endsWith('.js')).map((r) => r.name),
        // Only prefetched at idle, for the account dialog's content: cached, not applied.
        applied: [...document.styleSheets].filter((sheet) => sheet.href).map((sheet) => sheet.href),
      };
    });
    expect(fcp, path).toBeGreaterThan(0);
    expect(early, path).toEqual([]);
    expect(scripts, path).toEqual([]);
    expect(applied, path).toEqual([]);
  }
});

test('with the islands’ code and the full stylesheet held back, the page is already laid out and styled by its inline CSS', async ({ page }) => {
  await page.route(/\/assets\/.*\.(js|css)$/, () => {}); // never answered
  await page.goto('/about', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(heroBackground)).toContain('gradient');
  // The colour scheme's variables are inline too: an empty field's placeholder is drawn in the
  // placeholder's grey, not in the colour of typed text (it looked filled in until the code came).
  await page.goto('/contact', { waitUntil: 'commit' });
  const field = page.getByRole('textbox', { name: /Full Name/ });
  await expect(field).toBeVisible();
  const colours = await field.evaluate((input) => ({ placeholder: getComputedStyle(input, '::placeholder').color, typed: getComputedStyle(input).color }));
  expect(colours.placeholder).not.toBe(colours.typed);
});

test('every Mantine colour a page’s inline CSS uses is defined there, so nothing waits for the full stylesheet to get its colour', async ({ request }) => {
  for (const path of ['/', '/about', '/services', '/contact', '/assessment', '/enrol', '/blog', '/courses/strategic-leadership', '/account', '/staff']) {
    const html = await (await request.get(path)).text();
    const css = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]).join('') + [...html.matchAll(/style="([^"]*)"/g)].map((m) => m[1]).join(';');
    const defined = new Set([...css.matchAll(/(--mantine-color-[\w-]+)\s*:/g)].map((m) => m[1]));
    const used = new Set([...css.matchAll(/var\((--mantine-color-[\w-]+)\)/g)].map((m) => m[1]));
    expect([...used].filter((name) => !defined.has(name)), path).toEqual([]);
  }
});

test('without JavaScript the full stylesheet applies; with it, the stylesheet is added once, when an island starts', async ({ browser, page }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/about');
  expect(await plain.evaluate(() => [...document.styleSheets].some((s) => s.href?.endsWith('.css')))).toBe(true);
  expect(await plain.evaluate(heroBackground)).toContain('gradient');
  // The theme's colours win over Mantine's defaults in both cases: the stylesheet comes before the theme.
  const brandButton = () => getComputedStyle(document.querySelector('header button[commandfor]')!).backgroundColor;
  const withoutScript = await plain.evaluate(brandButton);
  await noScript.close();

  await page.goto('/about');
  const linked = () => page.evaluate(() => document.querySelectorAll('head > link[rel="stylesheet"]').length);
  expect(await linked()).toBe(0);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).focus();
  await expect.poll(linked).toBe(1);
  expect(await page.evaluate(brandButton)).toBe(withoutScript);
});

test('the typefaces cost a first visit nothing, and set every later page from its first paint with nothing moving', async ({ page }) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(request.url());
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => shifts.push((entry as unknown as { value: number }).value))).observe({ type: 'layout-shift', buffered: true });
  });
  const headingFont = () => getComputedStyle(document.querySelector('h1')!).fontFamily;

  // A first visit: the system faces; once the page has loaded and is idle, the faces' files are fetched
  // into the cache, and the browser remembers it.
  await page.goto('/about');
  expect(await page.evaluate(() => document.documentElement.dataset.fonts)).toBeUndefined();
  expect(await page.evaluate(headingFont)).toMatch(/^Georgia/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('keystone-fonts'))).toBe('1');
  expect(fontRequests.map((url) => new URL(url).pathname)).toEqual([expect.stringMatching(/^\/assets\/fraunces-latin-wght-normal-.+\.woff2$/), expect.stringMatching(/^\/assets\/figtree-latin-wght-normal-.+\.woff2$/)]);
  const { loaded, fonts } = await page.evaluate(() => ({
    loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    fonts: performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.woff2')).map((entry) => entry.startTime),
  }));
  for (const start of fonts) expect(start).toBeGreaterThanOrEqual(loaded);
  expect(await page.evaluate(headingFont)).toMatch(/^Georgia/);

  // The next page is set in them from its first paint, and nothing on it moves.
  await page.goto('/contact');
  expect(await page.evaluate(() => document.documentElement.dataset.fonts)).toBe('');
  expect(await page.evaluate(headingFont)).toMatch(/^"?Fraunces Variable/);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Figtree Variable/);
  await expect.poll(() => page.evaluate(() => document.fonts.check('650 2rem "Fraunces Variable"') && document.fonts.check('1rem "Figtree Variable"'))).toBe(true);
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0))).toBe(0);
});

test('a form page asks for its form’s files after it paints, one request per task, so no task of the page is long enough to block a tap', async ({ page }) => {
  // Each <link rel=prefetch> costs the main thread a few milliseconds (more on a busy phone); the twenty-odd
  // files of a form asked for in one task made a task Lighthouse counted as blocking (issue 42). A
  // MutationObserver's callback comes once per task that changed the DOM, with that task's changes.
  await page.addInitScript(() => {
    const batches: number[] = [];
    (window as unknown as { prefetchBatches: number[] }).prefetchBatches = batches;
    new MutationObserver((records) => {
      const asked = records.flatMap((r) => [...r.addedNodes]).filter((node) => node instanceof HTMLLinkElement && node.rel === 'prefetch').length;
      if (asked) batches.push(asked);
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of ['/contact', '/assessment']) {
    await page.goto(path);
    const listed = await page.evaluate(() => {
      const files = JSON.parse(document.getElementById('island-files')!.textContent!) as { islands: Record<string, number[]>; early: Record<string, number[]> };
      return new Set([...files.islands['forms/form']!, ...files.early['forms/form']!]).size;
    });
    // Every file of the form and its early answer, and the site's stylesheet, each asked for once.
    await expect.poll(() => page.evaluate(() => (window as unknown as { prefetchBatches: number[] }).prefetchBatches.reduce((a, b) => a + b, 0)), { message: path }).toBe(listed + 1);
    const batches = await page.evaluate(() => (window as unknown as { prefetchBatches: number[] }).prefetchBatches);
    expect(Math.max(...batches), `${path}: requests per task ${batches.join(' ')}`).toBeLessThanOrEqual(2);
  }
});

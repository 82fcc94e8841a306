import { shell } from './shell';
import { expect, test } from './fixtures';

test('pages get security headers and are revalidated, hashed assets are cached for a year', async ({ request, page }) => {
  const html = await request.get('/about');
  const headers = html.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cache-control']).toBe('no-cache');

  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/about');
  expect(scripts.length).toBeGreaterThan(0);
  const asset = await request.get(scripts[0]!, { headers: { 'Accept-Encoding': 'br' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
});

test('the sitemap lists every route and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const route of shell.routes) expect(sitemap).toContain(`<loc>https://www.keystoneimpact.org${route.path}</loc>`);
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: https://www.keystoneimpact.org/sitemap.xml');
});

test('only GET and HEAD are served', async ({ request }) => {
  const response = await request.post('/contact', { data: {} });
  expect(response.status()).toBe(405);
});

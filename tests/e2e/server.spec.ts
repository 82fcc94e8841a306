import { createHash } from 'node:crypto';
import { shell } from './shell';
import { expect, test } from './fixtures';

test('pages get security headers and are revalidated, hashed assets are cached for a year', async ({ request, page }) => {
  const html = await request.get('/about');
  const headers = html.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  expect(headers['cache-control']).toBe('no-cache');

  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/about');
  // Island code is fetched on the first touch (decision 020).
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).focus();
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  const asset = await request.get(scripts[0]!, { headers: { 'Accept-Encoding': 'br' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
});

test('scripts may come from this origin and be the two inline scripts, nothing else; dist/_headers carries the same policy for static hosts', async ({ request, page }) => {
  const response = await request.get('/contact');
  const csp = response.headers()['content-security-policy']!;
  const inline = [...(await response.text()).matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(inline).toHaveLength(2);
  const hashes = inline.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  expect(csp).toContain(`script-src 'self' ${hashes.join(' ')};`);

  // The browser runs the scripts under that policy (no violation), and the form starts from them.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('[data-island="forms/form"][data-hydrated]')).toBeAttached();
  expect(violations).toEqual([]);

  const headersFile = await (await request.get('/_headers')).text();
  expect(headersFile).toContain(`/*\n  Content-Security-Policy: ${csp}\n`);
  expect(headersFile).toContain('\n  Strict-Transport-Security: max-age=63072000; includeSubDomains\n');
  expect(headersFile).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
});

test('the sitemap lists every public route, not the staff workspace or a member\'s account, and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const route of shell.routes) {
    const entry = `<loc>https://www.keystoneimpact.org${route.path}</loc>`;
    if (route.private) expect(sitemap, route.path).not.toContain(entry);
    else expect(sitemap, route.path).toContain(entry);
  }
  expect(shell.routes.filter((r) => r.private).map((r) => r.path)).toEqual(['/staff', '/account']);
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: https://www.keystoneimpact.org/sitemap.xml');
});

test('only GET and HEAD are served', async ({ request }) => {
  const response = await request.post('/contact', { data: {} });
  expect(response.status()).toBe(405);
});

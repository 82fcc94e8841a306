import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { E2E_BACKEND } from './backend';
import { shell } from './shell';
import { expect, test } from './fixtures';

test('pages get security headers and are revalidated, hashed assets are cached for a year', async ({ request, page }) => {
  const html = await request.get('/about');
  const headers = html.headers();
  // What a page's own policy (a meta, decision 054) cannot say; the rest is in the page.
  expect(headers['content-security-policy']).toBe("frame-ancestors 'none'");
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

test('a page runs its own inline scripts and this origin\'s files, nothing else; dist/_headers gives static hosts the same headers', async ({ browser, request, page }) => {
  // The browser runs the page's scripts under its policy (no violation), and the form starts from them.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.locator('[data-island="forms/form"][data-hydrated]')).toBeAttached();
  await page.goto('/blog?category=Leadership+Development');
  await expect(page.getByRole('button', { name: 'Leadership Development' })).toHaveAttribute('aria-pressed', 'true');
  expect(violations).toEqual([]);

  // A script slipped into a page (as an injection would) is refused: the policy is the page's, not advice.
  // (On a page of its own: the refusal is logged as an error, which fails any test's own page.)
  const about = await (await request.get('/about')).text();
  const attacked = await browser.newPage();
  const refused: string[] = [];
  attacked.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await attacked.route('**/about', (route) => route.fulfill({ contentType: 'text/html', body: about.replace('</body>', '<script>document.title = "injected"</script></body>') }));
  await attacked.goto('/about');
  await expect.poll(() => refused.length).toBe(1);
  expect(await attacked.title()).not.toBe('injected');
  await attacked.close();

  const headersFile = await (await request.get('/_headers')).text();
  expect(headersFile).toContain(`/*\n  Content-Security-Policy: frame-ancestors 'none'\n`);
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

test('the staff inbox and a member\'s account open in a browsing context group of their own; public pages start no new one (decision 053)', async ({ request }) => {
  for (const route of shell.routes) {
    const coop = (await request.get(route.path)).headers()['cross-origin-opener-policy'];
    expect(coop, route.path).toBe(route.private ? 'same-origin' : undefined);
  }
  expect((await request.get('/staff/')).headers()['cross-origin-opener-policy']).toBe('same-origin');
  // The path as the file server reads it: escaped, or with a query, it is still the staff page.
  expect((await request.get('/st%61ff?view=overview')).headers()['cross-origin-opener-policy']).toBe('same-origin');
  const headersFile = await (await request.get('/_headers')).text();
  for (const path of ['/staff', '/staff/*', '/account', '/account/*']) expect(headersFile).toContain(`\n${path}\n  Cross-Origin-Opener-Policy: same-origin\n`);
  expect(headersFile.match(/Cross-Origin-Opener-Policy/g)).toHaveLength(4);
});

test('a request line no browser sends is answered, and the server goes on serving', async ({ request, baseURL }) => {
  const { port, hostname } = new URL(baseURL!);
  for (const target of ['http://[', '/%zz', '//x/../staff']) {
    const status = await new Promise<string>((resolve) => {
      let answer = '';
      const socket = connect(Number(port), hostname, () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('close', () => resolve(answer.split('\r\n')[0]!));
      socket.on('error', () => resolve('dropped'));
    });
    expect(status, target).toMatch(/^HTTP\/1\.1 [234]\d\d /);
  }
  expect((await request.get('/about')).status()).toBe(200);
});

test('each page is one file served at its address with no trailing slash, as static hosts serve it; a slash added goes there', async ({ request, baseURL }) => {
  // `about.html`, not `about/index.html`: Cloudflare Pages, Netlify and GitHub Pages serve a folder's index
  // at `/about/` and answer `/about`, the canonical address, with a redirect (decision 055).
  const dist = join(import.meta.dirname, '..', '..', E2E_BACKEND.distDir);
  for (const path of ['/about', '/courses', '/courses/strategic-leadership', '/staff']) {
    expect(existsSync(join(dist, `${path.slice(1)}.html`)), path).toBe(true);
    expect(existsSync(join(dist, path.slice(1), 'index.html')), path).toBe(false);
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    const slashed = await request.get(`${path}/?from=mail`, { maxRedirects: 0 });
    expect(slashed.status(), path).toBe(308);
    expect(slashed.headers().location, path).toBe(`${path}?from=mail`);
  }
  // Only a path of this site: `//about/` is not sent to a host called "about".
  for (const path of ['//about/', '/\\about/', '/nowhere/']) expect((await request.get(`${baseURL}${path}`, { maxRedirects: 0 })).status(), path).toBe(404);
});

test('only GET and HEAD are served', async ({ request }) => {
  const response = await request.post('/contact', { data: {} });
  expect(response.status()).toBe(405);
});

/** A PNG's size, from its header (IHDR: width and height as 32-bit big-endian at bytes 16 and 20). */
const decode = (text: string) => text.replace(/&(amp|quot|#39|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>' })[e]!);

/** Every address of this site in a JSON-LD value (not its @id names, which are identifiers, not pages). */
const urlsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? value.startsWith('https://www.keystoneimpact.org') ? [value] : []
    : Array.isArray(value) ? value.flatMap(urlsIn)
    : value && typeof value === 'object' ? Object.entries(value).flatMap(([key, v]) => (key === '@id' ? [] : urlsIn(v)))
    : [];

const pngSize = (png: Buffer) => ({ signature: png.subarray(1, 4).toString('latin1'), width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test('every route is shared with its own 1200x630 image and carries one block of schema.org data', async ({ request }) => {
  const images = new Set<string>();
  const linked = new Set<string>();
  for (const route of shell.routes) {
    const html = await (await request.get(route.path)).text();
    const meta = (name: string) => decode(html.match(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`))?.[1] ?? '');
    expect(meta('twitter:card'), route.path).toBe('summary_large_image');
    const image = meta('og:image')!;
    expect(image, route.path).toMatch(/^https:\/\/www\.keystoneimpact\.org\/share\/[a-z0-9-]+\.png$/);
    expect(meta('og:image:alt'), route.path).toContain(route.heading);
    images.add(image);
    const response = await request.get(new URL(image).pathname);
    expect(response.headers()['content-type'], image).toBe('image/png');
    expect(pngSize(await response.body()), image).toEqual({ signature: 'PNG', width: 1200, height: 630 });

    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks, route.path).toHaveLength(route.private ? 0 : 1);
    if (!route.private) expect(JSON.parse(blocks[0]![1]!)['@graph'][0], route.path).toMatchObject({ '@type': 'Organization', logo: 'https://www.keystoneimpact.org/logo.png' });
    // A share names the page (og:site_name names the site): the page's own title, the home page's in full.
    expect(meta('og:title'), route.path).toBe(route.path === '/' ? decode(html.match(/<title>([^<]*)<\/title>/)![1]!) : route.title.replace(/ \| Keystone Impact Partners$/, ''));
    if (!route.private) for (const url of urlsIn(JSON.parse(blocks[0]![1]!))) linked.add(url);
  }
  // Every address the structured data gives is this site's page or file, and a #place is on its page
  // (an article's author is their place on /about).
  for (const url of linked) {
    const { pathname, hash } = new URL(url);
    const target = await request.get(pathname);
    expect(target.status(), url).toBe(200);
    if (hash) expect(await target.text(), url).toContain(`id="${hash.slice(1)}"`);
  }
  expect(images.size, 'no two routes share an image').toBe(shell.routes.length);
  expect(pngSize(await (await request.get('/logo.png')).body())).toEqual({ signature: 'PNG', width: 512, height: 512 });
  // The address browsers, feed readers and crawlers ask for an icon at: an icon, not the not-found page.
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  const ico = await icon.body();
  expect([ico.readUInt16LE(2), ico.readUInt16LE(4), ico[6], ico[7]]).toEqual([1, 1, 48, 48]);
  expect(pngSize(ico.subarray(ico.readUInt32LE(18)))).toEqual({ signature: 'PNG', width: 48, height: 48 });
});

test('the articles\' feed is linked from every page, reads as RSS and lists each article once, newest first', async ({ request, page }) => {
  const home = await (await request.get('/')).text();
  const href = home.match(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="([^"]+)"/)![1]!;
  expect(await (await request.get('/services/strategic-planning')).text()).toContain(`href="${href}"`);
  const response = await request.get(href);
  expect(response.headers()['content-type']).toMatch(/xml/);
  await page.goto('/');
  const items = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('The feed is not XML');
    return [...doc.querySelectorAll('rss > channel > item')].map((item) => ({
      title: item.querySelector('title')?.textContent,
      link: item.querySelector('link')?.textContent,
      date: new Date(item.querySelector('pubDate')?.textContent ?? '').toISOString().slice(0, 10),
      author: item.querySelector('author')?.textContent,
    }));
  }, await response.text());
  const articles = shell.routes.filter((r) => r.kind === 'article');
  expect(items.map((i) => i.title).sort()).toEqual(articles.map((a) => a.heading).sort());
  expect(items.map((i) => i.date)).toEqual([...items.map((i) => i.date)].sort().reverse());
  // RSS 2.0's author is an email address, the name after it in brackets.
  for (const item of items) expect(item.author).toMatch(/^\S+@\S+ \(.+\)$/);
  for (const item of items) expect((await request.get(new URL(item.link!).pathname)).status(), item.link!).toBe(200);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const item of items) expect(sitemap).toContain(`<loc>${item.link}</loc><lastmod>${item.date}</lastmod>`);
});

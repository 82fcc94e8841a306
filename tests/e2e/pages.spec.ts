import { createHash } from 'node:crypto';
import { axeViolations, expect, shell, test } from './fixtures';

const decode = (html: string) =>
  html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

for (const route of shell.routes) {
  test.describe(`${route.path}`, () => {
    test('renders its one main heading and its title, with no accessibility violations', async ({ page }) => {
      await page.goto(route.path);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await expect(page).toHaveTitle(route.title);
      for (const landmark of ['banner', 'main'] as const) await expect(page.getByRole(landmark)).toHaveCount(1);
      // The staff workspace is an application of its own: no site navigation, no marketing footer.
      const workspace = route.kind === 'staff';
      await expect(page.getByRole('contentinfo')).toHaveCount(workspace ? 0 : 1);
      await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toHaveCount(workspace ? 0 : 1);
      await expect(page.getByRole('banner').getByRole('link', { name: `${shell.site.name}, home` })).toHaveAttribute('href', '/');
      expect(await axeViolations(page)).toEqual([]);
    });

    test('is prerendered: the raw HTML carries the heading and head tags', async ({ request }) => {
      const response = await request.get(route.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const h1 = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/);
      expect(h1 && decode(h1[1]!)).toBe(route.heading);
      if (route.private) {
        // The staff workspace: served to whoever asks, offered to no search engine, and no staff data in it.
        expect(html).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
        expect(html).not.toContain('rel="canonical"');
        expect(html).not.toContain('<table');
      } else {
        expect(html).toContain(`<link rel="canonical" href="https://www.keystoneimpact.org${route.path}"`);
        expect(html).not.toContain('noindex');
      }
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toContain('<meta property="og:title"');
      // The session hint and the loader (decisions 017, 020), and /blog's chosen category: the page's own
      // policy, first in its head, allows exactly its inline scripts by hash (decision 054).
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(inline).toHaveLength(route.path === '/blog' ? 3 : 2);
      const policy = html.match(/^\s*<head>\s*<meta charset="UTF-8">\s*<meta http-equiv="Content-Security-Policy" content="([^"]+)">/m)?.[1];
      const allowed = policy?.match(/script-src 'self'((?: '[^']+')*);/)?.[1]?.trim().split(' ');
      expect(allowed?.toSorted()).toEqual(inline.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`).toSorted());
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every page still reads: heading, navigation, content and footer (the staff workspace: heading and its way home)', async ({ page }) => {
    // One test for every route (about thirty pages), so it gets a route's share of time for each.
    test.setTimeout(shell.routes.length * 5_000);
    for (const route of shell.routes) {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 }), route.path).toHaveText(route.heading);
      if (route.kind === 'staff') {
        await expect(page.getByRole('banner').getByRole('link', { name: `${shell.site.name}, home` })).toBeVisible();
        continue;
      }
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(shell.site.email);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { escapeHtml, injectPage, renderHead } from '../../scripts/build/html';
import { robotsTxt, sitemapXml } from '../../scripts/build/sitemap';
import { isExternal } from '../../src/lib/links';

describe('prerendered HTML', () => {
  it('escapes text placed in head tags', () => {
    expect(escapeHtml(`Tools & "Info" <x>`)).toBe('Tools &amp; &quot;Info&quot; &lt;x&gt;');
    const head = renderHead({ title: 'A & B', description: 'x"y', canonical: 'https://e.org/a' }, { name: 'S', locale: 'en_US' });
    expect(head).toContain('<title>A &amp; B</title>');
    expect(head).toContain('content="x&quot;y"');
    expect(head).toContain('<link rel="canonical" href="https://e.org/a" />');
  });

  it('marks the not-found page noindex and gives it no canonical link', () => {
    const head = renderHead({ title: 'Nope', description: 'd', canonical: null, noindex: true }, { name: 'S', locale: 'en_US' });
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).not.toContain('canonical');
  });

  it('refuses a template that lost its placeholders rather than writing an empty page', () => {
    expect(() => injectPage('<html></html>', 'h', 'a')).toThrow(/placeholder/);
    expect(injectPage('<head><!--head--></head><div><!--app--></div>', '<title>t</title>', '<p>x</p>')).toBe('<head><title>t</title></head><div><p>x</p></div>');
  });

  it('lists every route in the sitemap and points robots.txt at it', () => {
    const xml = sitemapXml([{ path: '/' }, { path: '/blog/a', lastmod: '2026-10-08' }], 'https://e.org');
    expect(xml).toContain('<url><loc>https://e.org/</loc></url>');
    expect(xml).toContain('<url><loc>https://e.org/blog/a</loc><lastmod>2026-10-08</lastmod></url>');
    expect(robotsTxt('https://e.org')).toContain('Sitemap: https://e.org/sitemap.xml');
  });
});

describe('links', () => {
  it('treats only absolute http(s) URLs as external', () => {
    expect(isExternal('https://nist.gov')).toBe(true);
    expect(isExternal('/about')).toBe(false);
    expect(isExternal('/#testimonials')).toBe(false);
  });
});

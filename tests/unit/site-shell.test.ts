import { describe, expect, it } from 'vitest';
import { shell } from 'virtual:site-shell';
import * as config from '../../site.config';
import { documentTitle, projectShell } from '../../src/config/site-shell';
import { headFor } from '../../src/lib/head';

describe('the site shell projection', () => {
  it('is what the Vite plugin serves as virtual:site-shell', () => {
    expect(shell).toEqual(projectShell(config));
  });

  it('keeps every route, nav and footer, and leaves the service, course and resource tables out', () => {
    expect(shell.routes.map((r) => r.path)).toEqual(config.pages.map((p) => p.path));
    expect(shell.nav).toEqual(config.nav);
    const serialized = JSON.stringify(shell);
    for (const service of config.services) expect(serialized).not.toContain(service.tagline);
    expect(serialized.length).toBeLessThan(JSON.stringify(config.pages).length);
  });
});

describe('head tags', () => {
  it('puts the site name first on the home page and last elsewhere', () => {
    expect(documentTitle({ path: '/', title: 'Consulting' }, 'Site')).toBe('Site | Consulting');
    expect(documentTitle({ path: '/about', title: 'About' }, 'Site')).toBe('About | Site');
  });

  it('gives each page its canonical URL and an unknown path a not-found title', () => {
    const about = headFor('/about', config.pages, config.site, 'https://example.org');
    expect(about).toMatchObject({ canonical: 'https://example.org/about', found: true });
    expect(about.description).toBe(config.pages.find((p) => p.path === '/about')?.description);
    expect(headFor('/nope', config.pages, config.site, 'https://example.org')).toMatchObject({ found: false, noindex: true, canonical: null, title: `Page not found | ${config.site.name}` });
    expect(about.noindex).toBe(false);
    // The staff workspace is served but never offered to search engines.
    expect(headFor('/staff', config.pages, config.site, 'https://example.org')).toMatchObject({ found: true, noindex: true, canonical: null });
  });
});

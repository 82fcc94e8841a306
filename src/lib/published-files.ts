/** The addresses of the files the build publishes beside the pages, which the pages' heads and data name. */

/** Share images (scripts/build/share-images.tsx): one 1200x630 PNG per page, named after its path. */
export const shareImageSize = { width: 1200, height: 630 } as const;

/** `/` → `/share/home.png`, `/services/strategic-planning` → `/share/services-strategic-planning.png`. */
export const shareImagePath = (pagePath: string) => `/share/${pagePath === '/' ? 'home' : pagePath.slice(1).replace(/\//g, '-')}.png`;

/** The organization's logo as a square PNG, drawn at build from src/assets/favicon.svg. */
export const logoPath = '/logo.png';
export const logoSize = 512;

/**
 * The same mark as the icon every built page names, at the address browsers, feed readers and crawlers
 * ask for anyway: a PNG, which the browser decodes in a fraction of a millisecond where an SVG icon
 * becomes a document of its own on the page's main thread (decision 056).
 */
export const faviconPath = '/favicon.ico';
export const faviconSize = 48;

/** The articles' feed (src/lib/articles-feed.ts). */
export const feedPath = '/blog/feed.xml';

/**
 * Where a page's HTML goes in dist/: `/` in index.html, every other page in `<path>.html` (`/about` in
 * about.html, `/courses/x` in courses/x.html). Static hosts (Cloudflare Pages, Netlify)
 * serve `x.html` at `/x`, the address every link, canonical and sitemap entry uses, while a folder's
 * `x/index.html` is served at `/x/` and `/x` answers with a redirect to it (docs/decisions/055).
 */
export const pageFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

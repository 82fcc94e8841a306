/**
 * The site's whole stylesheet, added once, before anything shows what the page's inline CSS does not
 * cover (an island's new state, a deferred island's content): decisions 017 and 020. It goes right after
 * the page's inline CSS, in the same order as the build wrote it, so where both hold a rule the page
 * looks the same; added anywhere later, it would reorder rules of equal weight (Mantine's and the site's)
 * and things would move. Named in the <noscript> the build leaves for visitors without JavaScript.
 * Only the page's loader adds it (src/loader/): a link in the page is loading or loaded (one that failed
 * is removed, and asked for anew by the next island that starts), so nothing waits for an event that came.
 */
export function addSiteStylesheet(): Promise<void> {
  const fallback = document.querySelector('noscript[data-full-css]');
  const href = siteStylesheetHref();
  if (!fallback || !href) return Promise.resolve(); // the dev server's styles come with the modules
  let link = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${href}"]`);
  if (link?.sheet) return Promise.resolve();
  if (!link) {
    link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    // A stylesheet that failed leaves the page, so the next island to start asks for it anew.
    link.addEventListener('error', () => link!.remove(), { once: true });
    fallback.after(link);
  }
  const arriving = link;
  return new Promise((resolve) => {
    arriving.addEventListener('load', () => resolve(), { once: true });
    arriving.addEventListener('error', () => resolve(), { once: true });
  });
}

/** The stylesheet's address, from the <noscript> the build leaves for visitors without JavaScript. */
export function siteStylesheetHref(): string | undefined {
  return document.querySelector('noscript[data-full-css]')?.textContent?.match(/href="([^"]+)"/)?.[1];
}

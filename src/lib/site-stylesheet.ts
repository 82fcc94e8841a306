let added: Promise<void> | null = null;

/**
 * The site's whole stylesheet, added once, before anything shows what the page's inline CSS does not
 * cover (an island's new state, a deferred island's content): decisions 017 and 020. It goes right after
 * the page's inline CSS, in the same order as the build wrote it, so where both hold a rule the page
 * looks the same; added anywhere later, it would reorder rules of equal weight (Mantine's and the site's)
 * and things would move. Named in the <noscript> the build leaves for visitors without JavaScript.
 * The page's inline loader and the islands' code each have their own copy of this module, so the
 * document, not a variable, says whether it was added.
 */
export function addSiteStylesheet(): Promise<void> {
  added ??= new Promise((resolve) => {
    const fallback = document.querySelector('noscript[data-full-css]');
    const href = siteStylesheetHref();
    if (!fallback || !href) return resolve(); // the dev server's styles come with the modules
    let link = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${href}"]`);
    if (link?.sheet) return resolve();
    if (!link) {
      link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      fallback.after(link);
    }
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  return added;
}

/** The stylesheet's address, from the <noscript> the build leaves for visitors without JavaScript. */
export function siteStylesheetHref(): string | undefined {
  return document.querySelector('noscript[data-full-css]')?.textContent?.match(/href="([^"]+)"/)?.[1];
}

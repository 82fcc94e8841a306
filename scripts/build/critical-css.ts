import { readFile, writeFile } from 'node:fs/promises';
import Beasties from 'beasties';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/;

/**
 * Makes each prerendered page paint from its HTML alone (docs/decisions/017): the CSS the page uses goes
 * inline into its <head>, and the full stylesheet, no longer render-blocking, is named in a <noscript>
 * (applied as is without JavaScript; src/main.tsx loads it after the first paint otherwise).
 */
export async function inlineCriticalCss(dist: string, files: string[]) {
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    // No `preload`: the link is replaced below, since beasties' ways of deferring it need inline scripts (the CSP refuses them).
    // The full stylesheet stays whole: client-side navigation and dialogs need rules no prerendered page uses.
    pruneSource: false,
    reduceInlineStyles: false,
    inlineFonts: false,
    compress: true,
    logLevel: 'warn',
  });
  for (const file of files) {
    const html = await beasties.process(await readFile(file, 'utf8'));
    const link = html.match(STYLESHEET);
    if (!link) throw new Error(`${file} links no stylesheet: the build's template changed.`);
    const deferred = html
      .replace(link[0], '')
      // Beasties also preloads the stylesheet, which would fetch it at top priority before the first paint.
      .replace(new RegExp(`<link rel="preload"[^>]*href="${link[1]}"[^>]*>`), '')
      // In <head>, before the body's inline theme variables, as the cascade expects (beasties moves it to the body's end).
      .replace('</head>', `<noscript data-full-css><link rel="stylesheet" href="${link[1]}"></noscript></head>`);
    await writeFile(file, deferred);
  }
}

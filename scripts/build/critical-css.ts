import { readFile, writeFile } from 'node:fs/promises';
import Beasties from 'beasties';
import { pruneUnusedCustomProperties } from './css-variables.ts';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/;

/**
 * Makes each prerendered page paint from its HTML alone (docs/decisions/017): the CSS the page uses goes
 * inline into its <head>, and the full stylesheet, no longer render-blocking, is named in a <noscript>
 * (applied as is without JavaScript; islands add it before they start). Custom properties the page does not
 * use are dropped from its inline CSS (./css-variables.ts).
 */
function beastiesFor(dist: string) {
  return new Beasties({
    path: dist,
    publicPath: '/',
    // No `preload`: the link is replaced below, since beasties' ways of deferring it need inline scripts (the CSP refuses them).
    // The full stylesheet stays whole: islands need rules their prerendered HTML does not use yet.
    pruneSource: false,
    reduceInlineStyles: false,
    inlineFonts: false,
    compress: true,
    logLevel: 'warn',
  });
}

/**
 * `extraUses`: HTML and CSS that will join the pages later (deferred island content), whose custom
 * properties the pages must keep.
 */
export async function inlineCriticalCss(dist: string, files: string[], extraUses = '') {
  const beasties = beastiesFor(dist);
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
    await writeFile(file, pruneUnusedCustomProperties(deferred, extraUses));
  }
}

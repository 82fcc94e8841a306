import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
    // Beasties cannot see which faces the page uses (Mantine names them through custom properties): the
    // site's @font-face rules are added to every page below.
    inlineFonts: false,
    preloadFonts: false,
    // data-fonts: matched by the head script before the first paint, never in the prerendered HTML
    // (src/lib/site-fonts.ts). data-mantine-color-scheme: the colour scheme's variables (text, body,
    // placeholder, default borders), in rules whose `:host(...)` half beasties cannot match, so it dropped
    // them, and placeholders were drawn in the text's colour until the full stylesheet came.
    allowRules: [/data-fonts/, /^:root\[data-mantine-color-scheme=light\]/],
    compress: true,
    logLevel: 'warn',
  });
}

/**
 * `extraUses`: HTML and CSS that will join the pages later (deferred island content), whose custom
 * properties the pages must keep.
 */
/**
 * Every page sets its headings and text in the site's faces, so their @font-face rules go inline: the first
 * paint knows them, and `font-display: optional` decides once whether a face is used (src/styles.css). Were
 * they only in the deferred stylesheet, a face arriving after the paint would move the text.
 */
async function fontFaces(dist: string, stylesheet: string): Promise<string> {
  const css = await readFile(join(dist, stylesheet), 'utf8');
  return (css.match(/@font-face\{[^}]*\}/g) ?? []).join('');
}

export async function inlineCriticalCss(dist: string, files: string[], extraUses = '') {
  const beasties = beastiesFor(dist);
  for (const file of files) {
    const html = await beasties.process(await readFile(file, 'utf8'));
    const link = html.match(STYLESHEET);
    if (!link) throw new Error(`${file} links no stylesheet: the build's template changed.`);
    const faces = await fontFaces(dist, link[1]!);
    if (!html.includes('<style>')) throw new Error(`${file} has no inline <style> for the site's @font-face rules.`);
    const deferred = html
      .replace('<style>', `<style>${faces}`)
      .replace(link[0], '')
      // Beasties also preloads the stylesheet, which would fetch it at top priority before the first paint.
      .replace(new RegExp(`<link rel="preload"[^>]*href="${link[1]}"[^>]*>`), '')
      // In <head>, before the body's inline theme variables, as the cascade expects (beasties moves it to the body's end).
      .replace('</head>', `<noscript data-full-css><link rel="stylesheet" href="${link[1]}"></noscript></head>`);
    await writeFile(file, pruneUnusedCustomProperties(deferred, extraUses));
  }
}

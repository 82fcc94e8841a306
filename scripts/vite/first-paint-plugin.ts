import { basename } from 'node:path';
import { minifySync, type Plugin, type Rollup } from 'vite';
import { accountCheckNeeded } from '../../src/lib/backend/session-storage.ts';
import { anyHolds } from '../../src/lib/early-conditions.ts';
import { faviconPath, faviconSize } from '../../src/lib/published-files.ts';
import { fontsCached } from '../../src/lib/site-fonts.ts';

const ICON_LINK = /<link rel="icon"[^>]*href="\/[^"]+\.svg"\s*\/?>/;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/;

/**
 * The entry chunk's code, ready to run inline: its dynamic imports, relative to the chunk's own URL,
 * become absolute, since an inline module resolves them against the page's URL.
 */
function inlineEntry(chunk: Rollup.OutputChunk): string {
  if (chunk.imports.length > 0) throw new Error(`The entry ${chunk.fileName} imports ${chunk.imports.join(', ')} statically; inlined, it would fetch them before the first paint.`);
  let code = chunk.code.replace(/\n\/\/# sourceMappingURL=.*$/, '').trim();
  for (const target of chunk.dynamicImports) {
    const relative = `./${basename(target)}`;
    if (!code.includes(relative)) throw new Error(`The entry ${chunk.fileName} does not name ${target} as ${relative}; the build's output changed.`);
    code = code.replaceAll(relative, `/${target}`);
  }
  if (/<\/script/i.test(code)) throw new Error(`The entry ${chunk.fileName} contains "</script" and cannot go inline.`);
  return code;
}

/**
 * The one script a page runs before its body: where a stored session is to be checked (or an auth email's
 * link opened the page), <html data-session> keeps the account controls hidden from the first paint
 * until the check is done (src/styles.css), instead of showing Sign In to someone signed in; where the
 * browser holds the site's typefaces, <html data-fonts> sets the page in them (src/lib/site-fonts.ts).
 */
export const sessionHintScript = minifySync(
  'session-hint.js',
  `{const holds=${anyHolds.toString()},html=document.documentElement;if(holds(${JSON.stringify(accountCheckNeeded)}))html.dataset.session="";if(holds(${JSON.stringify(fontsCached)}))html.dataset.fonts=""}`,
).code; // Minified: it is in every page's first round trip, and anyHolds's source keeps its names and tabs.

/**
 * Keeps the page's HTML all its first paint needs (docs/decisions/017):
 * - the favicon is the built /favicon.ico (a PNG), not the SVG: the browser decodes a page's icon on its main
 *   thread, and an SVG icon, inline or not, is parsed there as a document of its own (about 13 ms on this
 *   machine, six times that on Lighthouse's slowest phone; decision 056);
 * - the entry, a loader of about 1 KB that starts the app after the first paint, goes inline: the page
 *   requests nothing before it paints. The CSP allows it by its hash (scripts/serve/security-headers.ts).
 */
export function firstPaintPlugins(): Plugin[] {
  return [
    {
      name: 'first-paint:session-hint',
      transformIndexHtml: {
        order: 'pre',
        handler: (html) => html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <script>${sessionHintScript}</script>`),
      },
    },
    {
      name: 'first-paint:favicon-file',
      apply: 'build',
      transformIndexHtml: {
        order: 'pre',
        handler: (html) => {
          if (!ICON_LINK.test(html)) throw new Error('index.html names no SVG icon for the build to replace with the favicon file: the template changed.');
          return html.replace(ICON_LINK, `<link rel="icon" href="${faviconPath}" sizes="${faviconSize}x${faviconSize}" />`);
        },
      },
    },
    {
      name: 'first-paint:inline-entry',
      apply: 'build',
      enforce: 'post',
      // After Vite has written the chunks' final code (its preload lists are filled in at this stage).
      generateBundle: {
        order: 'post',
        handler(_, bundle) {
          const page = bundle['index.html'];
          if (page?.type !== 'asset') return;
          const html = String(page.source);
          const tag = html.match(ENTRY_SCRIPT);
          const chunk = tag && bundle[tag[1]!];
          if (!tag || chunk?.type !== 'chunk') throw new Error('index.html has no entry script the build can inline: the template changed.');
          page.source = html.replace(tag[0], () => `<script type="module">${inlineEntry(chunk)}</script>`);
        },
      },
    },
  ];
}

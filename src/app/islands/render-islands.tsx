import { prerender } from 'react-dom/static';
import type { CollectedIsland } from '../../components/island';
import { IslandRoot } from '../../components/island-root';
import { islandLoaders } from './registry';

async function toHtml(element: React.ReactElement): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: (error) => void errors.push(error) });
  if (errors.length > 0) throw new Error(errors.map(String).join('; '));
  return new Response(prelude).text();
}

/**
 * What a deferred island's outermost element holds until its content arrives (or for good, without
 * JavaScript); the loader shows "Loading…" if it is opened before then.
 */
const DEFERRED_PLACEHOLDER = '<p data-needs-script hidden>Loading…</p><noscript><p>This needs JavaScript.</p></noscript>';

/** The content of an island rendered with `deferContent`: the build writes it to a file of its own. */
export interface DeferredContent {
  island: string;
  html: string;
}

/** Splits an island's HTML into its outermost element's tags and what is between them. */
function outermost(html: string): { open: string; inner: string; close: string } {
  const open = html.match(/^<([a-z][\w-]*)[^>]*>/);
  const close = open && `</${open[1]}>`;
  if (!open || !close || !html.endsWith(close)) throw new Error('A deferred island must render one element around its content.');
  return { open: open[0], inner: html.slice(open[0].length, -close.length), close };
}

/**
 * The second pass of a page's prerender: each island slot the page left gets the HTML of the island
 * rendered as its own React root, exactly the root the browser hydrates (src/app/islands/hydrate-island.tsx).
 */
export async function renderIslands(html: string, islands: Map<string, CollectedIsland>, { defer = true } = {}): Promise<{ html: string; deferred: DeferredContent[] }> {
  let result = html;
  const deferred: DeferredContent[] = [];
  for (const [slot, { definition, props }] of islands) {
    const marker = `data-island-slot="${slot}"`;
    const at = result.indexOf(marker);
    if (at < 0) continue; // rendered in an attempt React threw away
    if (!islandLoaders[definition.name]) throw new Error(`The island "${definition.name}" is not in src/app/islands/registry.ts, so no browser could start it.`);
    const close = result.indexOf('></div>', at);
    let inner: string;
    try {
      inner = await toHtml(<IslandRoot>{await definition.render(props)}</IslandRoot>);
    } catch (error) {
      throw new Error(`The island "${definition.name}" failed to render: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const tagStart = result.lastIndexOf('<div', at);
    let tag = result.slice(tagStart, close + 1);
    if (tag.includes(' data-deferred=""')) {
      if (defer) {
        const parts = outermost(inner);
        deferred.push({ island: definition.name, html: parts.inner });
        inner = `${parts.open}${DEFERRED_PLACEHOLDER}${parts.close}`;
      } else {
        tag = tag.replace(' data-deferred=""', '');
      }
    }
    result = `${result.slice(0, tagStart)}${tag}${inner}${result.slice(close + 1)}`;
  }
  return { html: result, deferred };
}

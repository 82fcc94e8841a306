import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from '../../components/island-root';
import { addSiteStylesheet } from '../../lib/site-stylesheet';
import { islandLoaders } from './registry';

/**
 * Starts one island: loads its code, renders it from the props its HTML carries and hydrates that HTML
 * as a React root of its own, as a transition so the browser can answer input between pieces.
 */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const load = islandLoaders[name];
  if (!load) throw new Error(`No island named "${name}" (src/app/islands/registry.ts).`);
  // An island may show what the page's inline CSS does not cover (a field's error, a toast).
  const [definition] = await Promise.all([load(), addSiteStylesheet()]);
  const content = await definition.render(JSON.parse(element.dataset.props ?? '{}'));
  await new Promise<void>((resolve) => {
    startTransition(() => {
      hydrateRoot(element, <IslandRoot onCommit={resolve}>{content}</IslandRoot>);
    });
  });
}

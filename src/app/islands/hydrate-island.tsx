import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from '../../components/island-root';
import { islandLoaders } from './registry';

/**
 * Starts one island: loads its code, renders it from the props its HTML carries and hydrates that HTML
 * as a React root of its own, as a transition so the browser can answer input between pieces. It settles
 * once React has committed the island, its error boundary's message included (src/components/island-root.tsx),
 * and fails when an error escapes the boundary: either way the loader stops holding the island's presses.
 * The page's loader has added the site's stylesheet first (src/loader/islands.ts).
 */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const load = islandLoaders[name];
  if (!load) throw new Error(`No island named "${name}" (src/app/islands/registry.ts).`);
  const definition = await load();
  const content = await definition.render(JSON.parse(element.dataset.props ?? '{}'));
  await new Promise<void>((resolve, reject) => {
    startTransition(() => {
      hydrateRoot(element, <IslandRoot onCommit={resolve}>{content}</IslandRoot>, { onUncaughtError: reject });
    });
  });
}

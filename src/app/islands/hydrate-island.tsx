import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from '../../components/island-root';
import { islandLoaders } from './registry';

let stylesheet: Promise<void> | null = null;

/**
 * The site's whole stylesheet, before the first island starts: the page's inline CSS covers what its
 * HTML shows, an island may show more (a field's error, another dialog mode, a toast). Named in the
 * <noscript> the build leaves for visitors without JavaScript (scripts/build/critical-css.ts).
 */
function siteStylesheet(): Promise<void> {
  stylesheet ??= new Promise((resolve) => {
    const href = document.querySelector('noscript[data-full-css]')?.textContent?.match(/href="([^"]+)"/)?.[1];
    if (!href) return resolve(); // the dev server's styles come with the modules
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    // In <head>, before the body's inline theme variables, as the cascade expects.
    document.head.append(link);
  });
  return stylesheet;
}

/**
 * Starts one island: loads its code, renders it from the props its HTML carries and hydrates that HTML
 * as a React root of its own, as a transition so the browser can answer input between pieces.
 */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const load = islandLoaders[name];
  if (!load) throw new Error(`No island named "${name}" (src/app/islands/registry.ts).`);
  const [definition] = await Promise.all([load(), siteStylesheet()]);
  const content = await definition.render(JSON.parse(element.dataset.props ?? '{}'));
  await new Promise<void>((resolve) => {
    startTransition(() => {
      hydrateRoot(element, <IslandRoot onCommit={resolve}>{content}</IslandRoot>);
    });
  });
}

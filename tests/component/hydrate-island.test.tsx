// @vitest-environment jsdom
/**
 * An island whose render throws settles (decision 033): its error boundary says what went wrong, and the
 * loader, told that the island has started, stops holding its presses instead of waiting forever.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { hydrateIsland } from '../../src/app/islands/hydrate-island';
import { islandLoaders } from '../../src/app/islands/registry';
import { defineIsland, type IslandDefinition, type IslandProps } from '../../src/components/island';
import { IslandRoot } from '../../src/components/island-root';

function Fine() {
  return <button type="button">Play</button>;
}
function Broken(): never {
  throw new Error('The video’s settings are missing.');
}

describe('starting an island', () => {
  it('settles when the island’s render throws, with the boundary’s message in its place', async () => {
    // The page was prerendered from a working build; the code that arrives throws.
    const island = document.createElement('div');
    island.dataset.island = 'test/broken';
    island.dataset.props = '{}';
    island.innerHTML = renderToString(
      <IslandRoot>
        <Fine />
      </IslandRoot>,
    );
    document.body.append(island);
    islandLoaders['test/broken'] = async () => defineIsland('test/broken', () => <Broken />) as unknown as IslandDefinition<IslandProps>;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(Promise.race([hydrateIsland(island).then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5000))])).resolves.toBe('settled');
    expect(island.querySelector('[role="alert"]')?.textContent).toContain('The video’s settings are missing.');
    warn.mockRestore();
    error.mockRestore();
    delete islandLoaders['test/broken'];
  });
});

import './styles.css';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/app-routes';
import { renderIslands, type DeferredContent } from './app/islands/render-islands';
import { Providers } from './app/providers';
import { IslandCollector, type CollectedIsland } from './components/island';

export { headFor } from './lib/head';
export { structuredDataFor } from './lib/structured-data';
export { shareCardFor } from './lib/share-card';
export { articlesFeed, lastModified } from './lib/articles-feed';
export { pages, site } from '../site.config';

export type { DeferredContent };

/**
 * Renders one URL to HTML at build time, waiting for its lazy page, then each island on it as a root of
 * its own (docs/decisions/020), with the content of deferred islands apart (kept in the page with
 * `defer: false`, as the dev server does). Any render error fails the build.
 */
export async function render(url: string, { defer = true } = {}): Promise<{ html: string; deferred: DeferredContent[] }> {
  const errors: unknown[] = [];
  const islands = new Map<string, CollectedIsland>();
  const { prelude } = await prerender(
    <IslandCollector value={islands}>
      <Providers>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </IslandCollector>,
    {
      // One chunk per page: no hidden boundaries revealed by inline scripts, so pages read without JavaScript.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  if (errors.length > 0) throw new Error(`${url} failed to render: ${errors.map(String).join('; ')}`);
  return renderIslands(await new Response(prelude).text(), islands, { defer });
}

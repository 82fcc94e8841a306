import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/app-routes';
import { Providers } from './app/providers';

export { headFor } from './lib/head';
export { pages, site } from '../site.config';

/** Renders one URL to HTML at build time, waiting for its lazy page. Any render error fails the build. */
export async function render(url: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <Providers>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </Providers>,
    {
      // One chunk per page: no hidden boundaries revealed by inline scripts, so pages read without JavaScript.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  if (errors.length > 0) throw new Error(`${url} failed to render: ${errors.map(String).join('; ')}`);
  return new Response(prelude).text();
}

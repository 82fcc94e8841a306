import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SiteLayout } from './layout/site-layout';
import { NotFoundPage, pageRoutes } from './routes';

/** A lazily loaded page; the prerender waits for it. */
function RoutePage({ Page }: { Page: ComponentType }) {
  return (
    <Suspense>
      <Page />
    </Suspense>
  );
}

/** The route table: the shared layout around one page per path of site.config.ts, rendered at build time. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {pageRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<RoutePage Page={Page} />} />
        ))}
        <Route path="*" element={<RoutePage Page={NotFoundPage} />} />
      </Route>
    </Routes>
  );
}

import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from './route-error-boundary';
import { SiteLayout } from './layout/site-layout';
import { NotFoundPage, pageRoutes } from './routes';

/** The route table: the shared layout around one lazily loaded page per path of site.config.ts. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // Keyed by path so that leaving a failed page clears the error.
    <RouteErrorBoundary key={pathname}>
      <Routes>
        <Route element={<SiteLayout />}>
          {pageRoutes.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Suspense><Page /></Suspense>} />
          ))}
          <Route path="*" element={<Suspense><NotFoundPage /></Suspense>} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

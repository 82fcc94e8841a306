import { Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { NavigationReset } from './navigation-reset';
import { RouteErrorBoundary } from './route-error-boundary';
import { SiteLayout } from './layout/site-layout';
import { NotFoundPage, pageRoutes } from './routes';

/** A lazily loaded page; while its code downloads, the prerendered HTML (or the previous page) stays. */
function RoutePage({ Page }: { Page: ComponentType }) {
  return (
    <Suspense>
      <Page />
      <NavigationReset />
    </Suspense>
  );
}

/** The route table: the shared layout around one page per path of site.config.ts. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // Keyed by path so that leaving a failed page clears the error.
    <RouteErrorBoundary key={pathname}>
      <Routes>
        <Route element={<SiteLayout />}>
          {pageRoutes.map(({ path, Page }) => (
            <Route key={path} path={path} element={<RoutePage Page={Page} />} />
          ))}
          <Route path="*" element={<RoutePage Page={NotFoundPage} />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

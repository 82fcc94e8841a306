import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { PageKind } from '../config/site-types';
import { SiteLayout } from './layout/site-layout';
import { WorkspaceLayout } from './layout/workspace-layout';
import { NotFoundPage, pageRoutes } from './routes';

/** A lazily loaded page; the prerender waits for it. */
function RoutePage({ Page }: { Page: ComponentType }) {
  return (
    <Suspense>
      <Page />
    </Suspense>
  );
}

/** Pages of the staff workspace: an application with its own header and no site footer. */
const inWorkspace = (kind: PageKind) => kind === 'staff';

/** The route table: a layout around one page per path of site.config.ts, rendered at build time. */
export function AppRoutes() {
  const routes = (workspace: boolean) =>
    pageRoutes.filter(({ kind }) => inWorkspace(kind) === workspace).map(({ path, Page }) => <Route key={path} path={path} element={<RoutePage Page={Page} />} />);
  return (
    <Routes>
      <Route element={<WorkspaceLayout />}>{routes(true)}</Route>
      <Route element={<SiteLayout />}>
        {routes(false)}
        <Route path="*" element={<RoutePage Page={NotFoundPage} />} />
      </Route>
    </Routes>
  );
}

import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { shell } from 'virtual:site-shell';
import { notFoundTitle } from '../../lib/head';

/**
 * Keeps the tab title in step with client-side navigation. Description, canonical and Open Graph
 * tags are written per route into the prerendered HTML, which is what crawlers and link previews read.
 */
export function useRouteHead() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = shell.routes.find((r) => r.path === pathname)?.title ?? notFoundTitle(shell.site.name);
  }, [pathname]);
}

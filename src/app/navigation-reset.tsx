import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

let initialPageShown = false;

/**
 * Rendered after each route's page, so it runs once the new page is on screen: the view starts at
 * the top (or at the #section asked for), and keyboard and screen-reader users land on the new
 * heading. The first page of a visit keeps the browser's own scroll and focus.
 */
export function NavigationReset() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!initialPageShown) {
      initialPageShown = true;
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    document.getElementById('page-title')?.focus({ preventScroll: true });
  }, [pathname, hash]);
  return null;
}

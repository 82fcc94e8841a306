import type { PageEntry } from '../config/site-types';
import { documentTitle } from '../config/site-shell';

export interface HeadTags {
  title: string;
  description: string;
  /** Null for a page that is not meant to be found (not found, staff only). */
  canonical: string | null;
  noindex: boolean;
  found: boolean;
}

export const notFoundTitle = (siteName: string) => `Page not found | ${siteName}`;

/** The <head> facts of a path, written into each prerendered page. */
export function headFor(pathname: string, pages: PageEntry[], site: { name: string }, origin: string): HeadTags {
  const page = pages.find((p) => p.path === pathname);
  if (!page) {
    return {
      title: notFoundTitle(site.name),
      description: 'The page you were looking for could not be found.',
      canonical: null,
      noindex: true,
      found: false,
    };
  }
  const listed = !page.private;
  return {
    title: documentTitle(page, site.name),
    description: page.description,
    canonical: listed ? `${origin}${page.path}` : null,
    noindex: !listed,
    found: true,
  };
}

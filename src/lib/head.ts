import type { PageEntry } from '../config/site-types';
import { documentTitle } from '../config/site-shell';

export interface HeadTags {
  title: string;
  description: string;
  canonical: string;
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
      canonical: `${origin}${pathname}`,
      found: false,
    };
  }
  return { title: documentTitle(page, site.name), description: page.description, canonical: `${origin}${page.path}`, found: true };
}

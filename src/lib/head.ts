import type { PageEntry } from '../config/site-types';
import { documentTitle } from '../config/site-shell';
import { shareImagePath } from './published-files';

export interface HeadTags {
  title: string;
  /** The title a share shows (og:title): the page's own, as og:site_name already names the site; the home page's in full. */
  shareTitle: string;
  description: string;
  /** Null for a page that is not meant to be found (not found, staff only). */
  canonical: string | null;
  noindex: boolean;
  found: boolean;
  /** The page's share image (absolute), and what it shows for those who cannot see it. */
  image: { url: string; alt: string };
  /** Open Graph's type: an article has an author and a date, everything else is the website. */
  type: 'website' | 'article';
}

export const notFoundTitle = (siteName: string) => `Page not found | ${siteName}`;

/** The <head> facts of a path, written into each prerendered page. */
export function headFor(pathname: string, pages: PageEntry[], site: { name: string }, origin: string): HeadTags {
  const page = pages.find((p) => p.path === pathname);
  if (!page) {
    return {
      title: notFoundTitle(site.name),
      shareTitle: 'Page not found',
      description: 'The page you were looking for could not be found.',
      canonical: null,
      noindex: true,
      found: false,
      image: { url: `${origin}${shareImagePath('/')}`, alt: site.name },
      type: 'website',
    };
  }
  const listed = !page.private;
  return {
    title: documentTitle(page, site.name),
    shareTitle: page.path === '/' ? documentTitle(page, site.name) : page.title,
    description: page.description,
    canonical: listed ? `${origin}${page.path}` : null,
    noindex: !listed,
    found: true,
    image: { url: `${origin}${shareImagePath(page.path)}`, alt: `${page.heading} | ${site.name}` },
    type: page.kind === 'article' ? 'article' : 'website',
  };
}

/**
 * The articles' RSS feed (linked from every page's head) and the dates the sitemap gives for them, from
 * the articles in site.config.ts. Only the build imports this.
 */
import { Feed } from 'feed';
import { paths, resources, site } from '../../site.config';
import type { InternalResource } from '../config/site-types';
import { articleDate } from './article-date';
import { feedPath, logoPath } from './published-files';

const articles = () =>
  resources.filter((r): r is InternalResource => r.content !== null).sort((a, b) => b.published.localeCompare(a.published));


export function articlesFeed(origin: string): string {
  const list = articles();
  const feed = new Feed({
    title: `${site.name}: articles`,
    description: site.description,
    id: `${origin}${paths.resources}`,
    link: `${origin}${paths.resources}`,
    language: 'en',
    image: `${origin}${logoPath}`,
    copyright: `© ${site.name}`,
    generator: false,
    ...(list[0] ? { updated: articleDate(list[0].published) } : {}),
    feedLinks: { rss: `${origin}${feedPath}` },
  });
  for (const article of list) {
    feed.addItem({
      title: article.title,
      id: `${origin}${article.to}`,
      link: `${origin}${article.to}`,
      description: article.description,
      date: articleDate(article.published),
      // RSS's <author> is an address with the name after it: the team's, as nobody writes to an author alone.
      author: [{ name: article.author, email: site.email, link: `${origin}${paths.about}` }],
      category: [{ name: article.category }],
    });
  }
  return feed.rss2();
}

/** The sitemap's lastmod: an article's publication date, the articles' list its newest; null where the content gives none. */
export function lastModified(path: string): string | null {
  const list = articles();
  if (path === paths.resources) return list[0]?.published ?? null;
  return list.find((a) => a.to === path)?.published ?? null;
}

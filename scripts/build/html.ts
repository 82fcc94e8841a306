import { minifySync } from 'vite';
import { feedPath, shareImageSize } from '../../src/lib/published-files.ts';

interface Head {
  title: string;
  shareTitle?: string;
  description: string;
  canonical: string | null;
  noindex?: boolean;
  image?: { url: string; alt: string };
  type?: 'website' | 'article';
  /** The page's schema.org data (src/lib/structured-data.ts), one block. */
  jsonLd?: object | null;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** The per-route <head> tags; the browser keeps the same tags current on client-side navigation. */
export function renderHead(head: Head, site: { name: string; locale: string }): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : null,
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : null,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}" />`,
    `<meta property="og:locale" content="${site.locale}" />`,
    `<meta property="og:title" content="${escapeHtml(head.shareTitle ?? head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    head.canonical ? `<meta property="og:url" content="${escapeHtml(head.canonical)}" />` : null,
    ...articleTags(head.jsonLd),
    ...(head.image
      ? [
          `<meta property="og:image" content="${escapeHtml(head.image.url)}" />`,
          `<meta property="og:image:width" content="${shareImageSize.width}" />`,
          `<meta property="og:image:height" content="${shareImageSize.height}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(head.image.alt)}" />`,
          // X reads og:title, og:description and og:image when its own tags are missing.
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : [`<meta name="twitter:card" content="summary" />`]),
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(site.name)}: articles" href="${feedPath}" />`,
    // JSON is safe in a script element once `<` cannot start a closing tag.
    head.jsonLd ? `<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>` : null,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * Open Graph's article facts (its date, author and section, which LinkedIn and Facebook show), read from the
 * page's schema.org Article so the two never disagree.
 */
function articleTags(jsonLd: object | null | undefined): string[] {
  const graph = (jsonLd as { '@graph'?: Record<string, unknown>[] } | null | undefined)?.['@graph'] ?? [];
  const article = graph.find((node) => node['@type'] === 'Article');
  if (!article) return [];
  const facts = [
    ['article:published_time', article.datePublished],
    ['article:modified_time', article.dateModified],
    ['article:author', (article.author as { url?: unknown } | undefined)?.url],
    ['article:section', article.articleSection],
  ];
  return facts.filter(([, value]) => typeof value === 'string').map(([name, value]) => `<meta property="${name}" content="${escapeHtml(value as string)}" />`);
}

export function injectPage(template: string, head: string, appHtml: string): string {
  if (!template.includes('<!--head-->') || !template.includes('<!--app-->')) {
    throw new Error('dist/index.html lost its <!--head--> or <!--app--> placeholder.');
  }
  return template.replace('<!--head-->', head).replace('<!--app-->', appHtml);
}

/**
 * A page's own inline scripts (a component's, such as /blog's chosen category), minified: the prerender's
 * bundle keeps their source's names and tabs, and each is in its page's first round trip.
 */
export function minifyInlineScripts(appHtml: string): string {
  return appHtml.replace(/<script>([\s\S]*?)<\/script>/g, (_, code: string) => `<script>${minifySync('inline.js', code).code.trim()}</script>`);
}

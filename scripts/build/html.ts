interface Head {
  title: string;
  description: string;
  canonical: string | null;
  noindex?: boolean;
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
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}" />`,
    `<meta property="og:locale" content="${site.locale}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    head.canonical ? `<meta property="og:url" content="${escapeHtml(head.canonical)}" />` : null,
    `<meta name="twitter:card" content="summary" />`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

export function injectPage(template: string, head: string, appHtml: string): string {
  if (!template.includes('<!--head-->') || !template.includes('<!--app-->')) {
    throw new Error('dist/index.html lost its <!--head--> or <!--app--> placeholder.');
  }
  return template.replace('<!--head-->', head).replace('<!--app-->', appHtml);
}

import { createHash } from 'node:crypto';
import { pages } from '../../site.config.ts';

/**
 * Caching: hashed file names under /assets/ change with their content, so browsers may keep them for a
 * year; everything else (HTML, sitemap) is revalidated.
 */
export const ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const PAGES_CACHE_CONTROL = 'no-cache';

/** The player the video facade loads after a visitor clicks play (src/components/video-facade.tsx), and no other. */
const VIDEO_HOSTS = ['https://www.youtube-nocookie.com'];

/**
 * The CSP source for each inline script of a page: the build inlines the session hint and the loader
 * (decisions 017 and 020), and a page may carry a script of its own before its island's code (/blog's
 * chosen category), so scripts are this origin's files plus exactly that code.
 */
export function inlineScriptHashes(html: string): string[] {
  // Scripts that run: a JSON data block (application/json, application/ld+json) is never executed, so needs no hash.
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return [...new Set(inline.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`))];
}

/**
 * A page's policy, as a `<meta>` first in its head (decision 054): scripts are this origin's files and the
 * page's own inline scripts, nothing else; the page talks to this origin and the Supabase API it was built
 * for. Styles allow 'unsafe-inline' because Mantine sets CSS variables through style attributes.
 * Without `frame-ancestors`, which a meta cannot carry: the response headers give it.
 */
export function pagePolicy(html: string, apiOrigin: string | undefined): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // Fonts, like everything not named here, come from this origin only (default-src).
    "img-src 'self' data:",
    `connect-src ${["'self'", apiOrigin].filter(Boolean).join(' ')}`,
    `frame-src ${VIDEO_HOSTS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const CHARSET = /<meta charset="UTF-8"\s*\/?>/;

/** The page with its policy right after its charset, before any script it governs. */
export function withPagePolicy(html: string, apiOrigin: string | undefined): string {
  if (!CHARSET.test(html)) throw new Error('A page has no <meta charset="UTF-8"> to put its Content-Security-Policy after: the template changed.');
  return html.replace(CHARSET, (charset) => `${charset}<meta http-equiv="Content-Security-Policy" content="${pagePolicy(html, apiOrigin)}">`);
}

/** Every response's headers: what a page's meta policy cannot say, and the rest of the hardening. */
export function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': "frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // No interest-cohort: FLoC is gone, and Chromium warns of the unknown feature on every page.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'X-Frame-Options': 'DENY',
    // HTTPS only, for two years, subdomains too (browsers ignore it over plain http, so localhost is unaffected).
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  };
}

/**
 * The pages that show a person's own data (the staff inbox, a member's account) open in a browsing context
 * group of their own, so no window of another site keeps a handle on them. Public pages do not ask for one:
 * the switch starts a new renderer for every arrival, which cost them 250–300 ms of Lighthouse's TBT
 * (decision 053).
 */
export const PRIVATE_PAGE_HEADERS: Record<string, string> = { 'Cross-Origin-Opener-Policy': 'same-origin' };

export const privatePaths = pages.filter((page) => page.private).map((page) => page.path);

/** Whether a request's path is one of the private pages (with or without a trailing slash or file name). */
export const isPrivatePath = (pathname: string) => privatePaths.some((path) => pathname === path || pathname.startsWith(`${path}/`));

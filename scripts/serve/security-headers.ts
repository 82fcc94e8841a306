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
 * (decisions 017 and 020) and nothing else, so scripts are this origin's files plus exactly that code.
 */
export function inlineScriptHashes(html: string): string[] {
  // Scripts that run: a JSON data block (application/json, application/ld+json) is never executed, so needs no hash.
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return [...new Set(inline.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`))];
}

/**
 * Scripts: this origin's files and the inline scripts whose hashes are given, nothing else.
 * Styles allow 'unsafe-inline' because Mantine sets CSS variables through style attributes.
 */
export function securityHeaders(apiOrigin = process.env.VITE_SUPABASE_URL, scriptHashes: string[] = []): Record<string, string> {
  const connect = ["'self'", apiOrigin].filter(Boolean).join(' ');
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // Fonts, like everything not named here, come from this origin only (default-src).
    "img-src 'self' data:",
    `connect-src ${connect}`,
    `frame-src ${VIDEO_HOSTS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
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

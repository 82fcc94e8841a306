import { ASSETS_CACHE_CONTROL, PAGES_CACHE_CONTROL, PRIVATE_PAGE_HEADERS, privatePaths } from '../serve/security-headers.ts';

/**
 * `dist/_headers`, the file Netlify and Cloudflare Pages read for response headers: the security headers
 * the local server sends (with the CSP hash of the inline loader of this very build) and the caching
 * rules, and the private pages' own headers (both hosts add every block whose path matches). Other static
 * hosts take the same values from it.
 */
export function headersFile(security: Record<string, string>): string {
  const block = (path: string, headers: Record<string, string>) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${[
    block('/*', { ...security, 'Cache-Control': PAGES_CACHE_CONTROL }),
    block('/assets/*', { 'Cache-Control': ASSETS_CACHE_CONTROL }),
    ...privatePaths.flatMap((path) => [block(path, PRIVATE_PAGE_HEADERS), block(`${path}/*`, PRIVATE_PAGE_HEADERS)]),
  ].join('\n\n')}\n`;
}

/**
 * `dist/_headers`, the file Netlify and Cloudflare Pages read for response headers: the security headers
 * the local server sends (with the CSP hash of the inline loader of this very build) and the caching
 * rules. Other static hosts take the same values from it.
 */
export function headersFile(security: Record<string, string>): string {
  const block = (path: string, headers: Record<string, string>) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${[
    block('/*', { ...security, 'Cache-Control': 'no-cache' }),
    // Hashed file names change with their content, so browsers may keep them for a year.
    block('/assets/*', { 'Cache-Control': 'public, max-age=31536000, immutable' }),
  ].join('\n\n')}\n`;
}

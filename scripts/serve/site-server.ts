import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { pageFile } from '../build/page-file.ts';
import { ASSETS_CACHE_CONTROL, isPrivatePath, PAGES_CACHE_CONTROL, PRIVATE_PAGE_HEADERS, securityHeaders } from './security-headers.ts';

/** A request's path as the file server resolves it, whatever the client sent (never throws: `new URL` would on `http://[`). */
function pathOf(url = '/'): string {
  const path = url.split(/[?#]/, 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Picks the best precompressed variant of a file the client accepts. */
function negotiate(req: IncomingMessage, file: string) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return { body: readFileSync(`${file}.br`), encoding: 'br' };
  if (/\bgzip\b/.test(accepted)) return { body: readFileSync(`${file}.gz`), encoding: 'gzip' };
  return { body: readFileSync(file), encoding: null };
}

function sendNotFound(dist: string, req: IncomingMessage, res: ServerResponse) {
  const { body, encoding } = negotiate(req, join(dist, '404.html'));
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', PAGES_CACHE_CONTROL);
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Serves a built site; each page carries its own Content-Security-Policy (scripts/build.ts). */
export function createSiteServer(dist: string) {
  const files = sirv(dist, {
    brotli: true,
    gzip: true,
    etag: true,
    dotfiles: false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? ASSETS_CACHE_CONTROL : PAGES_CACHE_CONTROL);
      // sirv's type table has no .ico, and every page names /favicon.ico (decision 056).
      if (pathname.endsWith('.ico')) res.setHeader('Content-Type', 'image/x-icon');
    },
  });
  const headers = securityHeaders();

  return createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (isPrivatePath(pathOf(req.url))) {
      for (const [name, value] of Object.entries(PRIVATE_PAGE_HEADERS)) res.setHeader(name, value);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end();
      return;
    }
    // A page's address has no trailing slash (scripts/build/page-file.ts); `/about/` goes to `/about`, as
    // Cloudflare Pages and Netlify send it, so a typed or pasted slash still finds the page.
    const raw = (req.url ?? '/').split(/[?#]/, 1)[0]!;
    const page = raw.replace(/\/+$/, '');
    // (Only a path of one leading slash: `//host/` would make the Location another site's address.)
    if (page !== raw && /^\/[^/\\]/.test(page) && existsSync(join(dist, pageFile(pathOf(page))))) {
      res.statusCode = 308;
      res.setHeader('Location', page + (req.url ?? '').slice(raw.length));
      res.end();
      return;
    }
    files(req, res, () => sendNotFound(dist, req, res));
  });
}

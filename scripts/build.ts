/**
 * Production build: the browser bundle, a server bundle of the same app, then every route of
 * site.config.ts prerendered to static HTML with its own <head>, plus 404.html, sitemap.xml,
 * robots.txt, the headers file for static hosts and precompressed copies for the static server.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type * as ServerModule from '../src/entry-server.tsx';
import { inlineCriticalCss } from './build/critical-css.ts';
import { headersFile } from './build/headers-file.ts';
import { precompress } from './build/precompress.ts';
import { renderHead, injectPage } from './build/html.ts';
import { sitemapXml, robotsTxt } from './build/sitemap.ts';
import { distDir, distLabel } from './lib/dist-dir.ts';
import { hostedBackendUrl, localSiteEnv } from './lib/local-backend.ts';
import { regenerate } from './lib/schemas-in-step.ts';
import { inlineScriptHashes, securityHeaders } from './serve/security-headers.ts';

const root = join(import.meta.dirname, '..');
const dist = distDir;
const serverOut = join(root, 'build', 'server');
/** Where the site will live; canonical links, Open Graph and the sitemap use it. */
const origin = process.env.SITE_URL?.replace(/\/$/, '');

type ServerEntry = typeof ServerModule;

async function main() {
  const started = performance.now();
  if (!(await regenerate()).ok) {
    console.error('The build stopped: fix schemas/ as said above (nothing was built).');
    process.exit(1);
  }
  // Without a hosted project the site is built for the local backend (`npm start`).
  if (!hostedBackendUrl()) Object.assign(process.env, await localSiteEnv());
  console.log(`Building for the backend at ${hostedBackendUrl()}`);
  await rm(dist, { recursive: true, force: true });
  await build({ root, logLevel: 'warn', build: { outDir: dist } });
  await build({
    root,
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: serverOut,
      emptyOutDir: true,
      // The prerenderer loads every page anyway, so code splitting hints do not apply to it.
      rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
    },
  });

  const server: ServerEntry = await import(pathToFileURL(join(serverOut, 'entry-server.js')).href);
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const siteOrigin = origin ?? server.site.url;

  const htmlFiles: string[] = [];
  const write = async (file: string, html: string) => {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
    htmlFiles.push(file);
  };
  for (const page of server.pages) {
    const html = await server.render(page.path);
    const head = renderHead(server.headFor(page.path, server.pages, server.site, siteOrigin), server.site);
    await write(join(dist, page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`), injectPage(template, head, html));
  }
  const missing = '/__not-found__';
  const notFoundHead = server.headFor(missing, server.pages, server.site, siteOrigin);
  await write(join(dist, '404.html'), injectPage(template, renderHead(notFoundHead, server.site), await server.render(missing)));

  await inlineCriticalCss(dist, htmlFiles);
  await writeFile(join(dist, 'sitemap.xml'), sitemapXml(server.pages.filter((p) => !p.private).map((p) => p.path), siteOrigin));
  await writeFile(join(dist, 'robots.txt'), robotsTxt(siteOrigin));
  const hashes = inlineScriptHashes(await readFile(join(dist, 'index.html'), 'utf8'));
  await writeFile(join(dist, '_headers'), headersFile(securityHeaders(hostedBackendUrl(), hashes)));
  const compressed = await precompress(dist);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Built ${server.pages.length} pages + 404 into ${distLabel} (${compressed} files precompressed) in ${seconds}s.`);
}

main().catch((error: unknown) => {
  console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

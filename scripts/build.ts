/**
 * Production build: the browser bundle, a server bundle of the same app, then every route of
 * site.config.ts prerendered to static HTML with its own <head>, plus 404.html, sitemap.xml,
 * robots.txt, the headers file for static hosts and precompressed copies for the static server.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type * as ServerModule from '../src/entry-server.tsx';
import { inlineCriticalCss } from './build/critical-css.ts';
import { headersFile } from './build/headers-file.ts';
import { islandFilesBlock } from './build/island-files.ts';
import { precompress } from './build/precompress.ts';
import { writeShareImages } from './build/share-images.tsx';
import { feedPath } from '../src/lib/published-files.ts';
import { injectPage, minifyInlineScripts, renderHead } from './build/html.ts';
import { pageFile } from './build/page-file.ts';
import { sitemapXml, robotsTxt } from './build/sitemap.ts';
import { distDir, distLabel } from './lib/dist-dir.ts';
import { hostedBackendUrl, localSiteEnv } from './lib/local-backend.ts';
import { regenerate } from './lib/schemas-in-step.ts';
import { securityHeaders, withPagePolicy } from './serve/security-headers.ts';

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
  await build({ root, logLevel: 'warn', mode: process.env.BUILD_MODE, build: { outDir: dist, minify: !process.env.BUILD_MODE } });
  await build({
    root,
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: serverOut,
      emptyOutDir: true,
      // The pages' stylesheet and images come from this build: most of what a page shows has no code in the browser.
      emitAssets: true,
      // The prerenderer loads every page anyway, so code splitting hints do not apply to it.
      rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
    },
  });

  const server: ServerEntry = await import(pathToFileURL(join(serverOut, 'entry-server.js')).href);
  await siteStylesheet(join(dist, 'index.html'), themeVariables((await server.render('/')).html));
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const siteOrigin = origin ?? server.site.url;

  const htmlFiles: string[] = [];
  const write = async (file: string, html: string) => {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
    htmlFiles.push(file);
  };
  const deferred = new DeferredFiles();
  const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const renderPage = async (path: string) => {
    const { html, deferred: contents } = await server.render(path);
    const linked = await deferred.link(minifyInlineScripts(html), contents);
    return linked + islandFilesBlock(manifest, linked);
  };
  for (const page of server.pages) {
    const head = renderHead({ ...server.headFor(page.path, server.pages, server.site, siteOrigin), jsonLd: server.structuredDataFor(page.path, siteOrigin) }, server.site);
    await write(join(dist, pageFile(page.path)), injectPage(template, head, await renderPage(page.path)));
  }
  const missing = '/__not-found__';
  const notFoundHead = server.headFor(missing, server.pages, server.site, siteOrigin);
  await write(join(dist, '404.html'), injectPage(template, renderHead(notFoundHead, server.site), await renderPage(missing)));

  const share = await writeShareImages(dist, server.pages.map((page) => ({ path: page.path, card: server.shareCardFor(page) })), { name: server.site.name, url: siteOrigin });
  console.log(`Share images: ${share.drawn} drawn, ${share.cached} from build/cache/share.`);
  await inlineCriticalCss(dist, htmlFiles, deferred.contents());
  const listed = server.pages.filter((p) => !p.private);
  await writeFile(join(dist, 'sitemap.xml'), sitemapXml(listed.map((p) => ({ path: p.path, lastmod: server.lastModified(p.path) })), siteOrigin));
  await writeFile(join(dist, feedPath.slice(1)), server.articlesFeed(siteOrigin));
  await writeFile(join(dist, 'robots.txt'), robotsTxt(siteOrigin));
  for (const file of htmlFiles) await writeFile(file, withPagePolicy(await readFile(file, 'utf8'), hostedBackendUrl()));
  await writeFile(join(dist, '_headers'), headersFile(securityHeaders()));
  const compressed = await precompress(dist);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Built ${server.pages.length} pages + 404 into ${distLabel} (${compressed.files} files precompressed, ${compressed.compressed} of their copies anew) in ${seconds}s.`);
}

/**
 * Deferred island content (src/components/island.tsx, `deferContent`): one file per island, shared by
 * every page that has it; each page's island names its file. The site stylesheet styles it once added.
 */
class DeferredFiles {
  private files = new Map<string, { html: string; url: Promise<string> }>();
  private written: string[] = [];

  async link(page: string, contents: ServerModule.DeferredContent[]): Promise<string> {
    let linked = page;
    for (const { island, html } of contents) {
      const known = this.files.get(island);
      if (known && known.html !== html) throw new Error(`The deferred island "${island}" renders differently on different pages; its content must be the same everywhere.`);
      if (!known) this.files.set(island, { html, url: this.write(island, html) });
      const url = await this.files.get(island)!.url;
      linked = linked.replace(new RegExp(`(data-island="${island}"[^>]*data-deferred=)""`), `$1"${url}"`);
    }
    return linked;
  }

  private async write(island: string, html: string): Promise<string> {
    const file = html;
    const name = `${island.replace(/\//g, "-")}-${createHash('sha256').update(file).digest('base64url').slice(0, 10)}.html`;
    await writeFile(join(dist, 'assets', name), file);
    this.written.push(file);
    return `/assets/${name}`;
  }

  /** Everything the deferred files hold, for the pages' CSS to keep the variables they use. */
  contents(): string {
    return this.written.join('');
  }
}

/** The theme's CSS variables, which Mantine writes into every page (src/app/providers.tsx). */
function themeVariables(page: string): string {
  const block = page.match(/<style data-mantine-styles="true">([\s\S]*?)<\/style>/);
  if (!block) throw new Error("The home page carries no theme variables: Mantine's provider changed.");
  return block[1]!;
}

/**
 * The site's stylesheet is the prerender's, with the theme's variables at its end: it styles every page,
 * islands included, and defines every variable the pages' pruned inline CSS leaves out (docs/decisions/020).
 * The browser build's own stylesheet only holds the islands' part of it, so the template links the whole
 * one instead; the images only server-rendered pages show are copied beside the rest.
 */
async function siteStylesheet(templateFile: string, theme: string): Promise<string> {
  const serverAssets = join(serverOut, 'assets');
  const files = (await readdir(serverAssets)).filter((file) => !file.endsWith('.js'));
  const stylesheets = files.filter((file) => file.endsWith('.css'));
  if (stylesheets.length !== 1) throw new Error(`The prerender's build wrote ${stylesheets.length} stylesheets (${stylesheets.join(', ')}); it should write one.`);
  for (const file of files.filter((f) => !f.endsWith('.css'))) await copyFile(join(serverAssets, file), join(dist, 'assets', file));
  const css = `${await readFile(join(serverAssets, stylesheets[0]!), 'utf8')}\n${theme}\n`;
  const name = `site-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;
  await writeFile(join(dist, 'assets', name), css);
  const template = await readFile(templateFile, 'utf8');
  const link = template.match(/<link rel="stylesheet" crossorigin href="\/assets\/([^"]+\.css)">/);
  if (!link) throw new Error('dist/index.html links no stylesheet: the template changed.');
  await rm(join(dist, 'assets', link[1]!));
  await writeFile(templateFile, template.replace(link[0], `<link rel="stylesheet" href="/assets/${name}">`));
  return name;
}

main().catch((error: unknown) => {
  console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

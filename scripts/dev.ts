/**
 * `npm run dev`: the site rendered on each request by Vite's dev server, with hot reload, on
 * http://localhost:3000, beside the same local backend as `npm start` (or the hosted project in
 * VITE_SUPABASE_URL). Pages are rendered as the build renders them (decision 020): islands hydrate and
 * update in place; a change to what only the server renders reloads the page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { setPriority } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import type * as ServerModule from '../src/entry-server.tsx';
import { injectPage, renderHead } from './build/html.ts';
import { hostedBackendUrl, localBackend, localSiteEnv, startLocalBackend } from './lib/local-backend.ts';
import { runUntilStopped } from './lib/run-until-stopped.ts';
import { regenerate, watchSchemas } from './lib/schemas-in-step.ts';
import { isGenerated, reloadOnGeneratedPlugin } from './vite/reload-on-generated-plugin.ts';
import { devReloadScripts } from '../src/components/forms/dev-reload.ts';

const root = join(import.meta.dirname, '..');
const sitePort = localBackend.sitePort;
const ENTRY = '/src/entry-server.tsx';

/** Every stylesheet the server-rendered modules import, as links the dev server answers with their CSS. */
function stylesheetsOf(vite: ViteDevServer): string {
  const graph = vite.environments.ssr.moduleGraph;
  const seen = new Set<string>();
  const links: string[] = [];
  const visit = (id: string | null) => {
    const module = id ? graph.getModuleById(id) : undefined;
    if (!module?.id || seen.has(module.id)) return;
    seen.add(module.id);
    if (/\.css($|\?)/.test(module.url)) links.push(`<link rel="stylesheet" href="${module.url}${module.url.includes('?') ? '&' : '?'}direct">`);
    for (const imported of module.importedModules) visit(imported.id);
  };
  for (const module of graph.idToModuleMap.values()) if (module.url === ENTRY) visit(module.id);
  return links.join('\n');
}

async function renderPage(vite: ViteDevServer, url: URL): Promise<{ status: number; html: string }> {
  const server = (await vite.ssrLoadModule(ENTRY)) as typeof ServerModule;
  const found = server.pages.some((page) => page.path === url.pathname);
  const { html } = await server.render(found ? url.pathname : '/__not-found__', { defer: false });
  const head = renderHead({ ...server.headFor(url.pathname, server.pages, server.site, url.origin), jsonLd: server.structuredDataFor(url.pathname, url.origin) }, server.site);
  const template = await vite.transformIndexHtml(url.pathname, await readFile(join(root, 'index.html'), 'utf8'));
  const page = html + devIslandFiles(html) + devReloadScripts;
  return { status: found ? 200 : 404, html: injectPage(template, `${head}\n${stylesheetsOf(vite)}`, page) };
}

runUntilStopped(async (closers) => {
  if (!(await regenerate()).ok) throw new Error('Fix schemas/ as said above, then run `npm run dev` again.');
  const hosted = hostedBackendUrl('development');
  const stack = hosted ? null : await startLocalBackend(sitePort);
  if (stack) closers.push(stack.close);
  if (!hosted) Object.assign(process.env, await localSiteEnv());
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom', plugins: [reloadOnGeneratedPlugin(root)] });
  closers.push(() => vite.close());

  const site = createHttpServer((req, res) => {
    vite.middlewares(req, res, async () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? `localhost:${sitePort}`}`);
      try {
        const page = await renderPage(vite, url);
        res.writeHead(page.status, { 'Content-Type': 'text/html; charset=utf-8' }).end(page.html);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        console.error(error);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(error instanceof Error ? error.stack : String(error));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    site.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'EADDRINUSE' ? `Port ${sitePort} is already in use. Stop the other server or pick another port: PORT=3001 npm run dev` : error.message)),
    );
    site.listen(sitePort, resolve);
  });
  closers.push(() => new Promise((resolve) => site.close(() => resolve())));

  // What only the server renders has no hot update in the browser: the page reloads instead.
  vite.watcher.on('change', (file) => {
    if (isGenerated(root, file) || vite.environments.client.moduleGraph.getModulesByFile(file)?.size) return;
    if (vite.environments.ssr.moduleGraph.getModulesByFile(file)?.size) vite.environments.client.hot.send({ type: 'full-reload' });
  });

  // A save in schemas/ regenerates src/generated (Vite then updates the open page) and applies any new
  // migration to the running local database; a mistake is printed and the page keeps the last good form.
  // Migrations this session's saves applied: drafts a later save may still rewrite (decision 024).
  const drafts = new Set<string>();
  let showingProblems = false;
  const databaseTypes = inBackground(join(root, 'scripts', 'generate', 'write-database-types.ts'));
  closers.push(databaseTypes.stop);
  const stopWatching = watchSchemas(async () => {
    // The database types, slow to build, follow in another process (below), so the page reloads at once.
    const { ok, migration, written, draftReplacement, lines } = await regenerate({ databaseTypes: false, ...(stack && { localDraft: { applied: drafts, answersIn: stack.answersIn } }) });
    if (ok && (migration || draftReplacement)) databaseTypes.refresh();
    // The open page says what the terminal says (Vite's error overlay), until the next good save reloads it.
    if (!ok) vite.environments.client.hot.send({ type: 'error', err: { message: lines.join('\n').trim(), stack: '', plugin: 'npm run generate' } });
    else if (showingProblems && !written.length) vite.environments.client.hot.send({ type: 'full-reload' });
    showingProblems = !ok;
    if (ok && draftReplacement && stack) {
      await stack.replaceDraft(draftReplacement);
      drafts.delete(draftReplacement.withdrawn);
      if (draftReplacement.replacement) drafts.add(draftReplacement.replacement);
      console.log(`The local database follows: ${draftReplacement.replacement ?? 'the tables before the draft'} in place of ${draftReplacement.withdrawn}.`);
    } else if (ok && migration && stack) {
      const applied = await stack.applyNewMigrations();
      for (const file of applied) drafts.add(file);
      console.log(`Applied ${applied.join(', ')} to the local database.`);
    }
    // The staff email's form table is generated into the functions' code, which Deno loaded at start.
    if (ok && stack && written.some((file) => file.startsWith('form-model/'))) {
      await stack.reloadFunctions();
      console.log('Reloaded the edge functions with the new forms.');
    }
  });
  closers.push(async () => stopWatching());
  return [`Site (dev)    http://localhost:${sitePort}`, ...(stack?.summary ?? [])];
});

/** A script run in its own process, one run at a time; asked again while it runs, it runs once more after. */
function inBackground(script: string) {
  let child: ChildProcess | null = null;
  let again = false;
  const run = () => {
    child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    // Below the page's reload and the browser in the queue for the processor: nothing waits on it.
    if (child.pid) setPriority(child.pid, 19);
    child.once('exit', () => {
      child = null;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return {
    refresh: () => (child ? (again = true) : run()),
    stop: async () => {
      again = false;
      child?.kill();
    },
  };
}

/**
 * The page's list of island files (scripts/build/island-files.ts) as the dev server has them: for every
 * island, the source of the module the loader imports (src/loader/page-files.ts); Vite serves the rest.
 */
function devIslandFiles(html: string): string {
  const names = [...new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]!))];
  const every = (index: number) => Object.fromEntries(names.map((name) => [name, [index]]));
  const files = JSON.stringify({ files: ['../src/app/islands/hydrate-island.tsx', '../src/app/islands/early-answers.ts'], islands: every(0), early: every(1) });
  return `<script type="application/json" id="island-files">${files}</script>`;
}

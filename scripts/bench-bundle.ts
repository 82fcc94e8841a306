/**
 * First-load JavaScript per route, measured the way a visitor pays for it: each route of the
 * production build is opened in Chromium, every script it fetches before going idle is recorded,
 * and their gzip sizes are summed. Exits non-zero when a route is over its budget: 113 KB for /,
 * 119 KB for other pages, and the shell + 150 KB for pages with a form and the staff workspace. The backend client
 * (src/lib/backend/client.ts, found through Vite's manifest) is listed apart: pages fetch it only
 * after the load event, when idle (testimonials, a stored session), so it never delays what the
 * visitor reads; it has a budget of its own (DEFERRED_BUDGET_KB).
 *
 *   npm run bench:bundle            (builds first if dist/ is missing)
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { pages } from '../site.config.ts';
import { CHROMIUM_PATH, chromiumArgs } from './lib/chromium.ts';
import { distDir } from './lib/dist-dir.ts';
import { createSiteServer } from './serve/site-server.ts';

const dist = distDir;
/** Budgets in KB of gzip JavaScript on first load. */
// The shell lists every route (about 60 bytes gzip each), so a new page nudges every route up a little.
// +2 KB since the entry became a loader that fetches the app after the first paint (its own chunks, decision 017).
const HOME_BUDGET_KB = 113;
// 115 until the account state joined the shell (+0.9 KB, docs/decisions/010); +2 KB for decision 017;
// +1 KB when the loader went inline (its helper is fetched again after the paint) and the hero with it.
const PAGE_BUDGET_KB = 119;
/** A page with a form may add this much on top of the shell every page loads. */
const FORM_EXTRA_BUDGET_KB = 150;
/** Scripts a route may fetch once it has loaded and the browser is idle. */
const DEFERRED_BUDGET_KB = 70;

if (!existsSync(join(dist, 'index.html'))) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}

/** The backend client's chunks: what pages load after first paint, on purpose (docs/decisions/010). */
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
const backendClient = manifest['src/lib/backend/client.ts'];
if (!backendClient) throw new Error('src/lib/backend/client.ts is not in the build manifest: is it still loaded on demand?');
const afterLoad = new Set([`/${backendClient.file}`]);

const server = createSiteServer(dist).listen(0);
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as { port: number };
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });

const rows: { path: string; kind: string; scripts: Set<string>; kb: number; deferred: Set<string>; deferredKb: number }[] = [];
const gzipKb = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + statSync(join(dist, `${file}.gz`)).size, 0) / 1024;
try {
  for (const { path, kind } of pages) {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    const deferred = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' && url.port === String(port)) (afterLoad.has(url.pathname) ? deferred : scripts).add(url.pathname);
    });
    await page.goto(`http://localhost:${port}${path}`, { waitUntil: 'networkidle' });
    rows.push({ path, kind, scripts, kb: gzipKb(scripts), deferred, deferredKb: gzipKb(deferred) });
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}

// The shell: what every route loads (React, router, Mantine core, layout).
const shell = rows.map((r) => r.scripts).reduce((common, next) => new Set([...common].filter((f) => next.has(f))));
const shellKb = gzipKb(shell);
const budgetFor = (row: (typeof rows)[number]) =>
  row.path === '/' ? HOME_BUDGET_KB : row.kind === 'form' || row.kind === 'staff' ? shellKb + FORM_EXTRA_BUDGET_KB : PAGE_BUDGET_KB;

const width = Math.max(...rows.map((r) => r.path.length));
console.log(`Site shell (loaded by every route): ${shellKb.toFixed(1)} KB gzip in ${shell.size} scripts\n`);
console.log(`${'route'.padEnd(width)}  scripts  first load  on top of shell  budget  backend client`);
for (const row of rows) {
  const budget = budgetFor(row);
  const flag = row.kb > budget || row.deferredKb > DEFERRED_BUDGET_KB ? '  OVER BUDGET' : '';
  const after = row.deferred.size ? `${row.deferredKb.toFixed(1).padStart(7)} KB` : '      -';
  console.log(
    `${row.path.padEnd(width)}  ${String(row.scripts.size).padStart(7)}  ${row.kb.toFixed(1).padStart(7)} KB  ${(row.kb - shellKb).toFixed(1).padStart(12)} KB  ${budget.toFixed(0).padStart(4)} KB  ${after}${flag}`,
  );
}
const over = rows.filter((r) => r.kb > budgetFor(r) || r.deferredKb > DEFERRED_BUDGET_KB);
console.log(over.length ? `\n${over.length} route(s) over budget.` : `\nAll ${rows.length} routes within budget.`);
process.exit(over.length ? 1 : 0);

/**
 * First-load JavaScript per route, measured the way a visitor pays for it: each route of the
 * production build is opened in Chromium, every script it fetches before going idle is recorded,
 * and their gzip sizes are summed. Exits non-zero when a route is over its budget.
 *
 *   npm run bench:bundle            (builds first if dist/ is missing)
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { pages } from '../site.config.ts';
import { CHROMIUM_PATH, chromiumArgs } from './lib/chromium.ts';
import { createSiteServer } from './serve/site-server.ts';

const dist = join(import.meta.dirname, '..', 'dist');
/** KB of gzip JavaScript on first load: the home page's budget, and a ceiling for every other route. */
const HOME_BUDGET_KB = 110;
const ROUTE_BUDGET_KB = 115;
const budgetFor = (path: string) => (path === '/' ? HOME_BUDGET_KB : ROUTE_BUDGET_KB);

if (!existsSync(join(dist, 'index.html'))) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}

const server = createSiteServer(dist).listen(0);
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as { port: number };
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });

const rows: { path: string; scripts: number; kb: number }[] = [];
try {
  for (const path of pages.map((p) => p.path)) {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`http://localhost:${port}${path}`, { waitUntil: 'networkidle' });
    const bytes = [...scripts].reduce((sum, file) => sum + statSync(join(dist, `${file}.gz`)).size, 0);
    rows.push({ path, scripts: scripts.size, kb: bytes / 1024 });
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}

const width = Math.max(...rows.map((r) => r.path.length));
console.log(`${'route'.padEnd(width)}  scripts  first-load JS (gzip)`);
for (const row of rows) {
  const flag = row.kb > budgetFor(row.path) ? `  OVER BUDGET (${budgetFor(row.path)} KB)` : '';
  console.log(`${row.path.padEnd(width)}  ${String(row.scripts).padStart(7)}  ${row.kb.toFixed(1).padStart(8)} KB${flag}`);
}
const over = rows.filter((r) => r.kb > budgetFor(r.path));
console.log(
  over.length
    ? `\n${over.length} route(s) over budget.`
    : `\nAll ${rows.length} routes within budget (${HOME_BUDGET_KB} KB for /, ${ROUTE_BUDGET_KB} KB elsewhere).`,
);
process.exit(over.length ? 1 : 0);

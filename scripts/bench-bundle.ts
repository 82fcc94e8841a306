/**
 * `npm run bench:bundle`: the JavaScript a visitor pays for (decision 020), from the production build.
 *
 * - Per route, opened in Chromium and left idle without a touch: the scripts it runs (budget: none, beyond
 *   the inline loader, whose size is reported) and the loader's own size (budget 4 KB gzip).
 * - Per island, the files its start fetches, as each page lists them (scripts/build/island-files.ts),
 *   in gzip KB, against a budget per kind: an island that shows a few controls (React and the Mantine
 *   parts the islands share; the whole app every page loaded before, decision 020, was 110 KB) 120 KB;
 *   one that shows a form from schemas/, the account dialog included, 190 KB (a form page loaded 230 KB).
 *   The backend client (supabase-js) comes later, when an island talks to the backend, and is listed
 *   apart with its own budget (70 KB).
 * - Per island with an early answer (decision 027), the files it fetches first: budget 20 KB, and none
 *   of React, Mantine or the form engine, since it answers before those arrive.
 *
 *   npm run bench:bundle            (run `npm run build` first)
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { pages } from '../site.config.ts';
import { CHROMIUM_PATH, chromiumArgs } from './lib/chromium.ts';
import { distDir } from './lib/dist-dir.ts';
import { pageFile } from './build/page-file.ts';
import { createSiteServer } from './serve/site-server.ts';

const dist = distDir;
const LOADER_BUDGET_KB = 4;
const BUTTONS_BUDGET_KB = 120;
const FORM_BUDGET_KB = 190;
const BACKEND_CLIENT_BUDGET_KB = 70;
/** An island's early answer: what a press before the island's code needs (a form's checks), fetched first. */
const EARLY_BUDGET_KB = 20;
/** Islands that render a form from schemas/. */
const FORM_ISLANDS = new Set(['forms/form', 'account/auth-dialog', 'staff/staff']);

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No build in ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}

const gzipKb = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + statSync(join(dist, `${file}.gz`)).size, 0) / 1024;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
const backendClient = manifest['src/lib/backend/client.ts'];
if (!backendClient) throw new Error('src/lib/backend/client.ts is not in the build manifest: is it still loaded on demand?');

/** Each page's islands and the files their start fetches (or, `early`, their early answers'), read from the page's island list. */
function islandsOf(html: string, list: 'islands' | 'early' = 'islands'): Record<string, string[]> {
  const block = html.match(/<script type="application\/json" id="island-files">([\s\S]*?)<\/script>/);
  if (!block) return {};
  const parsed = JSON.parse(block[1]!) as { files: string[]; islands: Record<string, number[]>; early?: Record<string, number[]> };
  return Object.fromEntries(Object.entries(parsed[list] ?? {}).map(([name, indexes]) => [name, indexes.map((i) => `assets/${parsed.files[i]}`)]));
}

const server = createSiteServer(dist).listen(0);
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as { port: number };
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });

const routes: { path: string; scripts: Set<string>; loaderKb: number }[] = [];
const islands = new Map<string, { kb: number; files: number; pages: number }>();
/** Each island's early answer (decision 027): its largest set of files, and any shared React, Mantine or form-engine file among them. */
const early = new Map<string, { kb: number; shared: string[] }>();
try {
  for (const { path } of pages) {
    const file = join(dist, pageFile(path));
    const html = readFileSync(file, 'utf8');
    const loader = html.match(/<script type="module">([\s\S]*?)<\/script>/)?.[1] ?? '';
    for (const [name, files] of Object.entries(islandsOf(html, 'early'))) {
      const kb = gzipKb(files);
      const shared = files.filter((file) => /\/(react|mantine|form-engine)-/.test(file));
      early.set(name, { kb: Math.max(kb, early.get(name)?.kb ?? 0), shared: [...new Set([...(early.get(name)?.shared ?? []), ...shared])] });
    }
    for (const [name, files] of Object.entries(islandsOf(html))) {
      const known = islands.get(name);
      const kb = gzipKb(files);
      islands.set(name, { kb: Math.max(kb, known?.kb ?? 0), files: Math.max(files.length, known?.files ?? 0), pages: (known?.pages ?? 0) + 1 });
    }
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`http://localhost:${port}${path}`, { waitUntil: 'networkidle' });
    routes.push({ path, scripts, loaderKb: gzipSync(loader).length / 1024 });
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}

const over: string[] = [];
const width = Math.max(...routes.map((r) => r.path.length));
console.log(`${'route'.padEnd(width)}  inline loader  scripts run without a touch`);
for (const route of routes) {
  console.log(`${route.path.padEnd(width)}  ${route.loaderKb.toFixed(1).padStart(9)} KB  ${route.scripts.size ? [...route.scripts].join(', ') : 'none'}`);
  if (route.scripts.size) over.push(`${route.path} runs ${route.scripts.size} script(s) before anyone touches it`);
  if (route.loaderKb > LOADER_BUDGET_KB) over.push(`${route.path}: inline loader ${route.loaderKb.toFixed(1)} KB (budget ${LOADER_BUDGET_KB} KB)`);
}
console.log(`\n${'island'.padEnd(24)}  files  gzip when it starts  budget  on pages`);
for (const [name, { kb, files, pages: count }] of [...islands].sort()) {
  const budget = FORM_ISLANDS.has(name) ? FORM_BUDGET_KB : BUTTONS_BUDGET_KB;
  console.log(`${name.padEnd(24)}  ${String(files).padStart(5)}  ${kb.toFixed(1).padStart(15)} KB  ${String(budget).padStart(3)} KB  ${count}`);
  if (kb > budget) over.push(`${name}: ${kb.toFixed(1)} KB (budget ${budget} KB)`);
}
for (const [name, { kb, shared }] of [...early].sort()) {
  console.log(`${`${name}, early answer`.padEnd(24)}  ${kb.toFixed(1).padStart(22)} KB  ${String(EARLY_BUDGET_KB).padStart(3)} KB  (without React, Mantine or the form engine)`);
  if (kb > EARLY_BUDGET_KB) over.push(`${name} early answer: ${kb.toFixed(1)} KB (budget ${EARLY_BUDGET_KB} KB)`);
  if (shared.length) over.push(`${name} early answer loads ${shared.join(', ')}: it must answer before those arrive`);
}
const clientKb = gzipKb([backendClient.file]);
console.log(`\nbackend client (supabase-js), when an island talks to the backend: ${clientKb.toFixed(1)} KB (budget ${BACKEND_CLIENT_BUDGET_KB} KB)`);
if (clientKb > BACKEND_CLIENT_BUDGET_KB) over.push(`backend client ${clientKb.toFixed(1)} KB (budget ${BACKEND_CLIENT_BUDGET_KB} KB)`);
console.log(over.length ? `\nOver budget:\n${over.map((o) => `  ✖ ${o}`).join('\n')}` : `\nAll ${routes.length} routes and ${islands.size} islands within budget.`);
process.exit(over.length ? 1 : 0);

/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, Debian's Chromium) on every route of the built site and
 * on a hand-written static page with no JavaScript (the floor) served from this machine in the same run,
 * the median of 5 runs per page, in four passes:
 *
 *   simulated      simulated throttling, 4× CPU     Perf ≥ 98, TBT ≤ 100 ms, LCP ≤ 1.3 × the floor, CLS 0,
 *                                                   Accessibility, Best Practices and SEO 100
 *   margin         simulated throttling, 6× CPU     Perf ≥ 98, TBT ≤ 100 ms, LCP ≤ 1.3 × the floor, CLS 0
 *   devtools       DevTools throttling, 4× CPU      TBT ≤ 100 ms (the CPU really slowed, not a simulation)
 *   devtools-margin DevTools throttling, 6× CPU     TBT ≤ 100 ms
 *
 * The 6× passes are the margin: a budget met only on a fast host does not hold for visitors on slower
 * phones, so each must hold at 6× too (decision 020). Every run's benchmarkIndex (Lighthouse's measure of
 * this machine's speed) is printed beside its page. Fails over budget; a route whose TBT is over is listed
 * with the three longest main-thread tasks of its median run (what Lighthouse says ran them). A
 * measurement, not a test: the four passes take over an hour; `-- --runs 3`, `-- --pass simulated,devtools`
 * and `-- /contact /enrol` narrow it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { pages } from '../site.config.ts';
import { CHROMIUM_PATH, chromiumArgs } from './lib/chromium.ts';
import { startSpareSite } from './lib/spare-site.ts';

interface Pass {
  name: string;
  label: string;
  method: 'simulate' | 'devtools';
  cpu: number;
  /** Simulated passes are held to every budget; DevTools passes to TBT (their absolute times include real waits). */
  full: boolean;
  categories: string[];
}

const PASSES: Pass[] = [
  { name: 'simulated', label: 'simulated throttling, 4× CPU', method: 'simulate', cpu: 4, full: true, categories: ['performance', 'accessibility', 'best-practices', 'seo'] },
  { name: 'margin', label: 'simulated throttling, 6× CPU (margin)', method: 'simulate', cpu: 6, full: true, categories: ['performance'] },
  { name: 'devtools', label: 'DevTools throttling, 4× CPU', method: 'devtools', cpu: 4, full: false, categories: ['performance'] },
  { name: 'devtools-margin', label: 'DevTools throttling, 6× CPU (margin)', method: 'devtools', cpu: 6, full: false, categories: ['performance'] },
];
const BUDGET = { lcpRatio: 1.3, performance: 98, perfect: 100, tbtMs: 100, cls: 0 };

const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const RUNS = Number(valueOf('--runs') ?? 5);
const chosenPasses = valueOf('--pass')?.split(',');
const passes = chosenPasses ? PASSES.filter((p) => chosenPasses.includes(p.name)) : PASSES;
const chosen = args.filter((a, i) => a.startsWith('/') && !['--runs', '--pass'].includes(args[i - 1]!));
const routes = chosen.length ? pages.filter((p) => chosen.includes(p.path)) : pages;
const privatePaths = new Set<string>(pages.filter((p) => p.private).map((p) => p.path));

/** The floor: what a page with no JavaScript and one short stylesheet paints like on this machine. */
const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>Static floor page | Keystone Impact Partners</title><meta name="description" content="A hand-written page with no JavaScript: the fastest this machine serves a page, measured beside the site.">
<style>body{margin:0;font-family:system-ui,sans-serif;color:#1a1b1e}header{padding:16px 24px;border-bottom:1px solid #dee2e6}main{padding:48px 24px;background:#0b6e7f;color:#fff}h1{font-size:2.25rem;margin:0 0 16px}p{font-size:1.125rem;line-height:1.6;max-width:40rem}</style></head>
<body><header><a href="/" style="color:#0b6e7f;font-weight:700">Keystone Impact</a></header><main><h1>Turn AI Transformation Into Your Strategic Edge</h1>
<p>Strategy, leadership, funding and AI consulting for nonprofits, small businesses, social enterprises and public agencies, so mission-driven teams can plan with clarity and lead through change.</p></main></body></html>`;

function serveFloor(): Promise<{ url: string; close: () => void }> {
  const body = gzipSync(FLOOR_HTML);
  const server = createServer((req, res) => {
    if (req.url !== '/') return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip', 'Cache-Control': 'no-cache' });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://localhost:${(server.address() as AddressInfo).port}/`, close: () => server.close() })));
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  benchmarkIndex: number[];
  failing: string[];
  /** The longest main-thread tasks of the run whose TBT is the median, and what Lighthouse says ran them. */
  longTasks: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One Lighthouse run; a run whose trace recording failed (NO_NAVSTART and the like) is tried again. */
async function lighthouseRun(url: string, port: number, pass: Pass, attempts = 3) {
  const settings = {
    throttlingMethod: pass.method,
    throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: pass.cpu },
    onlyCategories: pass.categories,
    // Every run a first visit: Lighthouse empties the HTTP cache but keeps localStorage by default, where
    // a page notes that the browser holds the typefaces (src/lib/site-fonts.ts); kept, the next run would
    // fetch them before its first paint as a returning visitor whose cache was emptied.
    clearStorageTypes: [...constants.defaultSettings.clearStorageTypes, 'local_storage' as const],
  };
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' }, { extends: 'lighthouse:default', settings });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result;
    if (attempt === attempts) throw new Error(`Lighthouse failed ${attempts} times on ${url}: ${result.lhr.runtimeError.message}`);
  }
}

async function measure(url: string, port: number, pass: Pass): Promise<Figures> {
  const runs: Omit<Figures, 'benchmarkIndex'>[] = [];
  const benchmarkIndex: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { lhr } = await lighthouseRun(url, port, pass);
    const { categories, audits } = lhr;
    const score = (id: string) => (categories[id] ? Math.round((categories[id]!.score ?? 0) * 100) : NaN);
    benchmarkIndex.push(Math.round(lhr.environment.benchmarkIndex));
    const tasks = ((audits['long-tasks']?.details as { items?: { url?: string; duration: number }[] } | undefined)?.items ?? [])
      .toSorted((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((t) => `${Math.round(t.duration)} ms ${!t.url || t.url === 'Unattributable' ? 'unattributed' : t.url === url ? 'the page' : t.url.split('/').pop()}`);
    runs.push({
      longTasks: tasks.join(', '),
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      // What keeps a perfect category from 100, by audit title, so the table says what to fix.
      failing: ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
        (categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
          // A private page (the staff workspace) is kept out of search engines on purpose.
          .filter((ref) => !(privatePaths.has(new URL(url).pathname) && ref.id === 'is-crawlable'))
          .map((ref) => `${id}: ${audits[ref.id]!.title}`),
      ),
    });
  }
  const pick = (key: keyof Omit<Figures, 'failing' | 'benchmarkIndex' | 'longTasks'>) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    benchmarkIndex,
    failing: [...new Set(runs.flatMap((r) => r.failing))],
    longTasks: runs.find((r) => r.tbt === pick('tbt'))?.longTasks ?? '',
  };
}

const site = await startSpareSite('lighthouse');
const floor = await serveFloor();
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...chromiumArgs] });
const results: { pass: Pass; rows: { label: string; figures: Figures }[] }[] = [];
try {
  for (const pass of passes) {
    const rows = [{ label: 'static floor page', figures: await measure(floor.url, chrome.port, pass) }];
    for (const { path } of routes) {
      rows.push({ label: path, figures: await measure(`${site.url}${path}`, chrome.port, pass) });
      process.stderr.write('.');
    }
    results.push({ pass, rows });
  }
} finally {
  chrome.kill();
  floor.close();
  await site.stop();
}

const problems: string[] = [];
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
for (const { pass, rows } of results) {
  const floorLcp = rows[0]!.figures.lcp;
  const indexes = rows.flatMap((r) => r.figures.benchmarkIndex);
  console.log(`\n## ${pass.label}: median of ${RUNS} runs per page; benchmarkIndex ${Math.min(...indexes)}–${Math.max(...indexes)} (median ${median(indexes)})\n`);
  const scores = pass.categories.length > 1;
  console.log(`| page | Perf |${scores ? ' A11y | BP | SEO |' : ''} LCP | LCP / floor | TBT | CLS | benchmarkIndex per run |`);
  console.log(`|---|---|${scores ? '---|---|---|' : ''}---|---|---|---|---|`);
  for (const [i, { label, figures: f }] of rows.entries()) {
    const ratio = f.lcp / floorLcp;
    console.log(
      `| ${label} | ${f.performance} |${scores ? ` ${f.accessibility} | ${f.bestPractices} | ${f.seo} |` : ''} ${ms(f.lcp)} | ${ratio.toFixed(2)} | ${ms(f.tbt)} | ${f.cls.toFixed(3)} | ${f.benchmarkIndex.join(', ')} |`,
    );
    if (i === 0) continue;
    const over = [
      f.tbt > BUDGET.tbtMs && `TBT ${Math.round(f.tbt)} ms (budget ${BUDGET.tbtMs} ms; longest tasks ${f.longTasks})`,
      pass.full && ratio > BUDGET.lcpRatio && `LCP ${ratio.toFixed(2)}× the floor (budget ${BUDGET.lcpRatio}×)`,
      pass.full && f.performance < BUDGET.performance && `Performance ${f.performance} (budget ${BUDGET.performance})`,
      pass.full && f.cls > BUDGET.cls && `CLS ${f.cls.toFixed(3)}`,
      ...(scores ? f.failing : []),
    ].filter(Boolean);
    if (over.length) problems.push(`${pass.name} ${label}: ${over.join('; ')}`);
  }
}
console.log(problems.length ? `\nOver budget:\n${problems.map((p) => `  ✖ ${p}`).join('\n')}` : `\nAll ${routes.length} routes within budget in every pass.`);
process.exit(problems.length ? 1 : 0);

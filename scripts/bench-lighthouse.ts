/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling, Debian's Chromium) on every route
 * of the built site and on a hand-written static page with no JavaScript (the floor) served from this
 * machine in the same run; the median of several runs per page. Prints Perf/A11y/BP/SEO/LCP/TBT/CLS and
 * each route's LCP as a multiple of the floor's, and fails over budget:
 *   LCP ≤ 1.3 × the floor, Performance ≥ 98, Accessibility, Best Practices and SEO 100, TBT ≤ 100 ms, CLS 0.
 * A measurement, not a test: it takes minutes. `-- --runs 5` for more runs, `-- /contact /enrol` for some routes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pages } from '../site.config.ts';
import { CHROMIUM_PATH, chromiumArgs } from './lib/chromium.ts';
import { startSpareSite } from './lib/spare-site.ts';

const BUDGET = { lcpRatio: 1.3, performance: 98, perfect: 100, tbtMs: 100, cls: 0 };

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const chosen = args.filter((a, i) => a.startsWith('/') && args[i - 1] !== '--runs');
const routes = chosen.length ? pages.filter((p) => chosen.includes(p.path)) : pages;

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
  failing: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One Lighthouse run; a run whose trace recording failed (NO_NAVSTART and the like) is tried again. */
async function lighthouseRun(url: string, port: number, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result;
    if (attempt === attempts) throw new Error(`Lighthouse failed ${attempts} times on ${url}: ${result.lhr.runtimeError.message}`);
  }
}

async function measure(url: string, port: number): Promise<Figures> {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouseRun(url, port);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    runs.push({
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      // What keeps a perfect category from 100, by audit title, so the table says what to fix.
      failing: ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
        (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}: ${audits[ref.id]!.title}`),
      ),
    });
  }
  const pick = (key: keyof Omit<Figures, 'failing'>) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  };
}

const site = await startSpareSite('lighthouse');
const floor = await serveFloor();
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...chromiumArgs] });
const rows: { label: string; figures: Figures }[] = [];
try {
  rows.push({ label: 'static floor page', figures: await measure(floor.url, chrome.port) });
  for (const { path } of routes) {
    rows.push({ label: path, figures: await measure(`${site.url}${path}`, chrome.port) });
    process.stderr.write('.');
  }
} finally {
  chrome.kill();
  floor.close();
  await site.stop();
}

const floorLcp = rows[0]!.figures.lcp;
const problems: string[] = [];
console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'} per page, mobile, simulated throttling, ${CHROMIUM_PATH}\n`);
console.log('| page | Perf | A11y | BP | SEO | LCP | LCP / floor | TBT | CLS |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [i, { label, figures: f }] of rows.entries()) {
  const ratio = f.lcp / floorLcp;
  console.log(`| ${label} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${Math.round(f.lcp).toLocaleString('en-US')} ms | ${ratio.toFixed(2)} | ${Math.round(f.tbt)} ms | ${f.cls.toFixed(3)} |`);
  if (i === 0) continue;
  const over = [
    ratio > BUDGET.lcpRatio && `LCP ${ratio.toFixed(2)}× the floor (budget ${BUDGET.lcpRatio}×)`,
    f.performance < BUDGET.performance && `Performance ${f.performance} (budget ${BUDGET.performance})`,
    f.tbt > BUDGET.tbtMs && `TBT ${Math.round(f.tbt)} ms (budget ${BUDGET.tbtMs} ms)`,
    f.cls > BUDGET.cls && `CLS ${f.cls.toFixed(3)}`,
    ...[f.accessibility, f.bestPractices, f.seo].some((score) => score < BUDGET.perfect) ? f.failing : [],
  ].filter(Boolean);
  if (over.length) problems.push(`${label}: ${over.join('; ')}`);
}
console.log(problems.length ? `\nOver budget:\n${problems.map((p) => `  ✖ ${p}`).join('\n')}` : `\nAll ${rows.length - 1} routes within budget.`);
process.exit(problems.length ? 1 : 0);

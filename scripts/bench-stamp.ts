/**
 * `npm run bench:stamp`: what a submission's proof of work (docs/decisions/029) costs.
 *
 *   a visitor's phone   the built site's own worker, in Chromium on /contact: from the visitor's first
 *                       step into the form (which starts the form's code) to the stamp being ready, and
 *                       the worker's part of it, at 1× and at 4× CPU (the phone Lighthouse models; the
 *                       DevTools throttle slows the page's main thread, so the worker's hashing at 4× is
 *                       estimated as 4 × its 1× time), and the main thread's blocking time while the worker hashes
 *   a spammer           stamps per CPU-minute in Node (node:crypto, a script with the anon key), and at
 *                       OpenSSL's raw SHA-256 speed on this machine (what native code could do)
 *
 * Median of 15 stamps per measurement (`-- --runs N`). A stamp takes a random number of hashes (2^18 on
 * average), so single stamps vary a lot: the 90th percentile is reported too. A measurement, not a test.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chromium } from '@playwright/test';
import { STAMP_BITS } from '../form-model/stamp.ts';
import { CHROMIUM_PATH, chromiumArgs } from './lib/chromium.ts';
import { startSpareSite } from './lib/spare-site.ts';

const args = process.argv.slice(2);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 15;
const TABLE = 'contact_submissions';

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

/** In the page before its scripts: when each stamp the site's worker finds arrives, and long tasks on the main thread. */
const RECORDER = `
  window.__stamps = [];
  window.__longTasks = [];
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      window.__workerStarted ??= performance.now();
      this.addEventListener('message', (event) => { if (event.data && event.data.id) window.__stamps.push([performance.now(), event.data.id]); });
    }
  };
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]); }).observe({ type: 'longtask', buffered: true });
`;

async function visitor(url: string, cpu: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });
  const times: number[] = [];
  const mining: number[] = [];
  const rates: number[] = [];
  let blocking = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      await page.addInitScript(RECORDER);
      await page.goto(`${url}/contact`, { waitUntil: 'load' });
      await page.waitForTimeout(500);
      // The form's code starts at this first touch (decision 020) and starts the worker once it runs.
      const started = await page.evaluate(() => {
        (document.querySelector('form input') as HTMLInputElement).focus();
        return performance.now();
      });
      await page.waitForFunction(() => (window as unknown as { __stamps: unknown[] }).__stamps.length > 0, null, { timeout: 120_000 });
      const { found, id, workerStarted, longTasks } = await page.evaluate(() => ({
        found: (window as unknown as { __stamps: [number, string][] }).__stamps[0]![0],
        id: (window as unknown as { __stamps: [number, string][] }).__stamps[0]![1],
        workerStarted: (window as unknown as { __workerStarted: number }).__workerStarted,
        longTasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
      }));
      times.push(found - started);
      mining.push(found - workerStarted);
      // The stamp's last 8 hex digits are the counter the worker stopped at: how many hashes it took.
      rates.push((Number.parseInt(id.slice(-8), 16) + 1) / ((found - workerStarted) / 1000));
      // Blocking time (the part of each long task over 50 ms) while the worker works: the form's own start
      // before it (its hydration, measured by bench:interaction and Lighthouse) is not the stamp's.
      blocking += longTasks.filter(([start, duration]) => start + duration > workerStarted && start <= found).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return { median: quantile(times, 0.5), p90: quantile(times, 0.9), miningMedian: quantile(mining, 0.5), miningP90: quantile(mining, 0.9), rate: quantile(rates, 0.5), blocking };
}

function nodeSpammer() {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const head = `${TABLE}:${crypto.randomUUID().slice(0, 28)}`;
    for (let counter = 0; ; counter++) {
      const hash = createHash('sha256').update(head + counter.toString(16).padStart(8, '0')).digest();
      if (hash.readUInt32BE(0) >>> (32 - STAMP_BITS) === 0) break;
    }
    times.push(performance.now() - started);
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return { mean, perMinute: 60_000 / mean };
}

/** OpenSSL's SHA-256 over 64-byte blocks (a stamp's message is two blocks), if openssl is installed. */
function nativeHashesPerSecond(): number | null {
  const result = spawnSync('openssl', ['speed', '-seconds', '2', '-bytes', '64', 'sha256'], { encoding: 'utf8' });
  const line = result.stdout?.split('\n').find((l) => l.startsWith('sha256'));
  if (!line) return null;
  const kilobytesPerSecond = Number(line.trim().split(/\s+/).at(-1)!.replace(/k$/, ''));
  return (kilobytesPerSecond * 1000) / 64 / 2;
}

const site = await startSpareSite('stamp');
try {
  console.log(`Proof of work: ${STAMP_BITS} leading zero bits, ${(2 ** STAMP_BITS).toLocaleString('en-US')} hashes on average; median of ${RUNS}\n`);
  console.log('| who | measurement | median | 90th percentile |\n|---|---|---|---|');
  for (const cpu of [1, 4]) {
    const phone = await visitor(site.url, cpu);
    console.log(`| visitor, Chromium ${cpu}× CPU | first step into the form → stamp ready (worker) | ${ms(phone.median)} | ${ms(phone.p90)} |`);
    console.log(`| visitor, Chromium ${cpu}× CPU | of which the worker's hashing | ${ms(phone.miningMedian)} | ${ms(phone.miningP90)} |`);
    // The number of hashes a stamp takes is geometric: its mean is 2^bits, its 90th percentile ln(10) times that.
    const mean = (2 ** STAMP_BITS / phone.rate) * 1000;
    console.log(`| visitor, Chromium ${cpu}× CPU | worker's hash rate → expected hashing time | ${Math.round(phone.rate).toLocaleString('en-US')} hashes/s → ${ms(mean)} | ${ms(mean * Math.LN10)} |`);
    if (cpu === 1) console.log(`| visitor, a phone 4× slower (4 × the 1× rate) | expected hashing time, in a worker while they type | ${ms(mean * 4)} | ${ms(mean * 4 * Math.LN10)} |`);
    console.log(`| visitor, Chromium ${cpu}× CPU | main-thread blocking time while it hashes (all runs) | ${ms(phone.blocking)} | |`);
  }
  const spammer = nodeSpammer();
  console.log(`| spammer, Node (node:crypto) | one stamp, mean | ${ms(spammer.mean)} | |`);
  console.log(`| spammer, Node (node:crypto) | submissions per CPU-minute | ${Math.round(spammer.perMinute).toLocaleString('en-US')} | |`);
  const native = nativeHashesPerSecond();
  if (native) console.log(`| spammer, native SHA-256 (OpenSSL speed) | submissions per CPU-minute | ${Math.round((native * 60) / 2 ** STAMP_BITS).toLocaleString('en-US')} | |`);
} finally {
  await site.stop();
}

/**
 * `npm run bench:interaction`: how soon a page answers what a visitor does, on a phone-like Chromium
 * (4× CPU slowdown, 150 ms round trips, 1.6 Mbps down, 390 × 844 px; `-- --cpu 6` for a slower phone),
 * against the built site on spare ports with its own local backend. Median of 5 loads (`-- --runs N`).
 *
 *   tap Menu at first paint                        → the menu shows              budget 200 ms
 *   tap Sign In at first paint                     → the dialog shows            budget 200 ms
 *                                                  → its fields show             (reported)
 *   a form's first Send or Next, its code running  → its problems show           budget 200 ms
 *   Send or Next pressed at first paint            → its problems show           budget 1,500 ms after first paint
 *   a valid Send after 10 s in the form            → the saved toast shows       budget 1,000 ms for 9 in 10
 *   the first tap on each island's first button    → the page shows it was seen  budget 200 ms
 *     (at first paint, every route)                  (the button's busy mark, or the island's answer)
 *
 * Times run from the press (the event's own timestamp) to the first frame that shows the answer, read in
 * the page, so Playwright's own latency is not counted. `-- --seconds N` for another time in the form. Exits non-zero over budget. A measurement, not a test.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { pages } from '../site.config.ts';
import { submitTexts } from '../src/components/forms/submit-button.tsx';
import { formLoaders } from '../src/generated/form-loaders.ts';
import { formPages } from '../src/generated/form-pages.ts';
import type { FormDefinition } from '../src/components/forms/form-definition.ts';
import { answerAll, fieldOrder } from '../tests/e2e/form-driver.ts';
import { sampleAnswers } from '../tests/support/sample-answers.ts';
import { CHROMIUM_PATH, chromiumArgs } from './lib/chromium.ts';
import { startSpareSite } from './lib/spare-site.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const RUNS = option('--runs', 5);
/** `-- --only menu`, `dialog`, `forms`, `send` or `islands` for one kind of measurement. */
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const measuring = (kind: string) => !only || only === kind;
const CPU = option('--cpu', 4);
const BUDGET = { tapMs: 200, firstPaintToFormMs: 1500, sendMs: 1000 };
/** How long the visitor spends in a form before a valid Send: the proof of work is found meanwhile (decision 033). */
const TIME_IN_FORM_MS = option('--seconds', 10) * 1000;

/**
 * In the page, before its own scripts: each press's time, and when a selector first matches in a painted
 * frame. A string, since tsx's compiled functions do not survive being sent to the page.
 */
const RECORDER = `
  const marks = (window.__marks = {});
  document.addEventListener('click', (event) => { marks.press ??= event.timeStamp; }, true);
  // The first change inside an island after the press, in a painted frame: the page showed something.
  window.__watchIsland = (name, island) => {
    const observer = new MutationObserver(() => {
      if (marks.press === undefined) return;
      observer.disconnect();
      requestAnimationFrame(() => { marks[name] ??= performance.now(); });
    });
    observer.observe(document.querySelector(island), { attributes: true, childList: true, subtree: true, characterData: true });
  };
  window.__watch = (name, selector) => {
    const check = () => {
      if (marks[name] !== undefined) return;
      if (document.querySelector(selector)) requestAnimationFrame(() => { marks[name] ??= performance.now(); });
      else requestAnimationFrame(check);
    };
    check();
  };
`;

async function phone(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await page.addInitScript(RECORDER);
  return page;
}

/** Opens a page and waits for its first contentful paint; returns its time. */
async function firstPaint(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        new PerformanceObserver((list, observer) => {
          const fcp = list.getEntriesByName('first-contentful-paint')[0];
          if (fcp) {
            observer.disconnect();
            resolve(fcp.startTime);
          }
        }).observe({ type: 'paint', buffered: true }),
      ),
  );
}

/** Watches for `selectors`, presses `press`, and returns when each first showed, from the press (or from `since`). */
async function answer(page: Page, press: () => Promise<void>, selectors: Record<string, string>, since?: number): Promise<Record<string, number>> {
  for (const [name, selector] of Object.entries(selectors)) await page.evaluate(([n, s]) => (window as unknown as { __watch: (n: string, s: string) => void }).__watch(n!, s!), [name, selector]);
  await press();
  const marks = await page
    .waitForFunction(
      (names) => {
        const all = (window as unknown as { __marks: Record<string, number> }).__marks;
        return names.every((n) => all[n] !== undefined) && all.press !== undefined ? all : null;
      },
      Object.keys(selectors),
      { timeout: 30_000 },
    )
    .catch(async (error: unknown) => {
      const seen = await page.evaluate(() => (window as unknown as { __marks: unknown }).__marks);
      throw new Error(`${page.url()}: waited for ${JSON.stringify(selectors)}, saw ${JSON.stringify(seen)}`, { cause: error });
    });
  const values = (await marks.jsonValue()) as Record<string, number>;
  return Object.fromEntries(Object.keys(selectors).map((name) => [name, values[name]! - (since ?? values.press!)]));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The value 9 runs in 10 stay within (with 5 runs, the slowest). */
const ninthDecile = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.9) - 1]!;

interface Row {
  route: string;
  what: string;
  ms: number[];
  budget?: number;
  /** Which of the runs the budget holds for: the median, or 9 in 10. */
  of?: 'median' | 'p90';
}

const site = await startSpareSite('interaction');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });
const rows: Row[] = [];
const record = (route: string, what: string, ms: number, budget?: number, of: Row['of'] = 'median') => {
  const row = rows.find((r) => r.route === route && r.what === what) ?? rows[rows.push({ route, what, ms: [], budget, of }) - 1]!;
  row.ms.push(ms);
};

/** Each form page and the button a visitor presses first there: Next on a wizard, else the form's own. */
const forms = await Promise.all(
  Object.entries(formPages).map(async ([name, { path }]) => {
    const { default: form } = await formLoaders[name]!();
    return { path: path as string, form, press: form.steps ? 'Next' : submitTexts(form.uiSchema).idle };
  }),
);

/** Fills a form as a visitor would, taking TIME_IN_FORM_MS from the first touch, and leaves the last press to the caller. */
async function fillValidly(page: Page, form: FormDefinition, run: number, timeInForm = TIME_IN_FORM_MS) {
  const touched = Date.now();
  const replyTo = Object.keys(form.schema.properties ?? {}).find((field) => /email/.test(field));
  const answers = sampleAnswers(form.schema, replyTo ? { [replyTo]: `bench-${Date.now().toString(36)}-${run}@casaverde.org` } : {});
  for (const [index, step] of (form.steps ?? [{ fields: fieldOrder(form) }]).entries()) {
    await answerAll(page, page.locator('form'), form, answers, step.fields);
    if (form.steps && index < form.steps.length - 1) {
      await page.locator('form').getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Step ${index + 2} of ${form.steps.length}`).waitFor();
    }
  }
  await page.waitForTimeout(Math.max(0, timeInForm - (Date.now() - touched)));
}

try {
  // One untimed send per form first: the local backend's first insert into each table plans its checks,
  // which a visitor of a running site does not wait for.
  for (const { path, form } of measuring('send') ? forms : []) {
    const page = await phone(browser);
    await page.goto(`${site.url}${path}`);
    await fillValidly(page, form, -1, 0);
    await page.locator('form').getByRole('button', { name: submitTexts(form.uiSchema).idle }).click();
    await page.locator('#toasts [role="alert"]').first().waitFor({ timeout: 60_000 });
    await page.close();
  }
  for (let run = 0; run < RUNS; run++) {
    for (const { path } of measuring('menu') ? pages.filter((p) => !p.private) : []) {
      const page = await phone(browser);
      await firstPaint(page, `${site.url}${path}`);
      const menu = await answer(page, () => page.getByRole('button', { name: 'Menu' }).click(), { menu: '#mobile-menu:popover-open' });
      record(path, 'Menu at first paint → menu shows', menu.menu!, BUDGET.tapMs);
      await page.close();
    }
    for (const path of measuring('dialog') ? ['/', '/services', ...forms.map((f) => f.path)] : []) {
      const page = await phone(browser);
      await firstPaint(page, `${site.url}${path}`);
      const dialog = await answer(page, () => page.getByRole('contentinfo').getByRole('button', { name: 'Sign In' }).click(), {
        open: 'dialog#auth-dialog[open]',
        fields: 'dialog#auth-dialog[open] input',
      });
      record(path, 'Sign In at first paint → dialog shows', dialog.open!, BUDGET.tapMs);
      record(path, 'Sign In at first paint → its fields show', dialog.fields!);
      await page.close();
    }
    for (const { path, press: label } of measuring('forms') ? forms : []) {
      let page = await phone(browser);
      const painted = await firstPaint(page, `${site.url}${path}`);
      const early = await answer(page, () => page.locator('form').getByRole('button', { name: label }).click(), { problems: '[aria-invalid="true"]' }, painted);
      record(path, 'Send/Next at first paint → problems show (from first paint)', early.problems!, BUDGET.firstPaintToFormMs);
      await page.close();

      page = await phone(browser);
      await firstPaint(page, `${site.url}${path}`);
      await page.locator('form input').first().focus();
      await page.locator('[data-island="forms/form"][data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
      const live = await answer(page, () => page.locator('form').getByRole('button', { name: label }).click(), { problems: '[aria-invalid="true"]' });
      record(path, 'Send/Next, form code running → problems show', live.problems!, BUDGET.tapMs);
      await page.close();
    }
    for (const { path, form } of measuring('send') ? forms : []) {
      const page = await phone(browser);
      await firstPaint(page, `${site.url}${path}`);
      await fillValidly(page, form, run);
      // Timed from this press, not a wizard's first Next.
      await page.evaluate(() => delete (window as unknown as { __marks: Record<string, number> }).__marks.press);
      const sent = await answer(page, () => page.locator('form').getByRole('button', { name: submitTexts(form.uiSchema).idle }).click(), { saved: '#toasts [role="alert"]' });
      record(path, `valid Send after ${TIME_IN_FORM_MS / 1000} s in the form → saved toast`, sent.saved!, BUDGET.sendMs, 'p90');
      await page.close();
    }
    for (const { path } of measuring('islands') ? pages.filter((p) => !p.private) : []) {
      const probe = await phone(browser);
      await firstPaint(probe, `${site.url}${path}`);
      // Each island's first button that the browser does not answer itself (menus, dialogs and form buttons are measured above).
      const islands = await probe.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-island]')]
          .filter((island) => island.querySelector('button:not([commandfor], [popovertarget], [type="submit"], :disabled)'))
          .map((island) => island.dataset.islandSlot!),
      );
      await probe.close();
      for (const slot of islands) {
        const page = await phone(browser);
        await firstPaint(page, `${site.url}${path}`);
        const island = `[data-island-slot="${slot}"]`;
        await page.evaluate(([n, s]) => (window as unknown as { __watchIsland: (n: string, s: string) => void }).__watchIsland(n!, s!), ['seen', island]);
        const name = await page.evaluate((selector) => document.querySelector(selector)?.getAttribute('data-island'), island);
        await page.locator(`${island} button:not([commandfor], [popovertarget], [type="submit"], :disabled)`).first().click();
        const seen = await page.waitForFunction(
          () => {
            const all = (window as unknown as { __marks: Record<string, number> }).__marks;
            return all.seen !== undefined && all.press !== undefined ? all : null;
          },
          undefined,
          { timeout: 30_000 },
        );
        const marks = (await seen.jsonValue()) as Record<string, number>;
        record(path, `first tap on ${name} at first paint → seen`, marks.seen! - marks.press!, BUDGET.tapMs);
        await page.close();
      }
    }
    process.stderr.write('.');
  }
} finally {
  await browser.close();
  await site.stop();
}

console.log(`\nInteraction, median of ${RUNS}: Chromium at ${CPU}× CPU slowdown, 150 ms RTT, 1.6 Mbps, 390 px\n`);
console.log('| route | what | median (or 9 in 10) | all runs | budget |');
console.log('|---|---|---|---|---|');
const over: string[] = [];
for (const row of rows) {
  const value = row.of === 'p90' ? ninthDecile(row.ms) : median(row.ms);
  console.log(`| ${row.route} | ${row.what} | ${Math.round(value)} ms${row.of === 'p90' ? ' (9 in 10)' : ''} | ${row.ms.map(Math.round).join(', ')} | ${row.budget ? `${row.budget} ms` : '–'} |`);
  if (row.budget && value > row.budget) over.push(`${row.route}: ${row.what} ${Math.round(value)} ms (budget ${row.budget} ms)`);
}
console.log(over.length ? `\nOver budget:\n${over.map((o) => `  ✖ ${o}`).join('\n')}` : '\nAll within budget.');
process.exit(over.length ? 1 : 0);

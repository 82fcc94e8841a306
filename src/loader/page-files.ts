import type * as EarlyAnswersModule from '../app/islands/early-answers';
import type * as HydrateModule from '../app/islands/hydrate-island';

/**
 * The files the page's islands need, as the build lists them in the page (scripts/build/island-files.ts),
 * and how the loader asks for them.
 */
interface IslandFiles {
  files: string[];
  islands: Record<string, number[]>;
  early?: Record<string, number[]>;
}
let listed: IslandFiles | undefined;

/**
 * Every file an island's start needs, or (`early`) those of its early answer, as the page lists them; the
 * first is the module the loader imports (the islands' runtime, src/app/islands/hydrate-island.tsx, or the
 * early answers, early-answers.ts). scripts/dev.ts lists the sources.
 */
export function filesOf(island: HTMLElement, which: 'islands' | 'early' = 'islands'): string[] {
  listed ??= JSON.parse(document.getElementById('island-files')?.textContent ?? '{"files":[],"islands":{}}') as IslandFiles;
  return (listed[which]?.[island.dataset.island ?? ''] ?? []).map((index) => `/assets/${listed!.files[index]}`);
}

/** Imported by address, so the loader carries no module loading of the bundler's own. */
export const importRuntime = (island: HTMLElement): Promise<typeof HydrateModule> => import(/* @vite-ignore */ filesOf(island)[0]!);
export const importEarlyAnswers = (island: HTMLElement): Promise<typeof EarlyAnswersModule> => import(/* @vite-ignore */ filesOf(island, 'early')[0]!);

/**
 * Asks for a file into the browser's cache only (nothing parsed or run), to have it ready beforehand.
 * A file asked for already is not asked again: it would download twice.
 */
export function prefetch(href: string, as?: string): Promise<unknown> {
  const asked = document.querySelector<HTMLLinkElement>(`link[href="${href}"]`);
  if (asked) return arrived(asked);
  // Scripts are fetched as modules (CORS), a stylesheet as itself: the cached copy must match its later request.
  const link = Object.assign(document.createElement('link'), { rel: 'prefetch', href, ...(as ? { as } : { crossOrigin: '' }) });
  const arriving = arrived(link);
  document.head.append(link);
  return arriving;
}
/**
 * Each request costs the page's main thread a few milliseconds (more on a busy phone, where the browser's
 * network process competes for the same cores); asked for all at once, a form's twenty-odd files made one
 * task long enough to block a tap (Lighthouse's TBT, issue 42). So the loader asks for one file per task:
 * `scheduler.yield()` lets the page's other work run and continues at once after it (a timer is clamped
 * to 4 ms after a few), a timer where the browser has no scheduler.
 */
const nextTask = (): Promise<unknown> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** Starts `ask` for each file, one per task; resolves (or rejects) as Promise.all of what it returned. */
async function onePerTask(files: string[], ask: (href: string) => Promise<unknown>): Promise<unknown> {
  const asked: Promise<unknown>[] = [];
  for (const [index, href] of files.entries()) {
    if (index > 0) await nextTask();
    const one = ask(href);
    // Handled here too: a file failing while later ones are still being asked for is not an unhandled rejection.
    one.catch(() => {});
    asked.push(one);
  }
  return Promise.all(asked);
}

/** Prefetches files, one per task. */
export const prefetchEach = (files: string[], as?: string): Promise<unknown> => onePerTask(files, (href) => prefetch(href, as));

const arrivals = new WeakMap<HTMLLinkElement, Promise<unknown>>();
function arrived(link: HTMLLinkElement): Promise<unknown> {
  let arrival = arrivals.get(link);
  if (!arrival) {
    arrival = new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    });
    arrivals.set(link, arrival);
  }
  return arrival;
}

/**
 * Downloads every file of a module graph at once (one request per task, rather than one round trip per level of imports),
 * before anything imports it: a module the browser failed to fetch stays failed for the page's life in
 * some browsers, so the code is imported only once every file is known to be here, and a visitor whose
 * connection dropped can try again without reloading. Rejects if any file could not be had.
 */
export function download(files: string[]): Promise<unknown> {
  return onePerTask(files, (href) =>
    // Read to the end, so the cache holds the whole file; then the browser may compile it from there
    // while the rest arrive, as it would a module it had imported (modulepreload).
    fetchOk(href)
      .then((response) => response.arrayBuffer())
      .then(() => {
        if (!document.querySelector(`link[rel=modulepreload][href="${href}"]`)) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
      }),
  );
}

/** A file of the site, or a failure when it could not be had. */
export const fetchOk = (url: string): Promise<Response> =>
  fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response;
  });

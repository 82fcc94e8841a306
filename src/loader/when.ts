/** When the loader does its work: after the first paint, once the page has loaded, and when the browser is idle. */

let painted: Promise<void> | undefined;

/** After the browser's first contentful paint (two frames where it cannot say), so nothing delays it. */
export function afterFirstPaint(): Promise<void> {
  return (painted ??= new Promise<void>((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      new PerformanceObserver((entries, observer) => {
        if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        resolve();
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    }
    setTimeout(resolve, 3000);
  }));
}

/** The page's load event (which can come before the first paint on a busy device). */
export const pageLoaded = (): Promise<void> =>
  new Promise((resolve) => (document.readyState === 'complete' ? resolve() : window.addEventListener('load', () => resolve(), { once: true })));

const idleJobs: (() => void)[] = [];
let idleScheduled = false;

/**
 * Small jobs for when the browser is idle, one per idle period: an idle period may last 50 ms, and the
 * jobs that filled one (a request, a stylesheet asked for, the footer's year) made a task of 20 ms here,
 * 80 ms on a phone four times slower, long enough to block a tap (Lighthouse's TBT on `/`, issue 42).
 */
export function whenIdle(...jobs: (() => void)[]): void {
  idleJobs.push(...jobs);
  if (idleScheduled) return;
  idleScheduled = true;
  const run = () => {
    idleScheduled = false;
    idleJobs.shift()?.();
    if (idleJobs.length) whenIdle();
  };
  if ('requestIdleCallback' in window) requestIdleCallback(run);
  else setTimeout(run, 1);
}

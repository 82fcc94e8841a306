import './styles.css';

/**
 * The browser entry, kept tiny and inlined into each page by the build (docs/decisions/017). The
 * prerendered page carries the CSS it uses inline, so it paints from its HTML alone; only after that
 * first contentful paint do the full stylesheet and the app download and hydrate. Running the app first would hold the first paint until all of it had
 * downloaded, run and hydrated.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    // A background tab paints nothing; it hydrates at once.
    if (document.visibilityState === 'hidden') return resolve();
    // The first contentful paint as the browser reports it: the first frame's callbacks run before it
    // reaches the screen, so waiting for a frame alone would still start downloads ahead of the paint.
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      new PerformanceObserver((entries, observer) => {
        if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        resolve();
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    }
    // Never later than this, whatever the browser reports (a tab hidden before its first paint, say).
    setTimeout(resolve, 3000);
  });

/** The full stylesheet, named in the <noscript> the build leaves for visitors without JavaScript. */
function loadFullStylesheet() {
  const fallback = document.querySelector('noscript[data-full-css]');
  const href = fallback?.textContent?.match(/href="([^"]+)"/)?.[1];
  if (!href || document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  // In <head>, before the body's inline theme variables, as the cascade expects.
  document.head.append(link);
}

void afterFirstPaint().then(() => {
  loadFullStylesheet();
  return import('./app/start');
});

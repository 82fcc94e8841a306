import './styles.css';
import { anyHolds } from './lib/early-conditions';
import { siteStylesheetHref } from './lib/site-stylesheet';
import { cacheSiteFonts } from './lib/site-fonts';
import { chooseFromAddress } from './loader/address-choices';
import { holdPresses, touchEarly } from './loader/held-presses';
import { fetchContent, fill, holdForDraft, start, waiting } from './loader/islands';
import { filesOf, prefetch, prefetchEach } from './loader/page-files';
import { focusToastsOnF8, followMenu, showCurrentYear } from './loader/page-chrome';
import { afterFirstPaint, pageLoaded, whenIdle } from './loader/when';

/**
 * The page's loader, inline in every prerendered page (docs/decisions/017, 020 and 033). A page is its
 * HTML: links, fields, the menu (a popover) and the account dialog (a <dialog> opened by invoker commands)
 * work before any script. Only islands ([data-island]) have code, and it runs when each island's
 * data-hydrate says: on the first touch, near the viewport, or after the first paint.
 */
declare global {
  interface Document {
    /** Set by the first run of this loader (a property, not an attribute: changing an attribute restyles the page). */
    islandLoader?: true;
  }
}

// Chunks that share a module with this file import it, so the browser runs it again as a module after
// the page's own inline copy: only the first run sets the page up.
if (!document.islandLoader) {
  document.islandLoader = true;
  setUpPage();
}

function setUpPage() {
  const ignore = () => {};
  /** Does the visitor's browser or address hold something the island must show at once (src/components/island.tsx)? */
  const neededAtOnce = (island: HTMLElement) => anyHolds((island.dataset.hydrateEarly ?? '').split(' ').filter(Boolean));

  chooseFromAddress();
  holdPresses(neededAtOnce);

  /** The deferred island a button opens by command (the account dialog, from any Sign In button). */
  const commandTarget = (target: EventTarget | null) => {
    const id = target instanceof Element ? target.closest('[commandfor]')?.getAttribute('commandfor') : null;
    return id ? document.getElementById(id)?.closest<HTMLElement>('[data-island][data-deferred]') : null;
  };
  // The first touch of an island starts it (an answer put in without a key, by autofill or dictation,
  // too): usually well before the press that needs it. Reaching for a button that opens a deferred
  // island fetches that island's content.
  for (const type of ['pointerdown', 'focusin', 'keydown', 'input']) {
    document.addEventListener(
      type,
      (event) => {
        const island = waiting(event.target);
        if (island) {
          void start(island).catch(ignore);
          touchEarly(island);
        }
        const opened = commandTarget(event.target);
        if (opened) void fill(opened).catch(ignore);
      },
      { capture: true, passive: true },
    );
  }
  // A dialog or popover opened before its content arrived says it is coming, and gets it at once.
  document.addEventListener(
    'toggle',
    (event) => {
      const island = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-island][data-deferred]') : null;
      if (!island || (event as ToggleEvent).newState !== 'open') return;
      island.querySelector<HTMLElement>('[data-needs-script]')?.removeAttribute('hidden');
      void fill(island).catch(ignore);
    },
    true,
  );
  document.addEventListener('island-wake', (event) => {
    const signal = (event as CustomEvent<string>).detail;
    document.querySelectorAll<HTMLElement>('[data-island][data-wake-on]').forEach((island) => {
      if (island.dataset.wakeOn === signal) void start(island).catch(ignore);
    });
  });

  // The islands the page needs at once or near the viewport; the others wait for a touch. A page's own
  // form is fetched as soon as the page has painted, not when the browser is idle: on a slow phone its
  // files take a second to arrive, and a visitor may press Send in that second (npm run bench:interaction).
  const atOnce: Promise<unknown>[] = [];
  const prefetched: Promise<unknown>[] = [];
  let comingIntoView: IntersectionObserver | undefined;
  document.querySelectorAll<HTMLElement>('[data-island]:is([data-hydrate="load"], [data-hydrate="visible"], [data-hydrate-early], [data-prefetch])').forEach((island) => {
    if (island.dataset.prefetch !== undefined) {
      // What a press at once needs comes first, on its own: the early answer (small) and the stylesheet
      // that styles its answer; then the island's own files (sharing the phone's bandwidth, the first
      // would come last).
      const stylesheet = siteStylesheetHref();
      prefetched.push(
        afterFirstPaint()
          .then(() => Promise.all([prefetchEach(filesOf(island, 'early')), prefetchEach(stylesheet ? [stylesheet] : [], 'style')]))
          .then(() => prefetchEach(filesOf(island))),
      );
    }
    if (island.dataset.hydrate === 'load' || neededAtOnce(island)) {
      holdForDraft(island);
      atOnce.push(afterFirstPaint().then(() => start(island)).catch(ignore));
    } else if (island.dataset.hydrate === 'visible') {
      comingIntoView ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries.filter((e) => e.isIntersecting)) {
            comingIntoView!.unobserve(entry.target);
            void start(entry.target as HTMLElement).catch(ignore);
          }
        },
        { rootMargin: '50% 0px' },
      );
      comingIntoView.observe(island);
    }
  });
  // <html data-ready>: every island the page needs at once is live; the rest answer through the HTML.
  void Promise.all(atOnce).then(() => (document.documentElement.dataset.ready = ''));

  // Once the page has loaded and painted, and a page's own form has its files (so as not to share the
  // phone's bandwidth with them): deferred content is fetched (a request, nothing for the main thread; the
  // stylesheet it needs is prefetched too), the footer's year is made today's, and the site's typefaces
  // are fetched for the next page (src/lib/site-fonts.ts).
  void Promise.all([pageLoaded(), afterFirstPaint(), ...prefetched]).then(() =>
    whenIdle(
      // Read when its turn comes: a visitor who opened it meanwhile has had it filled (the attribute is gone).
      ...[...document.querySelectorAll<HTMLElement>('[data-island][data-deferred]')].map((island) => () => {
        const deferred = island.dataset.deferred;
        if (deferred) void fetchContent(deferred).catch(ignore);
      }),
      () => {
        const stylesheet = siteStylesheetHref();
        if (stylesheet && document.querySelector('[data-island][data-deferred]')) void prefetch(stylesheet, 'style');
      },
      showCurrentYear,
      cacheSiteFonts,
    ),
  );

  followMenu();
  focusToastsOnF8();
}

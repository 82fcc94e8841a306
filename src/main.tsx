import './styles.css';
import { anyHolds } from './lib/early-conditions';
import { MOBILE_MENU_ID, TOAST_REGION_ID } from './lib/page-ids';
import { cacheSiteFonts } from './lib/site-fonts';
import { addSiteStylesheet, siteStylesheetHref } from './lib/site-stylesheet';
import type { EarlyAnswer } from './components/early-answer';

/**
 * The page's loader, inline in every prerendered page (docs/decisions/017 and 020). A page is its HTML:
 * links, fields, the menu (a popover) and the account dialog (a <dialog> opened by invoker commands) work
 * before any script. Only islands ([data-island]) have code, and it runs when each island's
 * data-hydrate says: on the first touch, near the viewport, or after the first paint. Until then a press
 * on one of an island's buttons is held and replayed once the island is live, so nothing is lost.
 */
type Hydrate = (island: HTMLElement) => Promise<void>;

declare global {
  interface Document {
    /** Set by the first run of this loader (a property, not an attribute: changing an attribute restyles the page). */
    islandLoader?: true;
  }
}

/**
 * Other chunks import Vite's preload helper from this file, so the browser fetches and runs it again as a
 * module after the page's own inline copy: only the first run sets the page up.
 */
const page = document.documentElement;
if (!document.islandLoader) {
  document.islandLoader = true;
  setUpPage();
}

function setUpPage() {
  const ignore = () => {};
  let runtime: Promise<Hydrate> | null = null;
  const started = new Map<HTMLElement, Promise<void>>();

  /** Where an island could not start, a sentence says so; the next touch tries again. */
  function showFailure(island: HTMLElement, failed: boolean) {
    const note = island.nextElementSibling?.matches('[data-island-failed]') ? island.nextElementSibling : null;
    if (!failed) return note?.remove();
    if (note) return;
    const sentence = document.createElement('p');
    sentence.setAttribute('role', 'alert');
    sentence.dataset.islandFailed = '';
    sentence.textContent = 'This part of the page could not load. Check your connection, then try again.';
    island.after(sentence);
  }

  const fetched = new Map<string, Promise<string>>();
  const filled = new Map<HTMLElement, Promise<void>>();

  /** A deferred island's file (src/components/island.tsx, `deferContent`), fetched once: at idle, or when first reached for. */
  function fetchContent(url: string): Promise<string> {
    let text = fetched.get(url);
    if (!text) {
      text = fetch(url).then((response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.text();
      });
      text.catch(() => fetched.delete(url));
      fetched.set(url, text);
    }
    return text;
  }

  /**
   * A deferred island's content into its outermost element, with the site's stylesheet to style it: when
   * the visitor reaches for it, since restyling the page for a new stylesheet is work it need not do before.
   */
  function fill(island: HTMLElement): Promise<void> {
    const url = island.dataset.deferred;
    if (!url) return Promise.resolve();
    let filling = filled.get(island);
    if (!filling) {
      filling = Promise.all([fetchContent(url), addSiteStylesheet()]).then(([html]) => {
        const content = document.createElement('template');
        content.innerHTML = html;
        island.firstElementChild?.replaceChildren(content.content);
        delete island.dataset.deferred;
      });
      filling.catch(() => filled.delete(island));
      filled.set(island, filling);
    }
    return filling;
  }

  type IslandFiles = { files: string[]; islands: Record<string, number[]>; early?: Record<string, number[]> };
  let islandFiles: IslandFiles | undefined;

  /**
   * Every file an island's start needs, as the build lists them in the page (scripts/build/island-files.ts),
   * or (`early`) those of its early answer.
   */
  function filesOf(island: HTMLElement, list: 'islands' | 'early' = 'islands'): string[] {
    islandFiles ??= JSON.parse(document.getElementById('island-files')?.textContent ?? '{"files":[],"islands":{}}') as IslandFiles;
    return (islandFiles[list]?.[island.dataset.island ?? ''] ?? []).map((index) => `/assets/${islandFiles!.files[index]}`);
  }

  /**
   * Asks for a file: `modulepreload` for an island that is starting (all its files at once, rather than
   * one round trip per level of imports), `prefetch` (into the cache only, nothing parsed or run) to have
   * them ready beforehand. A file asked for already is not asked again: it would download twice.
   */
  function fetchEarly(href: string, rel: 'modulepreload' | 'prefetch', as?: string): Promise<unknown> {
    const asked = document.querySelector<HTMLLinkElement>(`link[href="${href}"]`);
    if (asked) return arrived(asked);
    // Scripts are fetched as modules (CORS), a stylesheet as itself: the cached copy must match its later request.
    const link = Object.assign(document.createElement('link'), { rel, href, ...(as ? { as } : { crossOrigin: '' }) });
    const arriving = arrived(link);
    document.head.append(link);
    return arriving;
  }
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

  /** Small jobs for when the browser is idle, a few at a time, so that none of them makes a long task. */
  const idleJobs: (() => void)[] = [];
  let idleScheduled = false;
  function whenIdle(...jobs: (() => void)[]) {
    idleJobs.push(...jobs);
    if (idleScheduled) return;
    idleScheduled = true;
    const run = (deadline?: IdleDeadline) => {
      idleScheduled = false;
      do idleJobs.shift()?.();
      while (idleJobs.length && deadline && deadline.timeRemaining() > 4);
      if (idleJobs.length) whenIdle();
    };
    if ('requestIdleCallback' in window) requestIdleCallback(run);
    else setTimeout(run, 1);
  }

  function start(island: HTMLElement): Promise<void> {
    let starting = started.get(island);
    if (!starting) {
      for (const href of filesOf(island)) void fetchEarly(href, 'modulepreload');
      runtime ??= import('./app/islands/hydrate-island').then((module) => module.hydrateIsland);
      starting = Promise.all([runtime, fill(island)])
        .then(([hydrate]) => hydrate(island))
        .then(
          () => {
            island.dataset.hydrated = '';
            showFailure(island, false);
          },
          (error: unknown) => {
            console.warn(`The island "${island.dataset.island}" could not start:`, error);
            started.delete(island);
            runtime = null;
            showFailure(island, true);
            throw error;
          },
        );
      started.set(island, starting);
    }
    return starting;
  }

  const earlyAnswers = new Map<HTMLElement, EarlyAnswer>();

  /**
   * A form of an island still on its way was submitted: the island's early answer, where it has one,
   * answers from the page at once (decision 027), unless the island will show more than the page holds
   * (a draft, answers from the address).
   */
  function answerEarly(island: HTMLElement, form: HTMLFormElement | null) {
    const files = filesOf(island, 'early');
    if (!form || files.length === 0 || neededAtOnce(island)) return;
    for (const href of files) void fetchEarly(href, 'modulepreload');
    void import('./app/islands/early-answers')
      .then(({ earlyAnswers: answers }) => answers[island.dataset.island ?? '']?.())
      .then((answer) => {
        if (!answer) return;
        earlyAnswers.set(island, answer);
        return answer.submitted(island, form, JSON.parse(island.dataset.props ?? '{}'));
      })
      .catch(ignore);
  }

  /** The held press is replayed now: whatever the early answer showed gives way to the island's own answer. */
  function handOver(island: HTMLElement) {
    earlyAnswers.get(island)?.handOver(island);
    earlyAnswers.delete(island);
  }

  /** The island around an event's target whose code has not taken over yet. */
  function waiting(target: EventTarget | null): HTMLElement | null {
    const island = target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null;
    return island && island.dataset.hydrated === undefined ? island : null;
  }

  const commandsSupported = 'command' in HTMLButtonElement.prototype;

  /** Does the browser answer this press itself? Invoker commands are carried out here where it cannot. */
  function answeredByBrowser(control: Element): boolean {
    if (control.matches('a[href], input, select, textarea, label, summary, [popovertarget]')) return true;
    if (!control.matches('[commandfor]')) return false;
    if (!commandsSupported) {
      const target = document.getElementById(control.getAttribute('commandfor') ?? '');
      const command = control.getAttribute('command');
      if (target instanceof HTMLDialogElement && command === 'show-modal' && !target.open) target.showModal();
      if (target instanceof HTMLDialogElement && command === 'close') target.close();
    }
    return true;
  }

  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest('button, [role="button"], a[href], input, select, textarea, label, summary') : null;
      if (control && !commandsSupported && control.matches('[commandfor]')) answeredByBrowser(control);
      const island = waiting(event.target);
      if (!island) return;
      void start(island).catch(ignore);
      if (!control || answeredByBrowser(control)) return;
      // A button of an island still on its way: held now, pressed again once the island is live.
      event.preventDefault();
      event.stopImmediatePropagation();
      if (control instanceof HTMLButtonElement && control.type === 'submit') answerEarly(island, control.form);
      void start(island).then(() => {
        handOver(island);
        if (control.isConnected) (control as HTMLElement).click();
      }, ignore);
    },
    true,
  );

  // Enter in a field sends its form: held the same way.
  document.addEventListener(
    'submit',
    (event) => {
      const island = waiting(event.target);
      if (!island) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const form = event.target as HTMLFormElement;
      const submitter = event.submitter && form.contains(event.submitter) ? event.submitter : undefined;
      answerEarly(island, form);
      void start(island).then(() => {
        handOver(island);
        form.requestSubmit(submitter);
      }, ignore);
    },
    true,
  );

  /** The deferred island a button opens by command (the account dialog, from any Sign In button). */
  const commandTarget = (target: EventTarget | null) => {
    const id = target instanceof Element ? target.closest('[commandfor]')?.getAttribute('commandfor') : null;
    return id ? document.getElementById(id)?.closest<HTMLElement>('[data-island][data-deferred]') : null;
  };

  // The first touch of an island starts it: usually well before the press that needs it. Reaching for
  // a button that opens a deferred island fetches that island's content.
  for (const type of ['pointerdown', 'focusin', 'keydown']) {
    document.addEventListener(
      type,
      (event) => {
        const island = waiting(event.target);
        if (island) void start(island).catch(ignore);
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

  /** Does the visitor's browser or address hold something the island must show at once (src/components/island.tsx)? */
  const neededAtOnce = (island: HTMLElement) => anyHolds((island.dataset.hydrateEarly ?? '').split(' ').filter(Boolean));

  /** After the browser's first contentful paint (two frames where it cannot say), so nothing delays it. */
  let painted: Promise<void> | undefined;
  const afterFirstPaint = () =>
    (painted ??= new Promise<void>((resolve) => {
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

  // The islands the page needs at once or near the viewport; the others wait for a touch. A page's own
  // form is fetched as soon as the page has painted, not when the browser is idle: on a slow phone its
  // files take a second to arrive, and a visitor may press Send in that second (npm run bench:interaction).
  const atOnce: Promise<unknown>[] = [];
  const prefetched: Promise<unknown>[] = [];
  let comingIntoView: IntersectionObserver | undefined;
  document.querySelectorAll<HTMLElement>('[data-island]:is([data-hydrate="load"], [data-hydrate="visible"], [data-hydrate-early], [data-prefetch])').forEach((island) => {
    if (island.dataset.prefetch !== undefined) {
      // Its start adds the site's stylesheet too (src/app/islands/hydrate-island.tsx).
      const stylesheet = siteStylesheetHref();
      // What a press at once needs comes first, on its own: the early answer (small) and the stylesheet
      // that styles its answer; then the island's own files (sharing the phone's bandwidth, the first
      // would come last).
      const fetchAll = (files: string[], as?: string) => Promise.all(files.map((href) => fetchEarly(href, 'prefetch', as)));
      prefetched.push(
        afterFirstPaint()
          .then(() => Promise.all([fetchAll(filesOf(island, 'early')), fetchAll(stylesheet ? [stylesheet] : [], 'style')]))
          .then(() => fetchAll(filesOf(island))),
      );
    }
    if (island.dataset.hydrate === 'load' || neededAtOnce(island)) {
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
  void Promise.all(atOnce).then(() => (page.dataset.ready = ''));

  // Once the page has loaded and painted, and a page's own form has its files (so as not to share the
  // phone's bandwidth with them): deferred content is fetched (a request, nothing for the main thread; the
  // stylesheet it needs is prefetched too), the footer's year is made today's rather than the build's, and
  // the site's typefaces are fetched for the next page (src/lib/site-fonts.ts).
  const afterLoad = () =>
    whenIdle(
      ...[...document.querySelectorAll<HTMLElement>('[data-island][data-deferred]')].map((island) => () => void fetchContent(island.dataset.deferred!).catch(ignore)),
      () => {
        const stylesheet = siteStylesheetHref();
        if (stylesheet && document.querySelector('[data-island][data-deferred]')) void fetchEarly(stylesheet, 'prefetch', 'style');
      },
      () => document.querySelectorAll('[data-current-year]').forEach((year) => (year.textContent = String(new Date().getFullYear()))),
      cacheSiteFonts,
    );
  // The load event can come before the first paint on a busy device: the paint goes first regardless.
  const loaded = new Promise((resolve) => (document.readyState === 'complete' ? resolve(null) : window.addEventListener('load', resolve, { once: true })));
  void Promise.all([loaded, afterFirstPaint(), ...prefetched]).then(afterLoad);

  // The menu's button says whether the menu is open (browsers expose a popover's state themselves; this
  // is for the rest), and an open menu closes when the window reaches 768 px.
  const menu = document.getElementById(MOBILE_MENU_ID);
  let wide: MediaQueryList | undefined;
  menu?.addEventListener('toggle', (event) => {
    const open = (event as ToggleEvent).newState === 'open';
    document.querySelector(`[popovertarget="${MOBILE_MENU_ID}"]`)?.setAttribute('aria-expanded', String(open));
    if (!open || wide) return;
    wide = matchMedia('(min-width: 48em)');
    wide.addEventListener('change', (change) => {
      if (change.matches && menu.matches(':popover-open')) menu.hidePopover();
    });
  });

  // F8, the spec's hotkey, moves focus to the toast region.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'F8') return;
    event.preventDefault();
    document.getElementById(TOAST_REGION_ID)?.focus({ preventScroll: true });
  });
}

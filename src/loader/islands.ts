import { anyHolds } from '../lib/early-conditions';
import { addSiteStylesheet } from '../lib/site-stylesheet';
import { download, fetchOk, filesOf, importRuntime } from './page-files';

/**
 * Starting islands ([data-island], src/components/island.tsx): their code is downloaded whole, then
 * imported and run (src/app/islands/hydrate-island.tsx). A start that fails says so beside the island,
 * and the next touch tries again with the files fetched anew.
 */
type Hydrate = (island: HTMLElement) => Promise<void>;

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

/** A deferred island's file (`deferContent`), fetched once: at idle, or when first reached for. */
export function fetchContent(url: string): Promise<string> {
  let text = fetched.get(url);
  if (!text) {
    text = fetchOk(url).then((response) => response.text());
    text.catch(() => fetched.delete(url));
    fetched.set(url, text);
  }
  return text;
}

/**
 * A deferred island's content into its outermost element, with the site's stylesheet to style it: when
 * the visitor reaches for it, since restyling the page for a new stylesheet is work it need not do before.
 */
export function fill(island: HTMLElement): Promise<void> {
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

/** The sentence the form page keeps hidden before a form that restores a draft (src/features/forms/form-page.tsx). */
const restoringNote = (island: HTMLElement) => (island.previousElementSibling?.matches('[data-restoring-note]') ? island.previousElementSibling : null);

/**
 * A form that will show a saved draft once its code runs (`restores`) is not open to typing before then:
 * what the visitor typed would be replaced by the draft. It says what it is waiting for instead.
 */
export function holdForDraft(island: HTMLElement): void {
  const key = island.dataset.restores;
  if (!key || !anyHolds([`storage:${key}`])) return;
  island.inert = true;
  restoringNote(island)?.removeAttribute('hidden');
}

function stopHoldingForDraft(island: HTMLElement): void {
  island.inert = false;
  restoringNote(island)?.setAttribute('hidden', '');
}

/** Starts an island once: its code downloaded, imported and run. */
export function start(island: HTMLElement): Promise<void> {
  let starting = started.get(island);
  if (!starting) {
    starting = Promise.all([download(filesOf(island)), fill(island), addSiteStylesheet()])
      .then(() => importRuntime(island))
      .then(({ hydrateIsland }: { hydrateIsland: Hydrate }) => hydrateIsland(island))
      .then(
        () => {
          island.dataset.hydrated = '';
          stopHoldingForDraft(island);
          showFailure(island, false);
        },
        (error: unknown) => {
          console.warn(`The island "${island.dataset.island}" could not start:`, error);
          started.delete(island);
          // The visitor can type again, and what they type wins over the draft (src/components/forms/form-wizard.tsx).
          stopHoldingForDraft(island);
          showFailure(island, true);
          throw error;
        },
      );
    started.set(island, starting);
  }
  return starting;
}

/** The island around an event's target whose code has not taken over yet. */
export function waiting(target: EventTarget | null): HTMLElement | null {
  const island = target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null;
  return island && island.dataset.hydrated === undefined ? island : null;
}

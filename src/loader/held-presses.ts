import type { EarlyAnswer } from '../components/early-answer';
import { addSiteStylesheet } from '../lib/site-stylesheet';
import { filesOf, importEarlyAnswers, prefetch } from './page-files';
import { start, waiting } from './islands';

/**
 * A press on an island whose code has not arrived (decision 033). It is answered at once where the page
 * can answer it (a link, a field, a native dialog or menu; a form's problems, by its early answer,
 * decision 027); otherwise it is held, and the button says so (`aria-busy`, and looks busy). Once the
 * island's code has come it runs the press, unless the visitor did anything else in that island since
 * (focused a field, typed, chose, pressed something else): then the press is let go, for it was made for
 * the page as it stood, and must not land on newer input.
 */
interface Held {
  control: HTMLElement;
}
const held = new Map<HTMLElement, Held>();
/** How many times the visitor has done something in each island since the page came: a press's early answer must be to the latest. */
const moves = new WeakMap<HTMLElement, number>();
const movesIn = (island: HTMLElement) => moves.get(island) ?? 0;
const ignore = () => {};

/** The press is answered on the page: the button no longer says it is busy. */
function unmark(press: Held) {
  press.control.removeAttribute('aria-busy');
  press.control.style.removeProperty('opacity');
  press.control.style.removeProperty('cursor');
}

function letGo(island: HTMLElement, press?: Held) {
  const current = held.get(island);
  if (!current || (press && current !== press)) return;
  unmark(current);
  held.delete(island);
}

function hold(island: HTMLElement, control: HTMLElement, run: () => void): Held {
  letGo(island);
  const press: Held = { control };
  held.set(island, press);
  // Seen at once, with no stylesheet needed (a rule for it would weigh on every page's first round trip).
  control.setAttribute('aria-busy', 'true');
  control.style.opacity = '0.65';
  control.style.cursor = 'progress';
  start(island).then(() => {
    if (held.get(island) !== press) return;
    letGo(island, press);
    if (control.isConnected) run();
  }, () => letGo(island, press));
  return press;
}

/** Set while the loader itself moves focus, which is not the visitor doing something else. */
let movingFocus = false;

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

/** The island's early answer (src/app/islands/early-answers.ts), or none; its files were prefetched with the page. */
function earlyAnswerOf(island: HTMLElement): Promise<EarlyAnswer | undefined> {
  const files = filesOf(island, 'early');
  if (files.length === 0) return Promise.resolve(undefined);
  for (const href of files) void prefetch(href);
  return importEarlyAnswers(island).then(({ earlyAnswers }) => earlyAnswers[island.dataset.island ?? '']?.());
}

const touched = new WeakSet<HTMLElement>();

/** The visitor's first touch of an island still on its way, told to its early answer (a form starts its submission's stamp). */
export function touchEarly(island: HTMLElement): void {
  if (touched.has(island)) return;
  touched.add(island);
  void earlyAnswerOf(island)
    .then((answer) => answer?.touched?.(island, JSON.parse(island.dataset.props ?? '{}')))
    .catch(ignore);
}

/**
 * A form submitted before its island started: its early answer, where it has one, checks the answers
 * from the page at once. Problems found show, and the visitor is moved to the first; the press stays
 * held, so that the island's code gives its own answer (its messages and toast) once it has come, if
 * the visitor has done nothing since. Not when the island will show more than the page holds (a draft,
 * answers from the address).
 */
function answerEarly(island: HTMLElement, form: HTMLFormElement | null, press: Held, neededAtOnce: (island: HTMLElement) => boolean) {
  if (!form || neededAtOnce(island)) return;
  const pressedAfter = movesIn(island);
  // Still the visitor's last word, and still before the island's own code (whether or not that could start): else not ours to answer.
  const latest = () => movesIn(island) === pressedAfter && island.dataset.hydrated === undefined;
  void Promise.all([earlyAnswerOf(island), addSiteStylesheet()])
    .then(async ([answer]) => {
      if (!answer || !latest()) return;
      const first = await answer.submitted(island, form, JSON.parse(island.dataset.props ?? '{}'));
      if (!first || !latest()) return;
      unmark(press);
      movingFocus = true;
      first.focus();
      movingFocus = false;
    })
    .catch(ignore);
}

/** Holds presses on islands still on their way; `neededAtOnce` says which islands have no early answer. */
export function holdPresses(neededAtOnce: (island: HTMLElement) => boolean): void {
  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest('button, [role="button"], a[href], input, select, textarea, label, summary') : null;
      if (control && !commandsSupported && control.matches('[commandfor]')) answeredByBrowser(control);
      const island = waiting(event.target);
      if (!island) return;
      void start(island).catch(ignore);
      if (!control || answeredByBrowser(control)) {
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      moves.set(island, movesIn(island) + 1);
      const press = hold(island, control as HTMLElement, () => (control as HTMLElement).click());
      if (control instanceof HTMLButtonElement && control.type === 'submit') answerEarly(island, control.form, press, neededAtOnce);
    },
    true,
  );

  // Enter in a field sends its form (browsers press its submit button, which is held above; this is a form without one).
  document.addEventListener(
    'submit',
    (event) => {
      const island = waiting(event.target);
      if (!island) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const form = event.target as HTMLFormElement;
      const submitter = event.submitter && form.contains(event.submitter) ? event.submitter : undefined;
      moves.set(island, movesIn(island) + 1);
      const press = hold(island, submitter ?? form, () => form.requestSubmit(submitter));
      answerEarly(island, form, press, neededAtOnce);
    },
    true,
  );

  // Anything else the visitor does in the island lets a held press go.
  const newerInput = (event: Event) => {
    const island = waiting(event.target);
    if (!island || movingFocus || event.target === held.get(island)?.control) return;
    moves.set(island, movesIn(island) + 1);
    letGo(island);
  };
  for (const type of ['input', 'change']) document.addEventListener(type, newerInput, true);
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof Element && event.target.matches('input, select, textarea')) newerInput(event);
    },
    true,
  );
}

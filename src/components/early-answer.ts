/**
 * What an island answers before its code has arrived (decisions 027 and 033), in
 * `src/features/<feature>/<name>.early.ts` beside its `<name>.island.tsx`. The page's loader holds a
 * press on the island until its code runs it (src/loader/held-presses.ts); where the island has an early
 * answer, the loader also hands it a held submission at once. It must stay small and free of React: it
 * is what the page fetches first.
 */
export interface EarlyAnswer<P = Record<string, unknown>> {
  /**
   * A form of the island was submitted before the island started: answer what can be answered from the
   * page. Returns the field to move the visitor to when that found problems (the loader moves them, and
   * the island's code, once it has come, gives its own answer to the same press if the visitor has done
   * nothing since), or null when the page has nothing to say (the press waits for the island's code).
   */
  submitted(island: HTMLElement, form: HTMLFormElement, props: P): Promise<HTMLElement | null>;
  /** The visitor's first touch of the island, before its code has arrived: start what takes time. */
  touched?(island: HTMLElement, props: P): void;
}

export function defineEarlyAnswer<P>(answer: EarlyAnswer<P>): EarlyAnswer<P> {
  return answer;
}

/** Whether the island's own code has started (the loader sets data-hydrated). */
export const islandStarted = (island: HTMLElement) => island.dataset.hydrated !== undefined;

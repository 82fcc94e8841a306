/**
 * What an island answers before its code has arrived (decision 027), in `src/features/<feature>/<name>.early.ts`
 * beside its `<name>.island.tsx`. The page's loader holds a form's submission until the island starts and
 * replays it then (decision 020); where the island has an early answer, the loader also hands the held
 * submission to it at once. It must stay small and free of React: it is what the page fetches first.
 */
export interface EarlyAnswer<P = Record<string, unknown>> {
  /** A form of the island was submitted before the island started: answer what can be answered from the page. */
  submitted(island: HTMLElement, form: HTMLFormElement, props: P): Promise<void>;
  /**
   * The island has started and the held submission is replayed right after, in the same task (so no frame
   * shows the page in between): leave the page exactly as its HTML came, for the island's code to answer.
   */
  handOver(island: HTMLElement): void;
}

export function defineEarlyAnswer<P>(answer: EarlyAnswer<P>): EarlyAnswer<P> {
  return answer;
}

/** Whether the island's own code has started (the loader sets data-hydrated): an early answer then does nothing. */
export const islandStarted = (island: HTMLElement) => island.dataset.hydrated !== undefined;

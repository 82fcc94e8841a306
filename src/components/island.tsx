import { createContext, use, useId, type ReactElement } from 'react';

/** What an island's props may hold: they travel through the page's HTML as JSON. */
export type IslandValue = string | number | boolean | null | undefined | IslandValue[] | { [key: string]: IslandValue };
export type IslandProps = { [key: string]: IslandValue };

/**
 * A part of a page that answers visitors in the browser (docs/decisions/020). The prerender renders it
 * to HTML like the rest of the page; the browser downloads its code only when `hydrate` says so. `render`
 * may load what it needs first (a form's generated definition, say), on the server and in the browser alike.
 */
export interface IslandDefinition<P extends IslandProps> {
  name: string;
  render: (props: P) => ReactElement | Promise<ReactElement>;
}

export function defineIsland<P extends IslandProps>(name: string, render: IslandDefinition<P>['render']): IslandDefinition<P> {
  return { name, render };
}

/**
 * When an island's code runs:
 * - `interaction`: the first time the visitor points at, focuses or types in it. Until then the HTML does
 *   the work (links, fields, native dialogs and menus), and a press on one of its buttons is held, shown
 *   as pending, and run once the code has, unless the visitor did anything else in it since (decision 033).
 * - `visible`: when it comes near the viewport.
 * - `load`: right after the first paint.
 * `early` names what makes an island start right after the first paint whatever `hydrate` says:
 * `storage:<key>` (a localStorage entry, such as a saved session or draft), `query:<name>` or
 * `hash:<name>` (a parameter of the page's address). `wakeOn` names a signal (`wakeIslands`) that makes
 * it start whenever it comes: the header's account button must show Sign Out once someone signs in
 * through the dialog, whether or not anyone touched the button.
 */
export type HydrateWhen = 'interaction' | 'visible' | 'load';

export interface CollectedIsland {
  definition: IslandDefinition<IslandProps>;
  props: IslandProps;
}

/** The prerender's list of the islands on the page, by slot; src/entry-server.tsx renders each into its slot. */
export const IslandCollector = createContext<Map<string, CollectedIsland> | null>(null);

interface IslandElementProps<P extends IslandProps> {
  of: IslandDefinition<P>;
  props: P;
  hydrate: HydrateWhen;
  early?: string[];
  wakeOn?: string;
  /**
   * A localStorage key whose entry the island shows once it starts (a form's draft): until then its
   * fields take no typing, and say they are waiting for it (src/loader/islands.ts).
   */
  restores?: string;
  /** An id for links to jump to (/#testimonials), since what the island shows may come later. */
  anchor?: string;
  /**
   * Only the island's outermost element is in the page; what is inside it is one shared file the page
   * fetches when the browser is idle, or at the first reach for it (the account dialog, on every page
   * and hidden until opened: decision 020). The page's HTML stays within one network round trip.
   */
  deferContent?: boolean;
  /**
   * Its files are fetched right after the first paint, into the browser's cache, so that when the
   * visitor reaches for it (a form on its own page) its code is already here. Nothing runs until then.
   */
  prefetch?: boolean;
}

/**
 * Marks an island's place in the prerendered page. Each island is rendered as a React root of its own
 * (the same one the browser hydrates), so ids React generates inside it match in both.
 */
export function Island<P extends IslandProps>({ of, props, hydrate, early, restores, wakeOn, anchor, deferContent, prefetch }: IslandElementProps<P>): ReactElement {
  const collected = use(IslandCollector);
  const slot = useId();
  if (!collected) throw new Error(`The island "${of.name}" was rendered outside the prerender, or inside another island.`);
  collected.set(slot, { definition: of as unknown as IslandDefinition<IslandProps>, props });
  return (
    <div
      id={anchor}
      data-island={of.name}
      data-island-slot={slot}
      data-props={JSON.stringify(props)}
      data-hydrate={hydrate}
      data-hydrate-early={early?.length ? early.join(' ') : undefined}
      data-restores={restores}
      data-wake-on={wakeOn}
      data-deferred={deferContent ? '' : undefined}
      data-prefetch={prefetch ? '' : undefined}
      // An island takes no box of its own, except where the browser must see it come into view.
      style={hydrate === 'visible' ? undefined : { display: 'contents' }}
    />
  );
}

/** Starts every island of the page that waits for `signal` (`wakeOn`); the page's loader does it. */
export function wakeIslands(signal: string) {
  document.dispatchEvent(new CustomEvent('island-wake', { detail: signal }));
}

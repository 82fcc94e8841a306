import { useRef, useState } from 'react';

const NONE: ReadonlySet<string> = new Set();

/**
 * Which listed submissions are selected: a press toggles one, a press with Shift the run from the last
 * one pressed (as a mail client's list); a new filter (`resetKey`) starts afresh. Only what is still
 * listed counts.
 */
export function useSelection(ids: string[], resetKey: string) {
  const [state, setState] = useState<{ key: string; selected: ReadonlySet<string> }>({ key: resetKey, selected: NONE });
  const selected = state.key === resetKey ? state.selected : NONE;
  const set = (next: ReadonlySet<string>) => setState({ key: resetKey, selected: next });
  const last = useRef<string | null>(null);
  const toggle = (id: string, range: boolean) => {
    const on = !selected.has(id);
    const from = range && last.current ? ids.indexOf(last.current) : -1;
    const to = ids.indexOf(id);
    const run = from >= 0 ? ids.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
    const next = new Set(selected);
    for (const each of run) {
      if (on) next.add(each);
      else next.delete(each);
    }
    last.current = id;
    set(next);
  };
  return {
    chosen: ids.filter((id) => selected.has(id)),
    isSelected: (id: string) => selected.has(id),
    toggle,
    setAll: (on: boolean) => set(on ? new Set(ids) : NONE),
    clear: () => set(NONE),
  };
}

export type Selection = ReturnType<typeof useSelection>;

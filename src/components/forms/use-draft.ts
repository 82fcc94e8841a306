import { useEffect, useRef, useState } from 'react';

/**
 * Where a signed-in member's draft is kept besides this browser (their account), so it resumes on
 * another device. Times are the store's own clock, never this device's, so two devices compare fairly.
 */
export interface DraftStore<T> {
  /** Whose drafts these are: a change of member starts afresh. */
  owner: string;
  load(): Promise<{ value: T; savedAt: string } | null>;
  /** Keeps the draft (null removes it); resolves to when it was kept. */
  save(value: T | null): Promise<string>;
}

const SAVE_DELAY_MS = 800;
const SYNCED = ':synced:';
/** The first wait before a failed read or save of the account's copy is tried again; doubled each time, to a minute. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MOST_MS = 60_000;

/**
 * Calls `again` once the connection is back or after a wait that grows with each failure (`failures`),
 * whichever comes first; returns what cancels it.
 */
function retryLater(failures: number, again: () => void): () => void {
  const timer = setTimeout(again, Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MOST_MS));
  window.addEventListener('online', again, { once: true });
  return () => {
    clearTimeout(timer);
    window.removeEventListener('online', again);
  };
}

/** Failed reads and saves in a row, of one member's account. */
interface Failures<T> {
  store: DraftStore<T> | null;
  read: number;
  save: number;
}

/** The failures in a row of `store`'s account: none yet when it is another member's than last time. */
function failuresOf<T>(failures: { current: Failures<T> }, store: DraftStore<T>): Failures<T> {
  if (failures.current.store !== store) failures.current = { store, read: 0, save: 0 };
  return failures.current;
}

/**
 * A member signing out: this browser forgets the drafts it kept in step with their account (they wait
 * there), so the next person at this browser neither finds them nor sends them to their own account.
 */
export function forgetAccountDrafts(owner: string) {
  try {
    const suffix = `${SYNCED}${owner}`;
    for (const name of Object.keys(window.localStorage)) {
      if (!name.endsWith(suffix)) continue;
      window.localStorage.removeItem(name.slice(0, -suffix.length));
      window.localStorage.removeItem(name);
    }
  } catch {
    // Storage unreadable: there is nothing of theirs in it to forget.
  }
}

function readLocal<T>(key: string): T | null {
  try {
    const saved = window.localStorage.getItem(key);
    return saved ? (JSON.parse(saved) as T) : null;
  } catch {
    // A draft that cannot be read is not worth an error: the visitor starts fresh.
    return null;
  }
}

function writeLocal(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private browsing or a full quota: the form still works, only without a draft.
  }
}

/**
 * Keeps a form's progress in localStorage, so a reload or a closed tab does not lose it. Restored after
 * hydration (the prerendered page is always the empty form), saved on every change, and removed as soon
 * as the form is blank again (after a successful submit).
 *
 * With a `store` (a signed-in member), the draft is also kept there: one saved since this browser last
 * synced (on another device) is adopted over this browser's; this browser's changes follow shortly after
 * each change, and an empty form removes it there too.
 */
export function useDraft<T>(key: string | undefined, value: T, restore: (saved: T) => void, isBlank: (value: T) => boolean, store?: DraftStore<T> | null, adopt?: (saved: T | null) => void) {
  const restored = useRef(false);
  useEffect(() => {
    if (!key || restored.current) return;
    restored.current = true;
    const saved = readLocal<T>(key);
    if (saved) restore(saved);
  }, [key, restore]);
  useEffect(() => {
    if (!key || !restored.current) return;
    writeLocal(key, isBlank(value) ? null : JSON.stringify(value));
  }, [key, value, isBlank]);

  // The account's copy: what this browser last agreed with it, by the store's clock (`${key}:synced`).
  const synced = key && store ? `${key}${SYNCED}${store.owner}` : null;
  // Signed out here (forgetAccountDrafts took the draft away): the form empties too.
  const owner = store?.owner ?? null;
  const previousOwner = useRef(owner);
  useEffect(() => {
    const before = previousOwner.current;
    previousOwner.current = owner;
    if (key && before && !owner && readLocal(key) === null) adopt?.(null);
  }, [key, owner, adopt]);
  // The store (one per signing in) whose copy has been read and this page's work sent there: state, not a
  // ref, so that what was typed meanwhile, which the save below skipped, is sent once it is.
  const [loaded, setLoaded] = useState<DraftStore<T> | null>(null);
  /** What the account was last sent on reading its copy, not sent again once it is read. */
  const sentOnLoad = useRef<T | undefined>(undefined);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  // A failed read or save (offline, the backend unreachable) is tried again, so a page whose first read
  // failed still keeps the member's work with their account, and a failed save is not the last. The wait
  // grows with the failures in a row of this member's account: a success, or another member, starts afresh.
  const [readTries, setReadTries] = useState(0);
  const [saveTries, setSaveTries] = useState(0);
  const failures = useRef<Failures<T>>({ store: null, read: 0, save: 0 });
  useEffect(() => {
    if (!synced || !store) return;
    let current = true;
    let cancelRetry = () => {};
    store
      .load()
      .then(async (remote) => {
        if (!current) return;
        failuresOf(failures, store).read = 0;
        const lastSynced = readLocal<string>(synced);
        if (remote && (!lastSynced || remote.savedAt > lastSynced)) {
          // Saved on another device since this one last synced: it is the newer work.
          adopt?.(remote.value);
          writeLocal(synced, JSON.stringify(remote.savedAt));
        } else if (!remote && lastSynced) {
          // Sent (or emptied) on another device since: this browser's copy is done with too.
          adopt?.(null);
          writeLocal(synced, null);
        } else if (!isBlank(latest.current)) {
          sentOnLoad.current = latest.current;
          writeLocal(synced, JSON.stringify(await store.save(latest.current)));
        }
        if (current) setLoaded(store);
      })
      .catch(() => {
        if (current) cancelRetry = retryLater(failuresOf(failures, store).read++, () => setReadTries((n) => n + 1));
      });
    return () => {
      current = false;
      cancelRetry();
    };
  }, [synced, store, adopt, isBlank, readTries]);
  useEffect(() => {
    // Nothing is sent before the account's copy was read: it could be newer than what this page holds.
    if (!synced || !store || loaded !== store || value === sentOnLoad.current) return;
    let current = true;
    let cancelRetry = () => {};
    const timer = setTimeout(() => {
      store
        .save(isBlank(value) ? null : value)
        .then((at) => {
          failuresOf(failures, store).save = 0;
          writeLocal(synced, JSON.stringify(at));
        })
        .catch(() => {
          // Tried again unless a newer change (which sends the whole draft) came first.
          if (current) cancelRetry = retryLater(failuresOf(failures, store).save++, () => setSaveTries((n) => n + 1));
        });
    }, SAVE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
      cancelRetry();
    };
  }, [synced, store, value, isBlank, loaded, saveTries]);
}

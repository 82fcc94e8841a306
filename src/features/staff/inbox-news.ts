/**
 * What is new to the signed-in staff member (decision 044): the unread count in the workspace's nav and
 * tab title, the newest submission's seq, by which an open list notices an arrival and refreshes, and how
 * many follow-ups are due (decision 048).
 * Asked every 20 seconds while the page is visible and something shows it, and at once after a change.
 * Polled rather than pushed: the local stand-in speaks no Realtime, and one small query per staff member
 * every 20 seconds costs the database less than a replication slot would.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { loadBackend } from '../../lib/backend/load';
import { inboxNews } from './inbox-query';

export interface InboxNews {
  unread: number;
  newest: number | null;
  due: number;
}

const EVERY_MS = 20_000;

let news: InboxNews | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
let asking: Promise<void> | null = null;
let queued: Promise<void> | null = null;

function schedule() {
  clearTimeout(timer);
  if (listeners.size && document.visibilityState === 'visible') timer = setTimeout(() => void refreshInboxNews(), EVERY_MS);
}

/** An answer read along with something else (the inbox's first page reads one too). */
export function noteInboxNews(answer: InboxNews) {
  if (answer.unread === news?.unread && answer.newest === news?.newest && answer.due === news?.due) return;
  news = answer;
  for (const listener of listeners) listener();
}

/**
 * Asks again now (after opening, marking or a save); a failed ask keeps the last answer and tries later.
 * Asked while an ask is on its way, it asks once more after it: that one may have left before the change.
 */
export function refreshInboxNews(): Promise<void> {
  if (asking) {
    queued ??= asking.then(() => {
      queued = null;
      return refreshInboxNews();
    });
    return queued;
  }
  asking = loadBackend()
    .then(inboxNews)
    .then(noteInboxNews)
    .catch((error: unknown) => console.warn('Could not count the unread submissions:', error))
    .finally(() => {
      asking = null;
      schedule();
    });
  return asking;
}

const onVisibility = () => (document.visibilityState === 'visible' ? void refreshInboxNews() : clearTimeout(timer));

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    document.addEventListener('visibilitychange', onVisibility);
    void refreshInboxNews();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    document.removeEventListener('visibilitychange', onVisibility);
    clearTimeout(timer);
  };
}

/** The latest answer (null until the first), kept current while mounted. */
export function useInboxNews(): InboxNews | null {
  return useSyncExternalStore(subscribe, () => news, () => null);
}

/** A view's tab title with the unread count first, as mail clients show it: "(3) Staff Inbox". */
export function useUnreadTitle(title: string): string {
  const current = useInboxNews();
  return current?.unread ? `(${current.unread}) ${title}` : title;
}

/**
 * Calls `arrived` when a submission newer than `newest` has come in: the newest seq there was when the
 * list was read (whether or not its filter shows it), so a filtered list is not read again for nothing.
 */
export function useArrivals(newest: number | null | undefined, arrived: () => void) {
  const current = useInboxNews();
  useEffect(() => {
    if (newest !== undefined && current?.newest != null && current.newest > (newest ?? 0)) arrived();
  }, [current?.newest, newest, arrived]);
}

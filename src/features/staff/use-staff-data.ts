import type { Backend } from '../../lib/backend/load';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { loadBackend } from '../../lib/backend/load';

/**
 * While loading, `previous` is the last answer read (for another key), for a page that would rather not
 * blank out. Ready with `refreshFailed`: a reload failed, and the last answer stays (with what staff were
 * writing on the page) rather than giving way to the failure.
 */
export type Loaded<T> = { state: 'loading'; previous?: T } | { state: 'failed'; message: string } | { state: 'ready'; data: T; refreshFailed?: string };

type Answer<T> = { state: 'failed'; message: string } | { state: 'ready'; data: T; refreshFailed?: string };

/**
 * Reads something through the site's one supabase-js client (signed in as the staff member) whenever
 * `key` changes, and again on `reload`. Until the first answer for the current key it is loading (an
 * answer for a key that has moved on is never shown); a reload keeps showing the last answer meanwhile,
 * and after, when it fails.
 */
export function useStaffData<T>(key: string, read: (client: Backend) => Promise<T>) {
  const [round, setRound] = useState(0);
  const ask = `${round}:${key}`;
  const [answer, setAnswer] = useState<{ key: string; answer: Answer<T> } | null>(null);
  const readLatest = useEffectEvent(read);
  useEffect(() => {
    let current = true;
    loadBackend()
      .then(readLatest)
      .then(
        (data): Answer<T> => ({ state: 'ready', data }),
        (error: unknown): Answer<T> => ({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      .then(
        (result) =>
          current &&
          setAnswer((before) =>
            // A reload that failed keeps what was read for this key: the page stays, and says so.
            result.state === 'failed' && before?.key === key && before.answer.state === 'ready'
              ? { key, answer: { state: 'ready', data: before.answer.data, refreshFailed: result.message } }
              : { key, answer: result },
          ),
      );
    return () => {
      current = false;
    };
  }, [ask, key]);
  const loaded: Loaded<T> =
    answer?.key === key ? answer.answer : answer?.answer.state === 'ready' ? { state: 'loading', previous: answer.answer.data } : { state: 'loading' };
  return { loaded, reload: useCallback(() => setRound((n) => n + 1), []) };
}

import type { Backend } from '../backend/load';

/**
 * Submissions this browser sent while signed out, kept for a week so its visitor can keep them in an
 * account: signed in with the address they were sent from, the account page asks the database to link
 * each one by its id (public.keep_my_submission, docs/decisions/041). Only this browser knows the ids.
 */
const KEY = 'sent-while-signed-out';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const MOST = 20;

interface Sent {
  id: string;
  at: number;
}

function waiting(): Sent[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(list)) return [];
    return list.filter((sent): sent is Sent => typeof sent?.id === 'string' && typeof sent.at === 'number' && Date.now() - sent.at < WEEK_MS);
  } catch {
    return [];
  }
}

function save(list: Sent[]) {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list.slice(-MOST)));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode, full): the submission is sent all the same, only not kept.
  }
}

/** Remembers a submission sent while signed out. */
export function rememberSentSignedOut(id: string) {
  save([...waiting().filter((sent) => sent.id !== id), { id, at: Date.now() }]);
}

/** Links what this browser sent while signed out to the signed-in account, where the address matches; returns how many. */
export async function keepSentSubmissions(client: Backend): Promise<number> {
  const list = waiting();
  if (!list.length) return 0;
  const kept = await Promise.all(
    list.map(async (sent) => {
      const { data, error } = await client.rpc('keep_my_submission', { submission: sent.id });
      return !error && data === true ? sent.id : null;
    }),
  );
  save(waiting().filter((sent) => !kept.includes(sent.id)));
  return kept.filter(Boolean).length;
}

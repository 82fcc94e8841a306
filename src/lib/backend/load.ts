/**
 * Getting at the backend without slowing the first paint: supabase-js (≈56 KB gzip) is downloaded the
 * first time something needs it, and the shell can tell from localStorage and the URL whether it does.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../generated/database';
import { anyHolds } from '../early-conditions';
import { accountCheckNeeded, sessionStorageKey } from './session-storage';
import { anonKey, backendUrl } from './settings';

/** The site's client, typed with the tables, views and functions the migrations make (src/generated/database.ts). */
export type Backend = SupabaseClient<Database>;

let client: Promise<Backend> | null = null;

export function loadBackend(): Promise<Backend> {
  // The one client of the site: every caller shares it (and its session).
  client ??= import('./client').then((module) => module.createBackendClient(backendUrl, anonKey, sessionStorageKey));
  // A failed download (offline) may be retried by the next caller.
  client.catch(() => (client = null));
  return client;
}

/** A session from an earlier visit is stored here, or an auth email's link opened the page: the server must be asked. */
export const sessionToCheck = () => anyHolds(accountCheckNeeded);

/** Runs `work` once the page has loaded and the browser is idle, so the backend never delays what visitors read. */
export function afterLoadWhenIdle(work: () => void): () => void {
  let cancelled = false;
  const idle = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) requestIdleCallback(() => !cancelled && work(), { timeout: 2000 });
    else setTimeout(() => !cancelled && work(), 1);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
  };
}

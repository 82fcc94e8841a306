/** The one supabase-js client of the site. Downloaded on demand (see load.ts), never on first paint. */
import { createClient } from '@supabase/supabase-js';
import { anonKey, backendUrl, sessionStorageKey } from './settings';

if (!backendUrl || !anonKey) {
  throw new Error('This build has no VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY. Rebuild with both set (see README, "Deploy to Supabase").');
}

export const supabase = createClient(backendUrl, anonKey, { auth: { storageKey: sessionStorageKey } });

/** The site's supabase-js client, in its own chunk: load.ts downloads it on demand, never on first paint. */
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../generated/database';

export function createBackendClient(url: string, anonKey: string, storageKey: string) {
  if (!url || !anonKey) {
    throw new Error('This build has no VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY. Rebuild with both set (see README, "Deploy to Supabase").');
  }
  return createClient<Database>(url, anonKey, { auth: { storageKey } });
}

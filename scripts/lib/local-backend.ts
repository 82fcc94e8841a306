/**
 * Where the local backend listens, the same ports as `supabase start` unless overridden (the end-to-end
 * tests run their own on other ports, so a running `npm start` is left alone).
 */
import { join, resolve } from 'node:path';
import { loadEnv } from 'vite';
import { readApiConfig } from '../../supabase/local/api-config.ts';
import { localKeys } from '../../supabase/local/keys.ts';
import { startLocalStack } from '../../supabase/local/stack.ts';

const root = join(import.meta.dirname, '..', '..');

// Ports from supabase/config.toml ([api] port, [inbucket] port and smtp_port), as `supabase start` reads them.
const config = readApiConfig();

export const localBackend = {
  /** The site's port (http://localhost:3000 unless PORT says otherwise), which auth email links lead back to. */
  sitePort: Number(process.env.PORT ?? 3000),
  apiPort: Number(process.env.SUPABASE_API_PORT ?? config.port),
  inboxHttpPort: Number(process.env.INBOX_PORT ?? config.inboxPort),
  inboxSmtpPort: Number(process.env.INBOX_SMTP_PORT ?? config.inboxSmtpPort),
  // An absolute SUPABASE_LOCAL_DIR is used as given; a relative one is from the project root.
  dataDir: resolve(root, process.env.SUPABASE_LOCAL_DIR ?? '.supabase-local'),
};

/** The browser's settings for the local backend: its URL and the (public, local-only) anon key. */
export async function localSiteEnv() {
  return { VITE_SUPABASE_URL: `http://localhost:${localBackend.apiPort}`, VITE_SUPABASE_ANON_KEY: (await localKeys()).anon };
}

/**
 * The hosted project the site is configured for, from the environment or a .env file (as Vite reads
 * them), or undefined: then the site is built for, and run with, the local backend.
 */
export function hostedBackendUrl(mode: 'production' | 'development' = 'production'): string | undefined {
  return loadEnv(mode, root, 'VITE_').VITE_SUPABASE_URL || undefined;
}

/** The local backend of `npm start` and `npm run dev`, with auth email links leading back to the site's port. */
export function startLocalBackend(sitePort: number) {
  return startLocalStack(localBackend.dataDir, {
    api: localBackend.apiPort,
    inboxHttp: localBackend.inboxHttpPort,
    inboxSmtp: localBackend.inboxSmtpPort,
    siteUrl: `http://localhost:${sitePort}`,
  });
}

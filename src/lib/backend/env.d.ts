/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Supabase project's URL: the local stand-in's http://localhost:54321 unless set at build time. */
  readonly VITE_SUPABASE_URL?: string;
  /** The project's public anon key: the only key the browser ever holds. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

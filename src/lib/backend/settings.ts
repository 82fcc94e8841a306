/**
 * Where the backend is, fixed at build time (scripts/build.ts fills in the local stand-in when nothing
 * is set). Kept apart from the client so the shell can ask questions without downloading supabase-js.
 */
export const backendUrl = import.meta.env.VITE_SUPABASE_URL ?? '';
export const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY ?? '';

/**
 * The PostgreSQL extensions the migrations create (create extension … with schema extensions), as hosted
 * Supabase offers them. PGlite can only create an extension it was started with, so every PGlite that
 * runs the migrations is started with these.
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const pgliteExtensions = { pg_trgm };

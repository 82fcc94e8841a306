/**
 * Brings a local database (PGlite or a PostgreSQL server) to the state of supabase/: the bootstrap
 * that hosted Supabase provides, then every migration not applied yet (recorded in the same table
 * the Supabase CLI uses), then seed.sql once, on a fresh database. Migrations and seed run as
 * `hosted_postgres`, hosted's non-superuser `postgres` (decision 018): what hosted refuses fails here first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { forgetApplied, recordApplied } from './applied-migrations.ts';
import type { SqlClient } from './sql-client.ts';

export interface MigrateResult {
  applied: string[];
  seeded: boolean;
}

const supabaseDir = join(import.meta.dirname, '..');
/** Hosted's `postgres` session: its role, and the search path a fresh connection gets there. */
const AS_HOSTED_POSTGRES = `set local role hosted_postgres; set local search_path = "$user", public, extensions;`;

/**
 * `record`: note each migration applied in the list `npm run generate` reads (applied-migrations.ts), for
 * databases that outlive the run (the local stack's); a throwaway one, such as the generator's own for
 * reading types, leaves it alone.
 */
export async function migrate(db: SqlClient, { dir = supabaseDir, seed = true, record = false } = {}): Promise<MigrateResult> {
  await db.exec(readFileSync(join(dir, 'bootstrap', 'local.sql'), 'utf8'));
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      name text not null,
      applied_at timestamptz not null default now()
    );`);
  const done = new Set((await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
  const fresh = done.size === 0;
  const applied: string[] = [];
  for (const file of readdirSync(join(dir, 'migrations')).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort()) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (done.has(version!)) continue;
    const sql = readFileSync(join(dir, 'migrations', file), 'utf8');
    try {
      await db.exec(`begin;\n${AS_HOSTED_POSTGRES}\n${sql}\n;reset role;\ninsert into supabase_migrations.schema_migrations (version, name) values ('${version}', '${rest.join('_')}');\ncommit;`);
    } catch (error) {
      await db.exec('rollback;').catch(() => {});
      throw new Error(`Migration ${file} failed and was not applied: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    applied.push(file);
    if (record) recordApplied(dir, file);
  }
  const seeded = seed && fresh;
  if (seeded) await db.exec(`begin;\n${AS_HOSTED_POSTGRES}\n${readFileSync(join(dir, 'seed.sql'), 'utf8')}\n;reset role;\ncommit;`);
  return { applied, seeded };
}

/** What brings a database that applied a withdrawn draft to the migration that replaces it (decision 024). */
export interface DraftReplacement {
  /** The SQL from the tables the draft made to the ones the schemas now describe. */
  sql: string;
  /** The draft's file, which the database recorded and which no longer exists. */
  withdrawn: string;
  /** The file written in its place, already true of the database once `sql` ran; null when the change was undone. */
  replacement: string | null;
}

const versionOf = (file: string) => file.split('_')[0]!;

/**
 * Runs `sql` and records `replacement` instead of `withdrawn`, in one transaction: the database then holds
 * exactly what the migration files say, as if the draft had never been applied.
 */
export async function replaceDraft(db: SqlClient, { sql, withdrawn, replacement }: DraftReplacement, dir = supabaseDir) {
  const record = replacement ? `insert into supabase_migrations.schema_migrations (version, name) values ('${versionOf(replacement)}', '${replacement.replace(/^\d+_|\.sql$/g, '')}');` : '';
  try {
    await db.exec(`begin;\n${AS_HOSTED_POSTGRES}\n${sql}\n;reset role;\ndelete from supabase_migrations.schema_migrations where version = '${versionOf(withdrawn)}';\n${record}\ncommit;`);
  } catch (error) {
    await db.exec('rollback;').catch(() => {});
    throw new Error(`The local database could not follow the rewritten draft ${withdrawn}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  forgetApplied(dir, withdrawn);
  if (replacement) recordApplied(dir, replacement);
}

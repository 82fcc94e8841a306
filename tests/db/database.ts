import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { migrate } from '../../supabase/local/migrate';
import { clusterKey, keptDataDir, openPglite } from '../../supabase/local/pglite';
import { fromPgClient, fromPglite, pgClient, type ClosableSqlClient } from '../../supabase/local/sql-client';

export type Db = ClosableSqlClient;

/** Every engine the database suite runs on: PGlite always, a PostgreSQL server when DATABASE_URL is set. */
export const ENGINES = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])] as const;
export type Engine = (typeof ENGINES)[number];


/** A new, empty database on the server for each test file, dropped when the test closes it. */
async function serverDb(): Promise<Db> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const client = pgClient({ connectionString: url.toString() });
  await client.connect();
  const db = fromPgClient(client);
  return {
    ...db,
    close: async () => {
      await db.close();
      await admin.query(`drop database ${name}`);
      await admin.end();
    },
  };
}

const supabaseDir = join(import.meta.dirname, '..', '..', 'supabase');
const scratch = join(import.meta.dirname, '..', '..', 'test-results', 'scratch');

/** What migrate() reads from supabase/, and the PGlite that runs it: a template made of other inputs is another file. */
function templateKey(): string {
  const hash = createHash('sha256').update(clusterKey());
  const migrations = readdirSync(join(supabaseDir, 'migrations')).filter((f) => f.endsWith('.sql')).sort().map((f) => join('migrations', f));
  for (const file of [join('bootstrap', 'local.sql'), ...migrations, 'seed.sql']) hash.update(file).update(readFileSync(join(supabaseDir, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A PGlite database as migrate() leaves it. Migrating a new database took several seconds per test file,
 * most of the database tests' time; the first file of a run does it and keeps the result's data folder in
 * test-results/scratch, and every later one starts from a copy (about 1.5 s).
 */
async function migratedPglite(): Promise<Db> {
  let migrated: Db | undefined;
  const template = await keptDataDir(scratch, 'pglite-migrated', templateKey(), async () => {
    const lite = await openPglite();
    migrated = fromPglite(lite);
    await migrate(migrated);
    return lite.dumpDataDir('none');
  });
  return migrated ?? fromPglite(await openPglite(undefined, template));
}

/** A fresh database with bootstrap, every migration and the seed applied (`dir`: another supabase/ folder's). */
export async function freshDatabase(engine: Engine, dir?: string): Promise<Db> {
  if (engine === 'pglite' && !dir) return migratedPglite();
  const db = engine === 'pglite' ? fromPglite(await openPglite()) : await serverDb();
  await migrate(db, dir ? { dir } : {});
  return db;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** Runs `work` as an API role with JWT claims (`claims` adds to role and sub), the way the REST API does, then rolls everything back. */
export async function as<T>(db: Db, role: 'anon' | 'authenticated' | 'service_role', sub: string | null, work: () => Promise<T>, claims: Record<string, unknown> = {}): Promise<T> {
  if (!ROLES.has(role)) throw new Error(`unknown role ${role}`);
  await db.exec('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role, ...(sub ? { sub } : {}), ...claims })]);
    await db.exec(`set local role ${role}`);
    return await work();
  } finally {
    await db.exec('rollback');
  }
}

/** As `as`, but what the work does is kept (committed), as a request's is; rolled back when it fails. */
export async function committedAs<T>(db: Db, role: 'anon' | 'authenticated', sub: string | null, work: () => Promise<T>, claims: Record<string, unknown> = {}): Promise<T> {
  await db.exec('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role, ...(sub ? { sub } : {}), ...claims })]);
    await db.exec(`set local role ${role}`);
    const result = await work();
    await db.exec('commit');
    return result;
  } catch (error) {
    await db.exec('rollback');
    throw error;
  }
}

/**
 * Saves a submission as the API does (committed): as a visitor, or as a signed-in member whose token
 * names them; the id is the page's, and nothing is read back (return=minimal). Returns the id.
 */
export async function sendAs(db: Db, who: string | null, table: string, row: Record<string, unknown>): Promise<string> {
  const id = crypto.randomUUID();
  const columns = ['id', ...Object.keys(row)];
  await committedAs(db, who ? 'authenticated' : 'anon', who, () =>
    db.query(`insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, [id, ...Object.values(row)]),
  );
  return id;
}

/** Expects the statement to fail with this SQLSTATE (23514 check, 23502 not null, 42501 permission). */
export async function expectRefused(work: Promise<unknown>, code: string) {
  await expect(work).rejects.toMatchObject({ code });
}

/**
 * A signed-in staff member as GoTrue leaves one: the user (staff by app_metadata, which only the service
 * role sets) and a live session; returns the token's claims, naming that session as GoTrue's tokens do.
 */
export async function staffSession(db: Db, id: string, email: string) {
  await db.query(`insert into auth.users (id, email, raw_app_meta_data) values ($1, $2, '{"provider": "email", "staff": true}') on conflict (id) do nothing`, [id, email]);
  const { rows } = await db.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id', [id]);
  return { email, app_metadata: { provider: 'email', staff: true }, session_id: rows[0]!.id };
}

import { PGlite } from '@electric-sql/pglite';
import { expect } from 'vitest';
import { migrate } from '../../supabase/local/migrate';

export type Db = PGlite;

/** A fresh in-memory Postgres with bootstrap, every migration and the seed applied. */
export async function freshDatabase(dir?: string): Promise<Db> {
  const db = new PGlite();
  await migrate(db, dir ? { dir } : {});
  return db;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** Runs `work` as an API role with JWT claims, the way the REST API does, then rolls everything back. */
export async function as<T>(db: Db, role: 'anon' | 'authenticated' | 'service_role', sub: string | null, work: () => Promise<T>): Promise<T> {
  if (!ROLES.has(role)) throw new Error(`unknown role ${role}`);
  await db.exec('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role, ...(sub ? { sub } : {}) })]);
    await db.exec(`set local role ${role}`);
    return await work();
  } finally {
    await db.exec('rollback');
  }
}

/** Expects the statement to fail with this SQLSTATE (23514 check, 23502 not null, 42501 permission). */
export async function expectRefused(work: Promise<unknown>, code: string) {
  await expect(work).rejects.toMatchObject({ code });
}

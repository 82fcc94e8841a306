/**
 * The local database is set up as hosted Supabase's is (supabase/bootstrap/local.sql, decision 018), so a
 * migration or policy behaves the same in both places. Each case is a difference a comparison against a
 * database built from Supabase's own setup found; on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, ENGINES, expectRefused, freshDatabase, type Db } from './database';

describe.each(ENGINES)('the local database matches hosted Supabase, on %s', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDatabase(engine);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('grants new public tables, functions and sequences to the API roles by default, as hosted does', async () => {
    await db.exec('begin');
    try {
      await db.exec('create table public.forgot_to_revoke (id bigserial primary key, secret text)');
      await db.exec("create function public.revoked_from_public_only() returns int language sql as 'select 1'");
      await db.exec('revoke execute on function public.revoked_from_public_only() from public');
      const { rows } = await db.query<Record<string, boolean>>(`select
        has_table_privilege('anon', 'public.forgot_to_revoke', 'select') as anon_reads,
        has_table_privilege('authenticated', 'public.forgot_to_revoke', 'insert') as users_insert,
        has_sequence_privilege('anon', 'public.forgot_to_revoke_id_seq', 'usage') as anon_sequence,
        has_function_privilege('anon', 'public.revoked_from_public_only()', 'execute') as anon_still_calls`);
      // A table that forgets its revokes is public, and "from public" leaves anon its own grant: both as on hosted.
      expect(rows[0]).toEqual({ anon_reads: true, users_insert: true, anon_sequence: true, anon_still_calls: true });
    } finally {
      await db.exec('rollback');
    }
  });

  it('keeps every table of the project closed all the same: its migrations revoke what hosted grants', async () => {
    const { rows } = await db.query<{ relname: string }>(
      `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'v', 'p') and has_table_privilege('anon', oid, 'select') order by relname`,
    );
    // Testimonials are the site's published content; nothing else is readable with the public key.
    expect(rows.map((r) => r.relname)).toEqual(['testimonials']);
  });

  it('has the API roles inherit, with hosted statement timeouts for anon (3 s) and authenticated (8 s)', async () => {
    const { rows: roles } = await db.query<{ rolname: string; rolinherit: boolean }>(`select rolname, rolinherit from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by rolname`);
    expect(roles).toEqual([
      { rolname: 'anon', rolinherit: true },
      { rolname: 'authenticated', rolinherit: true },
      { rolname: 'service_role', rolinherit: true },
    ]);
    const { rows: settings } = await db.query<{ rolname: string; setconfig: string[] }>(
      `select rolname, setconfig from pg_db_role_setting join pg_roles on pg_roles.oid = setrole where rolname in ('anon', 'authenticated') and setdatabase = 0 order by rolname`,
    );
    expect(settings).toEqual([
      { rolname: 'anon', setconfig: ['statement_timeout=3s'] },
      { rolname: 'authenticated', setconfig: ['statement_timeout=8s'] },
    ]);
  });

  it('answers auth.jwt() with NULL when a request carries no claims, as hosted does (not an empty object)', async () => {
    const { rows } = await db.query<{ jwt: unknown; uid: unknown }>('select auth.jwt() as jwt, auth.uid() as uid');
    expect(rows[0]).toEqual({ jwt: null, uid: null });
    const user = '00000000-0000-4000-8000-000000000001';
    expect(await as(db, 'authenticated', user, async () => (await db.query<{ sub: string }>(`select auth.jwt() ->> 'sub' as sub`)).rows[0]!.sub)).toBe(user);
  });

  it("has hosted's auth.users: no defaults GoTrue writes itself, nullable metadata, is_sso_user, email unique only among non-SSO users", async () => {
    await db.exec('begin');
    try {
      await expectRefused(db.query(`insert into auth.users (email) values ('no-id@example.org')`), '23502');
      await db.exec('rollback');
      await db.exec('begin');
      const { rows } = await db.query<Record<string, unknown>>(
        `insert into auth.users (id, email) values (gen_random_uuid(), 'bare@example.org') returning aud, role, raw_user_meta_data, raw_app_meta_data, is_sso_user, created_at`,
      );
      expect(rows[0]).toEqual({ aud: null, role: null, raw_user_meta_data: null, raw_app_meta_data: null, is_sso_user: false, created_at: null });
      // GoTrue lower-cases emails itself; the index does not, and SSO users may share an address.
      await db.query(`insert into auth.users (id, email) values (gen_random_uuid(), 'BARE@example.org')`);
      await db.query(`insert into auth.users (id, email, is_sso_user) values (gen_random_uuid(), 'bare@example.org', true)`);
      await expectRefused(db.query(`insert into auth.users (id, email) values (gen_random_uuid(), 'bare@example.org')`), '23505');
    } finally {
      await db.exec('rollback');
    }
  });
});

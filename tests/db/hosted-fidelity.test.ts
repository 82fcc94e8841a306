/**
 * The local database is set up as hosted Supabase's is (supabase/bootstrap/local.sql, decision 018), so a
 * migration or policy behaves the same in both places. Each case is a difference a comparison against a
 * database built from Supabase's own setup found; on PGlite and PostgreSQL.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../supabase/local/migrate';
import { appliedMigrations } from '../../supabase/local/applied-migrations';
import { as, ENGINES, expectRefused, freshDatabase, type Db } from './database';

const root = join(import.meta.dirname, '..', '..');

/** The project's supabase/ (bootstrap, migrations, seed) in a scratch folder, plus one new migration. */
function withMigration(sql: string): string {
  mkdirSync(join(root, 'test-results', 'scratch'), { recursive: true });
  const dir = mkdtempSync(join(root, 'test-results', 'scratch', 'migration-'));
  for (const part of ['bootstrap', 'migrations', 'seed.sql']) cpSync(join(root, 'supabase', part), join(dir, part), { recursive: true });
  writeFileSync(join(dir, 'migrations', '29991231000000_new.sql'), sql);
  return dir;
}

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
      // As a migration does: as hosted's `postgres`.
      await db.exec('set local role hosted_postgres');
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

  it('runs migrations as a non-superuser postgres, owner of what they create, as hosted does', async () => {
    const dir = withMigration(`create table public.who_migrates as
      select current_user::text as name, (select rolsuper from pg_roles where rolname = current_user) as superuser;`);
    try {
      expect((await migrate(db, { dir, seed: false })).applied).toEqual(['29991231000000_new.sql']);
      const { rows } = await db.query(`select name, superuser, pg_get_userbyid(relowner) as owner from public.who_migrates, pg_class where oid = 'public.who_migrates'::regclass`);
      expect(rows).toEqual([{ name: 'hosted_postgres', superuser: false, owner: 'hosted_postgres' }]);
      // The project's own tables belong to the same role, so the next migration may alter them.
      const { rows: owners } = await db.query<{ owner: string }>(`select distinct pg_get_userbyid(relowner) as owner from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`);
      expect(owners).toEqual([{ owner: 'hosted_postgres' }]);
    } finally {
      await db.exec('drop table if exists public.who_migrates');
      await db.exec(`delete from supabase_migrations.schema_migrations where version = '29991231000000'`);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('brings along a data folder whose migrations ran as the superuser: the next migration may alter its tables', async () => {
    // Before decision 018 every project object belonged to the local superuser.
    await db.exec(`do $$ declare t regclass; begin
      for t in select oid::regclass from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' loop
        execute format('alter table %s owner to %I', t, session_user);
      end loop; end $$;`);
    const dir = withMigration('alter table public.contact_submissions add column follow_up text;');
    try {
      expect((await migrate(db, { dir, seed: false })).applied).toEqual(['29991231000000_new.sql']);
      const { rows } = await db.query(`select distinct pg_get_userbyid(relowner) as owner from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`);
      expect(rows).toEqual([{ owner: 'hosted_postgres' }]);
    } finally {
      await db.exec('alter table public.contact_submissions drop column if exists follow_up');
      await db.exec(`delete from supabase_migrations.schema_migrations where version = '29991231000000'`);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['alters auth.users', 'alter table auth.users add column nickname text;', /must be owner of (table|relation) users/],
    ['indexes auth.users', 'create index users_phone on auth.users (phone);', /must be owner of (table|relation) users/],
    ['adds a policy to auth.users', 'create policy "mine" on auth.users for select using (true);', /must be owner of (table|relation) users/],
    ['drops the sign-up trigger', 'drop trigger create_client_profile on auth.users;', /must be owner of (table|relation) users/],
    ['creates a function in schema auth', `create function auth.is_staff() returns boolean language sql as 'select true';`, /permission denied for schema auth/],
  ])('refuses a migration that %s, with the error hosted gives, and applies nothing of it', async (_, sql, error) => {
    const dir = withMigration(`create table public.half_done (id int);\n${sql}`);
    try {
      await expect(migrate(db, { dir, seed: false, record: true })).rejects.toThrow(error);
      // Not among the migrations a database has: `npm run generate` may still withdraw it.
      expect(appliedMigrations(dir).has('29991231000000_new.sql')).toBe(false);
      const { rows } = await db.query(`select to_regclass('public.half_done') as table, (select count(*)::int from supabase_migrations.schema_migrations where version = '29991231000000') as recorded`);
      expect(rows).toEqual([{ table: null, recorded: 0 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets migrations reference auth.users and add triggers to it, as the project does on hosted', async () => {
    const { rows } = await db.query<Record<string, boolean>>(`select
      has_table_privilege('hosted_postgres', 'auth.users', 'references') as references,
      has_table_privilege('hosted_postgres', 'auth.users', 'trigger') as trigger,
      exists (select from pg_trigger where tgname = 'create_client_profile' and tgrelid = 'auth.users'::regclass) as project_trigger`);
    expect(rows[0]).toEqual({ references: true, trigger: true, project_trigger: true });
  });

  it("has hosted's auth tables: owned by supabase_auth_admin, row level security on, closed to the API roles", async () => {
    const { rows } = await db.query<{ relname: string; owner: string; rls: boolean }>(
      `select relname, pg_get_userbyid(relowner) as owner, relrowsecurity as rls from pg_class where relnamespace = 'auth'::regnamespace and relkind = 'r' order by relname`,
    );
    expect(rows).toEqual(['identities', 'refresh_tokens', 'sessions', 'users'].map((relname) => ({ relname, owner: 'supabase_auth_admin', rls: true })));
    await as(db, 'anon', null, () => expectRefused(db.query('select * from auth.users'), '42501'));
    await as(db, 'authenticated', '00000000-0000-4000-8000-000000000001', () => expectRefused(db.query('select * from auth.sessions'), '42501'));
    await as(db, 'authenticated', '00000000-0000-4000-8000-000000000001', () => expectRefused(db.query('select * from auth.identities'), '42501'));
  });

  // As GoTrue's migrations (supabase/auth, migrations/) leave them on hosted, column by column in order.
  const HOSTED_USERS = [
    'instance_id uuid', 'id uuid', 'aud character varying', 'role character varying', 'email character varying',
    'encrypted_password character varying', 'email_confirmed_at timestamp with time zone', 'invited_at timestamp with time zone',
    'confirmation_token character varying', 'confirmation_sent_at timestamp with time zone', 'recovery_token character varying',
    'recovery_sent_at timestamp with time zone', 'email_change_token_new character varying', 'email_change character varying',
    'email_change_sent_at timestamp with time zone', 'last_sign_in_at timestamp with time zone', 'raw_app_meta_data jsonb',
    'raw_user_meta_data jsonb', 'is_super_admin boolean', 'created_at timestamp with time zone', 'updated_at timestamp with time zone',
    'phone text', 'phone_confirmed_at timestamp with time zone', 'phone_change text', 'phone_change_token character varying',
    'phone_change_sent_at timestamp with time zone', 'confirmed_at timestamp with time zone', 'email_change_token_current character varying',
    'email_change_confirm_status smallint', 'banned_until timestamp with time zone', 'reauthentication_token character varying',
    'reauthentication_sent_at timestamp with time zone', 'is_sso_user boolean', 'deleted_at timestamp with time zone', 'is_anonymous boolean',
  ];
  const HOSTED_IDENTITIES = [
    'provider_id text', 'user_id uuid', 'identity_data jsonb', 'provider text', 'last_sign_in_at timestamp with time zone',
    'created_at timestamp with time zone', 'updated_at timestamp with time zone', 'email text', 'id uuid',
  ];
  const columnsOf = async (table: string) =>
    (await db.query<{ column: string }>(`select column_name || ' ' || data_type as column from information_schema.columns where table_schema = 'auth' and table_name = $1 order by ordinal_position`, [table])).rows.map((r) => r.column);
  const indexesOf = async (table: string) =>
    (await db.query<{ indexname: string }>(`select indexname from pg_indexes where schemaname = 'auth' and tablename = $1 order by indexname`, [table])).rows.map((r) => r.indexname);

  it("has every column of hosted's auth.users and auth.identities, in hosted's order, and their indexes", async () => {
    expect(await columnsOf('users')).toEqual(HOSTED_USERS);
    expect(await columnsOf('identities')).toEqual(HOSTED_IDENTITIES);
    expect(await indexesOf('users')).toEqual([
      'confirmation_token_idx', 'email_change_token_current_idx', 'email_change_token_new_idx', 'reauthentication_token_idx', 'recovery_token_idx',
      'users_email_partial_key', 'users_instance_id_email_idx', 'users_instance_id_idx', 'users_is_anonymous_idx', 'users_phone_key', 'users_pkey',
    ]);
    expect(await indexesOf('identities')).toEqual(['identities_email_idx', 'identities_pkey', 'identities_provider_id_provider_unique', 'identities_user_id_idx']);
    // An insert without what GoTrue writes shows hosted's whole row, its defaults included.
    const row = (await db.query<Record<string, unknown>>(`insert into auth.users (id, email) values (gen_random_uuid(), 'row@example.org') returning *`)).rows[0]!;
    await db.query(`delete from auth.users where email = 'row@example.org'`);
    expect(Object.keys(row)).toEqual(HOSTED_USERS.map((c) => c.split(' ')[0]));
    expect(row).toMatchObject({ phone_change: '', phone_change_token: '', email_change_token_current: '', email_change_confirm_status: 0, reauthentication_token: '', is_sso_user: false, is_anonymous: false });
  });

  it('lets a migration pass on reading auth.users, as hosted postgres holds the grant option', async () => {
    const dir = withMigration('grant select (id, email) on auth.users to authenticated;');
    try {
      expect((await migrate(db, { dir, seed: false })).applied).toEqual(['29991231000000_new.sql']);
      const { rows } = await db.query<{ column_name: string }>(
        `select column_name from information_schema.column_privileges where table_schema = 'auth' and table_name = 'users' and grantee = 'authenticated' and privilege_type = 'SELECT' order by column_name`,
      );
      expect(rows.map((r) => r.column_name)).toEqual(['email', 'id']);
    } finally {
      await db.exec('revoke select (id, email) on auth.users from authenticated');
      await db.exec(`delete from supabase_migrations.schema_migrations where version = '29991231000000'`);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("has hosted's storage schema: buckets and objects owned by the storage role, row level security on, all granted to the API roles", async () => {
    const { rows } = await db.query<{ relname: string; owner: string; rls: boolean; anon: boolean; authenticated: boolean }>(
      `select relname, pg_get_userbyid(relowner) as owner, relrowsecurity as rls,
              has_table_privilege('anon', oid, 'select,insert,update,delete') as anon, has_table_privilege('authenticated', oid, 'select,insert,update,delete') as authenticated
         from pg_class where relnamespace = 'storage'::regnamespace and relkind = 'r' order by relname`,
    );
    expect(rows).toEqual([
      { relname: 'buckets', owner: 'supabase_storage_admin', rls: true, anon: true, authenticated: true },
      { relname: 'objects', owner: 'supabase_storage_admin', rls: true, anon: true, authenticated: true },
    ]);
    // The storage server's own columns, in its migrations' order (supabase/storage migrations/tenant).
    const { rows: columns } = await db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_schema = 'storage' and table_name = 'objects' order by ordinal_position`);
    expect(columns.map((c) => c.column_name)).toEqual(['id', 'bucket_id', 'name', 'owner', 'created_at', 'updated_at', 'last_accessed_at', 'metadata', 'path_tokens', 'version', 'owner_id', 'user_metadata']);
    // Only the project's policies: storage has none of its own.
    const { rows: policies } = await db.query<{ policyname: string; roles: string[]; cmd: string }>(`select policyname, roles::text[] as roles, cmd from pg_policies where schemaname = 'storage' order by policyname`);
    expect(policies).toEqual([
      { policyname: 'Members read the materials of the courses they enrolled in', roles: ['authenticated'], cmd: 'SELECT' },
      { policyname: "Members read the members' resources", roles: ['authenticated'], cmd: 'SELECT' },
    ]);
  });

  it("answers storage's path helpers as hosted's do", async () => {
    const { rows } = await db.query(`select storage.foldername('course-materials/a/b.csv') as folders, storage.filename('a/b.tar.gz') as file, storage.extension('a/b.tar.gz') as extension, storage.foldername('top.md') as none`);
    expect(rows[0]).toEqual({ folders: ['course-materials', 'a'], file: 'b.tar.gz', extension: 'gz', none: [] });
  });

  it('lets a migration write policies on storage.objects, as hosted postgres may, and keeps the local file store from every role', async () => {
    await db.exec('begin');
    try {
      await db.exec('set local role hosted_postgres');
      await db.exec(`create policy "a migration's policy" on storage.objects for select to authenticated using (bucket_id = 'x')`);
    } finally {
      await db.exec('rollback');
    }
    const { rows } = await db.query<Record<string, boolean>>(
      `select has_schema_privilege('anon', 'storage_local', 'usage') as anon, has_schema_privilege('authenticated', 'storage_local', 'usage') as members,
              has_schema_privilege('service_role', 'storage_local', 'usage') as service, has_schema_privilege('hosted_postgres', 'storage_local', 'usage') as migrations`,
    );
    expect(rows[0]).toEqual({ anon: false, members: false, service: false, migrations: false });
  });
});

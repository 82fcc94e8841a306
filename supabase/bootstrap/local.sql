-- What a hosted Supabase project already has before any migration runs: the API roles, the auth
-- schema with the tables this project's migrations and local stand-in use, and the auth helpers.
-- Applied to local databases only (PGlite, a local PostgreSQL); never pushed to hosted Supabase.
-- Column names follow Supabase's auth.users so the same migrations run in both places.
--
-- Roles (decision 018): locally the login is a superuser and plays hosted's `supabase_admin`. Hosted
-- runs migrations as `postgres`, which is not a superuser; a bootstrap superuser cannot be demoted, so
-- migrations and the seed run here as `hosted_postgres`, a role with hosted `postgres`'s attributes,
-- memberships and grants. `supabase_auth_admin` owns the auth tables and is who the auth server is.
-- Each change is made only when missing, so databases of one server bootstrapping at once do not race.

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit createrole;
  end if;
  if not exists (select from pg_roles where rolname = 'hosted_postgres') then
    create role hosted_postgres nologin nosuperuser inherit createdb createrole replication bypassrls;
  end if;
  -- As hosted (supabase/postgres init scripts): the API roles inherit, and the API cuts long statements
  -- (the local REST applies these per request, as PostgREST does for the role it switches to).
  if exists (select from pg_roles where rolname in ('anon', 'authenticated', 'service_role') and not rolinherit) then
    alter role anon inherit;
    alter role authenticated inherit;
    alter role service_role inherit;
  end if;
  if not exists (select from pg_db_role_setting where setrole = 'anon'::regrole and setdatabase = 0) then
    alter role anon set statement_timeout = '3s';
    alter role authenticated set statement_timeout = '8s';
  end if;
  if not exists (select from pg_db_role_setting where setrole = 'supabase_auth_admin'::regrole and setdatabase = 0) then
    alter role supabase_auth_admin set search_path = auth;
  end if;
  -- Hosted `postgres` is a member of the API roles (grant_auth_roles_to_postgres), not of supabase_auth_admin.
  if not pg_has_role('hosted_postgres', 'service_role', 'member') then
    grant anon, authenticated, service_role to hosted_postgres;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;
grant all on schema public to hosted_postgres;
-- Hosted keeps extensions in a schema of their own, which migrations name (create extension … with schema extensions);
-- hosted `postgres` may create the trusted ones (pg_trgm, pgcrypto …), which needs CREATE on the database.
do $$
begin
  execute format('grant create on database %I to hosted_postgres', current_database());
end
$$;
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on schema extensions to hosted_postgres;
-- Hosted Supabase grants everything on new public tables, functions and sequences to the API roles;
-- row level security and explicit revokes are what keep data private there, so they must here too.
-- For objects the migrations create (as hosted_postgres) and for any a local superuser creates.
alter default privileges for role hosted_postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role hosted_postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role hosted_postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to hosted_postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to hosted_postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to hosted_postgres, anon, authenticated, service_role;

-- Data folders whose migrations ran as the superuser: their objects pass to the migrations' role, as
-- they belong to `postgres` on hosted, so the next migration may alter them.
do $$
declare
  item record;
begin
  for item in
    select format('alter table %s owner to hosted_postgres', c.oid::regclass) as sql
      from pg_class c join pg_roles o on o.oid = c.relowner
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f') and o.rolsuper
    union all
    select format('alter sequence %s owner to hosted_postgres', c.oid::regclass)
      from pg_class c join pg_roles o on o.oid = c.relowner
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' and o.rolsuper
       and not exists (select from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
    union all
    select format('alter routine %s owner to hosted_postgres', p.oid::regprocedure)
      from pg_proc p join pg_roles o on o.oid = p.proowner
     where p.pronamespace = 'public'::regnamespace and o.rolsuper
    union all
    select format('alter type %s owner to hosted_postgres', t.oid::regtype)
      from pg_type t join pg_roles o on o.oid = t.typowner
     where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'r', 'm') and o.rolsuper
  loop
    execute item.sql;
  end loop;
end
$$;

-- Owned by the superuser as on hosted (supabase_admin): migrations may use auth, not create in it.
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role, hosted_postgres;
grant all on schema auth to supabase_auth_admin;

-- Hosted's auth.users as GoTrue's migrations leave it (supabase/auth migrations/): every column, in
-- hosted's order, with its defaults; none for id, aud and role (GoTrue always writes them), nullable
-- metadata, and email unique among non-SSO users.
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null unique,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz default null,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz default null,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz default null,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  constraint users_pkey primary key (id)
);
-- Data folders made before these matched hosted are brought along (their new columns come last).
alter table auth.users
  add column if not exists invited_at timestamptz,
  add column if not exists email_change_token_new varchar(255),
  add column if not exists email_change varchar(255),
  add column if not exists email_change_sent_at timestamptz,
  add column if not exists is_super_admin boolean,
  add column if not exists phone_confirmed_at timestamptz default null,
  add column if not exists phone_change text default '',
  add column if not exists phone_change_token varchar(255) default '',
  add column if not exists phone_change_sent_at timestamptz default null,
  add column if not exists confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  add column if not exists email_change_token_current varchar(255) default '',
  add column if not exists email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  add column if not exists banned_until timestamptz,
  add column if not exists reauthentication_token varchar(255) default '',
  add column if not exists reauthentication_sent_at timestamptz default null,
  add column if not exists is_sso_user boolean not null default false,
  add column if not exists deleted_at timestamptz,
  add column if not exists is_anonymous boolean not null default false;
alter table auth.users alter column id drop default, alter column aud drop default, alter column role drop default,
  alter column raw_app_meta_data drop not null, alter column raw_app_meta_data drop default,
  alter column raw_user_meta_data drop not null, alter column raw_user_meta_data drop default,
  alter column created_at drop not null, alter column created_at drop default,
  alter column updated_at drop not null, alter column updated_at drop default;
drop index if exists auth.users_email_key;
do $$
begin
  if not exists (select from pg_constraint where conname = 'users_phone_key' and conrelid = 'auth.users'::regclass) then
    alter table auth.users add constraint users_phone_key unique (phone);
  end if;
end
$$;
-- GoTrue's indexes on users (its migrations 00_init_auth_schema, 20220429102000, 20221215195500, 20240214120130).
create index if not exists users_instance_id_email_idx on auth.users using btree (instance_id, email);
create index if not exists users_instance_id_idx on auth.users using btree (instance_id);
create unique index if not exists confirmation_token_idx on auth.users using btree (confirmation_token) where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users using btree (recovery_token) where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users using btree (email_change_token_current) where email_change_token_current !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users using btree (email_change_token_new) where email_change_token_new !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users using btree (reauthentication_token) where reauthentication_token !~ '^[0-9 ]*$';
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_is_anonymous_idx on auth.users using btree (is_anonymous);

-- One row per way a user signs in (here: email), as GoTrue's migrations leave the table.
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider),
  constraint identities_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
create index if not exists identities_user_id_idx on auth.identities using btree (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  not_after timestamptz
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The claims of the request's verified JWT, as the API sets them for each request.
-- NULL without claims, as hosted's: a policy comparing a claim then reads NULL, never '{}' ->> … by accident.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''), nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    auth.jwt() ->> 'sub'
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''), auth.jwt() ->> 'role')
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''), auth.jwt() ->> 'email')
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- Hosted's auth tables belong to the auth server's role and have row level security on (GoTrue's
-- enable_rls_update_grants); `postgres` may read and write them, reference them and add triggers, but
-- not alter, index or drop anything on them: "must be owner of table users".
do $$
declare
  name text;
begin
  foreach name in array array['users', 'identities', 'sessions', 'refresh_tokens'] loop
    execute format('alter table auth.%I owner to supabase_auth_admin', name);
    execute format('alter table auth.%I enable row level security', name);
    execute format('grant all on auth.%I to hosted_postgres', name);
    -- As GoTrue's enable_rls_update_grants: postgres may pass on reading them (grant select … to authenticated).
    execute format('grant select on auth.%I to hosted_postgres with grant option', name);
  end loop;
  alter function auth.jwt() owner to supabase_auth_admin;
  alter function auth.uid() owner to supabase_auth_admin;
  alter function auth.role() owner to supabase_auth_admin;
  alter function auth.email() owner to supabase_auth_admin;
end
$$;
grant all on all sequences in schema auth to hosted_postgres;

-- Hosted's storage schema as supabase/postgres's init script (00000000000002-storage-schema.sql) and the
-- storage server's migrations (supabase/storage migrations/tenant) leave it: buckets and objects with
-- row level security on and no policy (a project writes its own), all granted to the API roles (0046),
-- owned by the storage server's role. Only the columns; the storage server's search and multipart
-- tables are not used here.
do $$
begin
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin nologin noinherit createrole;
  end if;
  -- Hosted `postgres` may write policies on storage.objects (supautils policy_grants; supabase/postgres
  -- 20220609081115 makes it a member of the storage role): a migration's `create policy … on storage.objects`.
  if not pg_has_role('hosted_postgres', 'supabase_storage_admin', 'member') then
    grant supabase_storage_admin to hosted_postgres;
  end if;
end
$$;
create schema if not exists storage;
grant usage on schema storage to hosted_postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text
);
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text default null,
  owner_id text default null,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;
create or replace function storage.filename(name text) returns text language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;
create or replace function storage.extension(name text) returns text language plpgsql immutable as $$
declare _parts text[]; _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

do $$
begin
  alter table storage.buckets owner to supabase_storage_admin;
  alter table storage.objects owner to supabase_storage_admin;
  alter table storage.buckets enable row level security;
  alter table storage.objects enable row level security;
  alter function storage.foldername(text) owner to supabase_storage_admin;
  alter function storage.filename(text) owner to supabase_storage_admin;
  alter function storage.extension(text) owner to supabase_storage_admin;
end
$$;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to hosted_postgres with grant option;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role, hosted_postgres;

-- Where the local storage server keeps a file's bytes (hosted keeps them in S3, under the object's
-- version): the superuser's alone, never granted to a role the API or a migration plays.
create schema if not exists storage_local;
revoke all on schema storage_local from public;
create table if not exists storage_local.files (
  version text primary key,
  bytes bytea not null
);

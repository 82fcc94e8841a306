-- What a hosted Supabase project already has before any migration runs: the API roles, the auth
-- schema with the tables this project's migrations and local stand-in use, and the auth helpers.
-- Applied to local databases only (PGlite, a local PostgreSQL); never pushed to hosted Supabase.
-- Column names follow Supabase's auth.users so the same migrations run in both places.

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
end
$$;
-- As hosted (supabase/postgres init scripts): the API roles inherit, and the API cuts long statements
-- (the local REST applies these per request, as PostgREST does for the role it switches to).
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

grant usage on schema public to anon, authenticated, service_role;
-- Hosted Supabase grants everything on new public tables, functions and sequences to the API roles;
-- row level security and explicit revokes are what keep data private there, so they must here too.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- Hosted's auth.users (GoTrue's migrations) for the columns this project touches: no defaults for id,
-- aud and role (GoTrue always writes them), nullable metadata, and email unique among non-SSO users.
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  created_at timestamptz,
  updated_at timestamptz,
  phone text,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
-- Data folders made before these matched hosted are brought along.
alter table auth.users add column if not exists is_sso_user boolean not null default false;
alter table auth.users alter column id drop default, alter column aud drop default, alter column role drop default,
  alter column raw_app_meta_data drop not null, alter column raw_app_meta_data drop default,
  alter column raw_user_meta_data drop not null, alter column raw_user_meta_data drop default,
  alter column created_at drop not null, alter column created_at drop default,
  alter column updated_at drop not null, alter column updated_at drop default;
drop index if exists auth.users_email_key;
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);

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

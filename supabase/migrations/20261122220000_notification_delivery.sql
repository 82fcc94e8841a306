-- Every saved submission reaches staff exactly once, even when mail was down when it was saved
-- (docs/decisions/014). Each submission gets a row here, in the same transaction as the submission:
-- its notification state. send-form-notification claims a row before it emails and marks it sent
-- after, so concurrent or repeated calls send one email; a scheduled sweep sends what is still due.
-- Visitors can neither read nor write any of it. The per-table triggers that fill it, the insert
-- policies and the caps are generated (scripts/generate/db-diff.ts) from schemas/forms.json.

create table public.form_notifications (
  submission_id uuid primary key,
  form_table text not null,
  -- The sender's network address as the API saw it (first hop of X-Forwarded-For), for the per-client cap.
  client_address text,
  state text not null default 'pending' constraint form_notifications_state_allowed check (state in ('pending', 'sending', 'sent')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  -- A claim lasts this long: a sender that died mid-send leaves the row to be tried again after it.
  claimed_until timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.form_notifications is 'Whether staff were emailed about each form submission: pending, sending (claimed), sent; with attempts and the last error.';
alter table public.form_notifications enable row level security;
revoke all on table public.form_notifications from public, anon, authenticated;
grant all on table public.form_notifications to service_role;
create index form_notifications_due on public.form_notifications (next_attempt_at) where state <> 'sent';
create index form_notifications_recent_by_client on public.form_notifications (form_table, client_address, created_at);

-- The caller's address as hosted Supabase passes it to the database (PostgREST's request.headers).
-- Outside a request the setting is missing, or '' once a transaction that set it has ended.
create or replace function public.request_client_address() returns text
language sql
stable
set search_path = ''
return nullif(btrim(split_part(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for', ',', 1)), '');
revoke execute on function public.request_client_address() from public, anon, authenticated;

-- AFTER INSERT on each notifying form table: the submission is due for its email at once.
create or replace function public.queue_form_notification() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.form_notifications (submission_id, form_table, client_address)
  values (new.id, tg_table_name, public.request_client_address());
  return new;
end;
$$;
revoke execute on function public.queue_form_notification() from public, anon, authenticated;

-- BEFORE INSERT: at most tg_argv[0] submissions of one form an hour from one network address
-- (forms.json "limits"."perClientPerHour"). Offices share an address, so this sits well above the
-- per-email cap, and stops floods that rotate email addresses.
create or replace function public.limit_submissions_per_client() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := public.request_client_address();
begin
  if address is null then
    return new;
  end if;
  if (select count(*) from public.form_notifications n
       where n.form_table = tg_table_name and n.client_address = address and n.created_at > now() - interval '1 hour') >= tg_argv[0]::integer then
    raise exception 'Too many submissions from your network in the last hour. Please try again later or email us directly.'
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;
revoke execute on function public.limit_submissions_per_client() from public, anon, authenticated;

-- AFTER INSERT, per statement: the public API may add one submission per request, never a bulk array.
create or replace function public.one_submission_per_request() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and (select count(*) from added) > 1 then
    raise exception 'Send one submission per request.' using errcode = '22023';
  end if;
  return null;
end;
$$;

-- The per-email cap: tg_argv[0] names the email column, tg_argv[1] the submissions allowed an hour
-- (forms.json "limits"."perAddressPerHour"; 5 when absent, as before). A retry of a submission that
-- was saved (same id, the browser's idempotency key) is not a new one: the cap lets it through to the
-- primary key, which answers "already saved".
create or replace function public.limit_submissions_per_email() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- The trigger's argument names the table's email column.
  address text := lower(btrim(to_jsonb(new) ->> tg_argv[0]));
  recent integer;
  saved boolean;
begin
  execute format('select exists (select 1 from %I.%I where id = $1)', tg_table_schema, tg_table_name) into saved using new.id;
  if saved then
    return new;
  end if;
  execute format(
    'select count(*) from %I.%I where lower(%I) = $1 and created_at > now() - interval ''1 hour''',
    tg_table_schema, tg_table_name, tg_argv[0]
  ) into recent using address;
  if recent >= coalesce(tg_argv[1], '5')::integer then
    raise exception 'Too many submissions from % in the last hour. Please try again later or email us directly.', address
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;
revoke execute on function public.limit_submissions_per_email() from public, anon, authenticated;

-- Who may send a form, and its caps, are declared in schemas/forms.json from now on: the next (generated)
-- migration writes the insert policies and the limit triggers these hand-written ones stood for.
drop policy "Visitors can send an inquiry" on public.contact_submissions;
drop policy "Visitors can submit an assessment" on public.assessment_responses;
drop trigger limit_contact_submissions on public.contact_submissions;
drop trigger limit_assessment_responses on public.assessment_responses;

-- Claims what is due for sending: one submission (p_id, from the site's call) or, for the sweep, up to
-- p_limit. A row is due while not sent, not claimed by a live sender, and past its backoff. Returns the
-- saved answers, read here with the table name from the row (never from the caller).
create or replace function public.claim_form_notifications(p_table text default null, p_id uuid default null, p_limit integer default 20)
returns table (submission_id uuid, form_table text, answers jsonb, attempts integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed record;
  row_json jsonb;
begin
  for claimed in
    update public.form_notifications n
       set state = 'sending', attempts = n.attempts + 1, claimed_until = now() + interval '2 minutes'
     where n.submission_id in (
       select d.submission_id from public.form_notifications d
        where d.state <> 'sent'
          and (d.state = 'pending' or d.claimed_until < now())
          and (p_id is not null or d.next_attempt_at <= now())
          and (p_id is null or (d.submission_id = p_id and d.form_table = p_table))
        order by d.next_attempt_at
        limit greatest(1, least(p_limit, 100))
        for update skip locked)
    returning n.submission_id, n.form_table, n.attempts
  loop
    execute format('select to_jsonb(t) from public.%I t where t.id = $1', claimed.form_table) into row_json using claimed.submission_id;
    submission_id := claimed.submission_id;
    form_table := claimed.form_table;
    answers := row_json;
    attempts := claimed.attempts;
    return next;
  end loop;
end;
$$;
revoke execute on function public.claim_form_notifications(text, uuid, integer) from public, anon, authenticated;
grant execute on function public.claim_form_notifications(text, uuid, integer) to service_role;

-- After a send: sent, or back to pending with the error and a backoff of 5 s, 10 s, 20 s, 40 s, then
-- a minute, so a lead saved while mail was down goes out within about 90 s of mail coming back.
create or replace function public.finish_form_notification(p_id uuid, p_error text default null) returns void
language sql
security definer
set search_path = ''
as $$
  update public.form_notifications n
     set state = case when p_error is null then 'sent' else 'pending' end,
         sent_at = case when p_error is null then now() end,
         last_error = left(p_error, 1000),
         claimed_until = null,
         next_attempt_at = case when p_error is null then n.next_attempt_at
                                else now() + least(interval '5 seconds' * power(2, greatest(n.attempts - 1, 0)), interval '1 minute') end
   where n.submission_id = p_id and n.state = 'sending';
$$;
revoke execute on function public.finish_form_notification(uuid, text) from public, anon, authenticated;
grant execute on function public.finish_form_notification(uuid, text) to service_role;

-- Hosted Supabase: pg_cron runs the sweep every 30 seconds through pg_net, calling the function with the
-- service role key kept in Vault (README, "Deploy to Supabase"), and only when something is due. Where
-- these extensions do not exist (the local stand-in, plain PostgreSQL) this step is skipped, and the
-- local stack runs the same sweep on the same schedule itself (supabase/local/sweep.ts).
do $migration$
begin
  if (select count(*) from pg_available_extensions where name in ('pg_cron', 'pg_net')) < 2
     or not exists (select 1 from pg_namespace where nspname = 'vault') then
    raise notice 'pg_cron, pg_net or Vault is not available: notification sweep not scheduled in the database.';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net with schema extensions;
  perform cron.schedule(
    'send-pending-form-notifications',
    '30 seconds',
    $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-form-notification',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
      body := '{"sweep": true}'::jsonb,
      timeout_milliseconds := 20000)
    where exists (select 1 from vault.decrypted_secrets where name = 'service_role_key')
      and exists (select 1 from public.form_notifications where state <> 'sent' and next_attempt_at <= now());
    $job$
  );
end
$migration$;

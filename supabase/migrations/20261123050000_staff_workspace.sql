-- The staff workspace (docs/decisions/019). Staff are users whose app_metadata says "staff": true,
-- which only the service role can set (npm run staff:add), and which reaches the database in the JWT.
-- Staff read every submission and work it in public.staff_inbox: one row per submission, with its
-- status and an internal note, and every change kept in public.staff_inbox_events. The answers stay
-- as the visitor sent them: staff may read them, never change them. Each form table's listing
-- trigger and read policy are generated from schemas/forms.json (scripts/generate/db-diff.ts).

-- Whether the request comes from staff. In a policy, write it as (select public.is_staff()) so it is
-- evaluated once per statement, not per row.
create or replace function public.is_staff() returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'staff') = 'true', false)
$$;

create table public.staff_inbox (
  -- Insertion order, newest last: the key the inbox pages by (keyset pagination), unique and indexed.
  seq bigint generated always as identity,
  submission_id uuid primary key,
  -- The form's name in schemas/forms.json and the table its answers are in.
  form text not null,
  form_table text not null,
  name text,
  email text,
  organization text,
  -- What staff search: name, email and organization, lower-cased, in one column.
  search text generated always as (lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(organization, ''))) stored,
  created_at timestamptz not null,
  status text not null default 'new'
    constraint staff_inbox_status_allowed check (status in ('new', 'in_progress', 'replied', 'closed')),
  note text constraint staff_inbox_note_length check (char_length(note) <= 5000),
  updated_at timestamptz,
  updated_by text
);
comment on table public.staff_inbox is 'Every form submission as staff work it: who sent it, when, its status (new, in_progress, replied, closed) and an internal note.';
create unique index staff_inbox_newest on public.staff_inbox (seq desc);
create index staff_inbox_form_newest on public.staff_inbox (form, seq desc);
create index staff_inbox_status_newest on public.staff_inbox (status, seq desc);
create index staff_inbox_received on public.staff_inbox (created_at);

alter table public.staff_inbox enable row level security;
revoke all on table public.staff_inbox from public, anon, authenticated;
grant select, update (status, note) on table public.staff_inbox to authenticated;
grant all on table public.staff_inbox to service_role;
create policy staff_read on public.staff_inbox
  for select to authenticated
  using ((select public.is_staff()));
create policy staff_work on public.staff_inbox
  for update to authenticated
  using ((select public.is_staff()))
  with check ((select public.is_staff()));

create table public.staff_inbox_events (
  id bigint generated always as identity primary key,
  submission_id uuid not null references public.staff_inbox (submission_id) on delete cascade,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  field text not null,
  old_value text,
  new_value text
);
comment on table public.staff_inbox_events is 'Who changed a submission''s status or note, when, from what to what. Written by a trigger only.';
create index staff_inbox_events_by_submission on public.staff_inbox_events (submission_id, id);
alter table public.staff_inbox_events enable row level security;
revoke all on table public.staff_inbox_events from public, anon, authenticated;
grant select on table public.staff_inbox_events to authenticated;
grant all on table public.staff_inbox_events to service_role;
create policy staff_read on public.staff_inbox_events
  for select to authenticated
  using ((select public.is_staff()));

-- Who changed it and when, on every update.
create or replace function public.stamp_staff_inbox_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.updated_by := coalesce(auth.jwt() ->> 'email', auth.role(), current_user);
  return new;
end;
$$;
revoke execute on function public.stamp_staff_inbox_change() from public, anon;

create trigger stamp_change
  before update on public.staff_inbox
  for each row execute function public.stamp_staff_inbox_change();

-- The history: one event per field that changed. Definer, because staff may not write events themselves.
create or replace function public.record_staff_inbox_events() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.staff_inbox_events (submission_id, actor_id, actor_email, field, old_value, new_value)
  select new.submission_id, auth.uid(), new.updated_by, change.field, change.old_value, change.new_value
    from (values ('status', old.status, new.status), ('note', old.note, new.note)) as change (field, old_value, new_value)
   where change.old_value is distinct from change.new_value;
  return null;
end;
$$;
revoke execute on function public.record_staff_inbox_events() from public, anon, authenticated;

create trigger record_events
  after update on public.staff_inbox
  for each row execute function public.record_staff_inbox_events();

-- AFTER INSERT on each form table staff work (generated per table): lists the submission in the inbox.
-- Arguments: the form's name, then the columns holding the sender's name, email and organization ('' when the form has none).
create or replace function public.list_in_staff_inbox() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  answers jsonb := to_jsonb(new);
begin
  insert into public.staff_inbox (submission_id, form, form_table, name, email, organization, created_at)
  values (new.id, tg_argv[0], tg_table_name, answers ->> nullif(tg_argv[1], ''), lower(answers ->> tg_argv[2]), answers ->> nullif(tg_argv[3], ''), new.created_at);
  return new;
end;
$$;
revoke execute on function public.list_in_staff_inbox() from public, anon, authenticated;

-- Whether each submission's email went out, for the inbox; staff read the state, not the sender's address.
grant select (submission_id, form_table, state, attempts, last_error, sent_at, created_at) on table public.form_notifications to authenticated;
create policy staff_read on public.form_notifications
  for select to authenticated
  using ((select public.is_staff()));

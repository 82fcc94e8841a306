-- Double opt-in (issue 42, item 4; docs/decisions/052): a form that declares "optIn" in schemas/forms.json
-- (the newsletter) emails the sender a link to confirm the address instead of a copy of their answers,
-- through the same outbox, and every such email carries a link to unsubscribe. An address is on the list
-- only once its owner pressed Confirm; anyone may type anyone's address, so an unconfirmed one gets that
-- one email (per-address cap: 3 an hour) and nothing more.

-- One row per opt-in submission: its secret token (the links carry it; nobody but the service role and
-- staff reads it) and whether the address was confirmed or unsubscribed since.
create table public.opt_ins (
  submission_id uuid primary key,
  form_table text not null,
  token uuid not null unique default gen_random_uuid(),
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);
comment on table public.opt_ins is 'Double opt-in: each submission of an "optIn" form, its link token, and when its address was confirmed or unsubscribed.';
alter table public.opt_ins enable row level security;
revoke all on table public.opt_ins from anon, authenticated;
grant all on table public.opt_ins to service_role;
-- Staff read the list's state, and the tokens: their export carries each subscriber's unsubscribe link
-- for the tool they send the newsletter with.
grant select on table public.opt_ins to authenticated;
create policy staff_read on public.opt_ins
  for select to authenticated
  using ((select public.is_staff()));

-- As before (20261127130000_a_copy_for_the_sender.sql), and with a second argument 'opt-in' the row gets
-- its token: the sender's email is then the request to confirm.
create or replace function public.queue_form_notification() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.form_notifications (submission_id, form_table, client_address)
  values (new.id, tg_table_name, public.request_client_address());
  if tg_nargs > 0 and nullif(to_jsonb(new) ->> tg_argv[0], '') is not null then
    insert into public.form_notifications (submission_id, form_table, recipient)
    values (new.id, tg_table_name, 'sender');
  end if;
  if tg_nargs > 1 and tg_argv[1] = 'opt-in' then
    insert into public.opt_ins (submission_id, form_table) values (new.id, tg_table_name);
  end if;
  return new;
end;
$$;
revoke execute on function public.queue_form_notification() from public, anon, authenticated;

-- The opt-in of a token whose submission still exists (staff may have deleted it as spam), locked.
create or replace function public.opt_in_of(p_token uuid) returns public.opt_ins
language plpgsql
security definer
set search_path = ''
as $$
declare
  found public.opt_ins;
  exists_still boolean := false;
begin
  select * into found from public.opt_ins o where o.token = p_token for update;
  if found.submission_id is null or to_regclass(format('public.%I', found.form_table)) is null then
    return null;
  end if;
  execute format('select exists (select 1 from public.%I where id = $1)', found.form_table) into exists_still using found.submission_id;
  return case when exists_still then found end;
end;
$$;
revoke execute on function public.opt_in_of(uuid) from public, anon, authenticated;

-- The confirm link's button: the address is on the list from now (again, after an unsubscribe: pressing
-- Confirm is asking for it). Answers 'confirmed', or 'unknown' for a token that names nothing.
create or replace function public.confirm_opt_in(p_token uuid) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  found public.opt_ins := public.opt_in_of(p_token);
begin
  if found.submission_id is null then
    return 'unknown';
  end if;
  update public.opt_ins
     set confirmed_at = case when unsubscribed_at is null then coalesce(confirmed_at, now()) else now() end,
         unsubscribed_at = null
   where submission_id = found.submission_id;
  return 'confirmed';
end;
$$;
comment on function public.confirm_opt_in(uuid) is 'The confirm link: puts the address of this token on the list. Answers confirmed or unknown.';
revoke execute on function public.confirm_opt_in(uuid) from public;
grant execute on function public.confirm_opt_in(uuid) to anon, authenticated, service_role;

-- Every email's unsubscribe link: the address is off the list. Answers 'unsubscribed' or 'unknown'.
create or replace function public.unsubscribe_opt_in(p_token uuid) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  found public.opt_ins := public.opt_in_of(p_token);
begin
  if found.submission_id is null then
    return 'unknown';
  end if;
  update public.opt_ins set unsubscribed_at = coalesce(unsubscribed_at, now()) where submission_id = found.submission_id;
  return 'unsubscribed';
end;
$$;
comment on function public.unsubscribe_opt_in(uuid) is 'The unsubscribe link: takes the address of this token off the list. Answers unsubscribed or unknown.';
revoke execute on function public.unsubscribe_opt_in(uuid) from public;
grant execute on function public.unsubscribe_opt_in(uuid) to anon, authenticated, service_role;

-- What is new to me (issue 41, item 2; docs/decisions/044): each staff member's unread submissions, kept
-- per staff member in the database. A submission is unread to a staff member when it arrived after the
-- moment they last caught up (their account's creation until they first mark everything read) and they
-- have not opened it, or when they marked it unread again. Only staff reach these, through the functions
-- below; the tables have no grant to any API role but the service role.

create table public.staff_inbox_reads (
  staff_id uuid not null references auth.users (id) on delete cascade,
  submission_id uuid not null references public.staff_inbox (submission_id) on delete cascade,
  -- false: marked unread again (for one that arrived before the staff member caught up).
  read boolean not null,
  at timestamptz not null default now(),
  primary key (staff_id, submission_id)
);
comment on table public.staff_inbox_reads is 'Which submissions each staff member opened (read) or marked unread again. Written by staff_mark_read only.';
alter table public.staff_inbox_reads enable row level security;
revoke all on table public.staff_inbox_reads from public, anon, authenticated;
grant all on table public.staff_inbox_reads to service_role;

create table public.staff_inbox_caught_up (
  staff_id uuid primary key references auth.users (id) on delete cascade,
  at timestamptz not null
);
comment on table public.staff_inbox_caught_up is 'When each staff member last marked everything read: what arrived before is read to them unless marked unread.';
alter table public.staff_inbox_caught_up enable row level security;
revoke all on table public.staff_inbox_caught_up from public, anon, authenticated;
grant all on table public.staff_inbox_caught_up to service_role;

-- The caller's caught-up moment: when they last marked everything read, else when their account was made.
create or replace function public.staff_caught_up_at() returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(c.at, u.created_at, '-infinity')
    from auth.users u left join public.staff_inbox_caught_up c on c.staff_id = u.id
   where u.id = auth.uid()
$$;
revoke execute on function public.staff_caught_up_at() from public, anon, authenticated;

-- Whether a submission is unread to the staff member $11 caught up at $12, as an inbox query's condition on `i`.
create or replace function public.staff_unread_condition() returns text
language sql
immutable
set search_path = ''
as $$
  select 'i.withdrawn_at is null and coalesce((select not r.read from public.staff_inbox_reads r where r.staff_id = $11 and r.submission_id = i.submission_id), i.created_at > $12)'
$$;
revoke execute on function public.staff_unread_condition() from public, anon, authenticated;

-- The same as a filter, led by what can be unread at all (arrived since catching up, on its index, or
-- marked unread again), so "Unread only" with little unread reads those few rows, not the whole inbox.
create or replace function public.staff_unread_filter() returns text
language sql
immutable
set search_path = ''
as $$
  select '(i.created_at > $12 or i.submission_id in (select r.submission_id from public.staff_inbox_reads r where r.staff_id = $11 and not r.read)) and '
    || public.staff_unread_condition()
$$;
revoke execute on function public.staff_unread_filter() from public, anon, authenticated;

drop function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text);

create function public.staff_inbox_page(
  p_form text default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_search text default null,
  p_before bigint default null,
  p_after bigint default null,
  p_limit integer default 51,
  p_field text default null,
  p_answer text default null,
  p_unread boolean default null
)
returns table (
  seq bigint, submission_id uuid, form text, form_table text, name text, email text, organization text,
  created_at timestamptz, status text, note text, unread boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    return;
  end if;
  return query execute format(
    'select i.seq, i.submission_id, i.form, i.form_table, i.name, i.email, i.organization, i.created_at, i.status, i.note, (%s) as unread
     from public.staff_inbox i where %s and %s and %s order by i.seq %s limit $8',
    public.staff_unread_condition(),
    public.staff_inbox_conditions(p_form, p_status, p_from, p_to, p_search, p_before, p_after),
    public.staff_inbox_answer_condition(p_form, p_field),
    case when p_unread then public.staff_unread_filter() else 'true' end,
    case when p_after is not null then 'asc' else 'desc' end
  ) using p_form, p_status, p_from, p_to, p_search, p_before, p_after, least(greatest(coalesce(p_limit, 51), 1), 1000), p_answer,
    null::text, auth.uid(), public.staff_caught_up_at();
end;
$$;
revoke execute on function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text, boolean) from public, anon;
grant execute on function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text, boolean) to authenticated, service_role;

-- The count in the workspace's nav and tab title, with the newest submission's seq (the page polls this
-- to refresh its list when something arrives). Counted in two parts so each uses its index: what arrived
-- since catching up (staff_inbox_received), and what was marked unread again (the caller's few rows).
create or replace function public.staff_inbox_news() returns table (unread bigint, newest bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  caught_up timestamptz := public.staff_caught_up_at();
begin
  if not public.is_staff() then
    raise exception 'Only staff have an inbox.' using errcode = '42501';
  end if;
  return query select
    (select count(*) from public.staff_inbox i
      where i.created_at > caught_up and i.withdrawn_at is null
        and not exists (select 1 from public.staff_inbox_reads r where r.staff_id = me and r.submission_id = i.submission_id and r.read))
    + (select count(*) from public.staff_inbox_reads r join public.staff_inbox i on i.submission_id = r.submission_id
        where r.staff_id = me and not r.read and i.created_at <= caught_up and i.withdrawn_at is null),
    (select max(i.seq) from public.staff_inbox i);
end;
$$;
revoke execute on function public.staff_inbox_news() from public, anon;
grant execute on function public.staff_inbox_news() to authenticated, service_role;

-- Opening a submission reads it; "Mark as unread" unreads it. For the caller only.
create or replace function public.staff_mark_read(p_submission uuid, p_read boolean default true) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff have an inbox.' using errcode = '42501';
  end if;
  insert into public.staff_inbox_reads (staff_id, submission_id, read)
  select auth.uid(), i.submission_id, coalesce(p_read, true) from public.staff_inbox i where i.submission_id = p_submission
  on conflict (staff_id, submission_id) do update set read = excluded.read, at = now();
end;
$$;
revoke execute on function public.staff_mark_read(uuid, boolean) from public, anon;
grant execute on function public.staff_mark_read(uuid, boolean) to authenticated;

-- "Mark all as read": the caller has caught up with everything that has arrived.
create or replace function public.staff_mark_all_read() returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  if not public.is_staff() then
    raise exception 'Only staff have an inbox.' using errcode = '42501';
  end if;
  insert into public.staff_inbox_caught_up (staff_id, at) values (me, now())
  on conflict (staff_id) do update set at = excluded.at;
  delete from public.staff_inbox_reads where staff_id = me;
end;
$$;
revoke execute on function public.staff_mark_all_read() from public, anon;
grant execute on function public.staff_mark_all_read() to authenticated;

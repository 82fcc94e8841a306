-- The staff overview (issue 28): how many submissions came in, day by day, beside the period before,
-- and how often each option of a choice question was chosen. Staff only, as the inbox's functions
-- (decision 026): anyone else gets nothing; read as the owner, so the indexes serve them.
-- Submissions per form and quarter hour, kept by a trigger: the overview adds days up from these (90 days
-- of a form are at most 8,640 rows) instead of reading every submission. A quarter hour is the smallest
-- step between time zones, so each slot falls within one day wherever staff are.
create table public.staff_inbox_slots (
  form text not null,
  slot timestamptz not null,
  submissions bigint not null,
  primary key (form, slot)
);
comment on table public.staff_inbox_slots is 'How many submissions of each form came in each quarter hour. Written by a trigger only; read through staff_overview_days.';
alter table public.staff_inbox_slots enable row level security;
revoke all on table public.staff_inbox_slots from anon, authenticated;

create or replace function public.count_in_staff_inbox_slots() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.staff_inbox_slots (form, slot, submissions)
    values (new.form, date_bin('15 minutes', new.created_at, timestamptz 'epoch'), 1)
    on conflict (form, slot) do update set submissions = public.staff_inbox_slots.submissions + 1;
    return new;
  end if;
  update public.staff_inbox_slots set submissions = submissions - 1
  where form = old.form and slot = date_bin('15 minutes', old.created_at, timestamptz 'epoch');
  return old;
end;
$$;
revoke execute on function public.count_in_staff_inbox_slots() from public, anon, authenticated;
create trigger count_in_slots
  after insert or delete on public.staff_inbox
  for each row execute function public.count_in_staff_inbox_slots();

insert into public.staff_inbox_slots (form, slot, submissions)
select form, date_bin('15 minutes', created_at, timestamptz 'epoch'), count(*) from public.staff_inbox group by 1, 2;

-- Each day of the last p_days (in p_time_zone, an IANA name such as 'Europe/London'), newest last, with
-- the submissions that came in on it and on the same day of the period before. p_form null: every form.
create or replace function public.staff_overview_days(p_form text default null, p_days integer default 30, p_time_zone text default 'UTC')
returns table (day date, submissions bigint, previous bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (now() at time zone p_time_zone)::date;
  first_day date := today - (p_days - 1);
begin
  if not public.is_staff() or p_days not between 1 and 366 then
    return;
  end if;
  return query
    with counted as (
      select (s.slot at time zone p_time_zone)::date as received, sum(s.submissions)::bigint as n
      from public.staff_inbox_slots s
      where (p_form is null or s.form = p_form)
        and s.slot >= (first_day - p_days)::timestamp at time zone p_time_zone
      group by 1
    )
    select shown.d::date, coalesce(now_count.n, 0), coalesce(before_count.n, 0)
    from generate_series(first_day, today, interval '1 day') as shown(d)
    left join counted now_count on now_count.received = shown.d::date
    left join counted before_count on before_count.received = shown.d::date - p_days
    order by 1;
end;
$$;
revoke execute on function public.staff_overview_days(text, integer, text) from public, anon;
grant execute on function public.staff_overview_days(text, integer, text) to authenticated, service_role;

-- How many submissions of a form in the last p_days gave each answer to one of its questions (a null
-- answer: not answered), most chosen first. Only a column of the form's own table is counted.
create or replace function public.staff_overview_answers(p_form text, p_field text, p_days integer default 30, p_time_zone text default 'UTC')
returns table (answer text, submissions bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  form_table text;
begin
  if not public.is_staff() or p_days not between 1 and 366 then
    return;
  end if;
  select i.form_table into form_table from public.staff_inbox i where i.form = p_form limit 1;
  if form_table is null or not exists (
    select 1 from pg_catalog.pg_attribute a
    where a.attrelid = format('public.%I', form_table)::regclass and a.attname = p_field and a.attnum > 0 and not a.attisdropped
  ) then
    return;
  end if;
  -- The form's table holds its submissions alone, with the time each was received.
  return query execute format(
    'select f.%I::text, count(*) from public.%I f where f.created_at >= $1 group by 1 order by 2 desc, 1',
    p_field, form_table
  ) using (((now() at time zone p_time_zone)::date - (p_days - 1))::timestamp at time zone p_time_zone);
end;
$$;
revoke execute on function public.staff_overview_answers(text, text, integer, text) from public, anon;
grant execute on function public.staff_overview_answers(text, text, integer, text) to authenticated, service_role;

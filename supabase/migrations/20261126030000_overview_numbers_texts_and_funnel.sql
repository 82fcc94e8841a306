-- The staff overview, completed (issue 28): numbers (least, median, most, a histogram), the latest text
-- answers, the inbox filtered by one answer (an option clicked on the overview), and where a wizard form
-- loses the visitors who start it, from anonymous per-day step counters. Staff read, as before, through
-- security definer functions that answer staff only (decision 026, 028); visitors may only add one to a
-- counter, within caps (decision 031).

-- The form's table when p_field is one of its columns (of one of the given types, when any are given);
-- null otherwise, so no caller ever names a column that is not there.
create or replace function public.staff_form_column(p_form text, p_field text, p_types text[] default null)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select i.form_table
  from (select form_table from public.staff_inbox where form = p_form limit 1) i
  join pg_catalog.pg_attribute a
    on a.attrelid = format('public.%I', i.form_table)::regclass and a.attname = p_field and a.attnum > 0 and not a.attisdropped
  where p_types is null or pg_catalog.format_type(a.atttypid, null) = any (p_types)
$$;
revoke execute on function public.staff_form_column(text, text, text[]) from public, anon, authenticated;

-- The first day a p_days range counts, in the staff member's zone, as a time.
create or replace function public.staff_range_start(p_days integer, p_time_zone text)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select (((now() at time zone p_time_zone)::date - (p_days - 1))::timestamp at time zone p_time_zone)
$$;
revoke execute on function public.staff_range_start(integer, text) from public, anon, authenticated;

-- The answers to several choice questions of a form at once, in one pass over its submissions of the
-- last p_days: each question's answers (null: not answered), most chosen first. Replaces the one-question
-- function of 20261125230000, which read the table once per question. Questions the form does not have
-- are left out.
drop function public.staff_overview_answers(text, text, integer, text);
create function public.staff_overview_answers(p_form text, p_fields text[], p_days integer default 30, p_time_zone text default 'UTC')
returns table (field text, answer text, submissions bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  form_table text;
  fields text[];
begin
  if not public.is_staff() or p_days not between 1 and 366 then
    return;
  end if;
  select min(public.staff_form_column(p_form, f)), array_agg(f)
    into form_table, fields
  from unnest(p_fields) as f
  where public.staff_form_column(p_form, f) is not null;
  if fields is null then
    return;
  end if;
  -- Grouping sets: one scan, one count per question (grouping() says which question a row counts).
  return query execute format(
    'select case %s end, case %s end, count(*) from public.%I f where f.created_at >= $1
     group by grouping sets (%s) order by 1, 3 desc, 2',
    (select string_agg(format('when grouping(f.%I) = 0 then %L', f, f), ' ') from unnest(fields) f),
    (select string_agg(format('when grouping(f.%I) = 0 then f.%I::text', f, f), ' ') from unnest(fields) f),
    form_table,
    (select string_agg(format('(f.%I)', f), ', ') from unnest(fields) f)
  ) using public.staff_range_start(p_days, p_time_zone);
end;
$$;
revoke execute on function public.staff_overview_answers(text, text[], integer, text) from public, anon;
grant execute on function public.staff_overview_answers(text, text[], integer, text) to authenticated, service_role;

-- A number question over the last p_days: how many answered, the least, the median and the most, and a
-- histogram of at most ten equal ranges of whole numbers (low and high both included), lowest first.
create or replace function public.staff_overview_numbers(p_form text, p_field text, p_days integer default 30, p_time_zone text default 'UTC')
returns table (answered bigint, least_value numeric, median numeric, most_value numeric, buckets jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  form_table text := public.staff_form_column(p_form, p_field, array['integer', 'bigint', 'smallint', 'numeric']);
begin
  if not public.is_staff() or p_days not between 1 and 366 or form_table is null then
    return;
  end if;
  return query execute format(
    $q$
    with counted as (
      select f.%I::numeric as x, count(*) as n from public.%I f where f.created_at >= $1 and f.%I is not null group by 1
    ), running as (
      select c.x, sum(c.n) over (order by c.x) as upto, sum(c.n) over () as total from counted c
    ), summary as (
      select max(r.total) as total, min(r.x) as lo, max(r.x) as hi,
             -- The middle answer, or the mean of the two middle ones.
             (min(r.x) filter (where r.upto >= ceil(r.total / 2.0)) + min(r.x) filter (where r.upto >= floor(r.total / 2.0) + 1)) / 2 as med,
             greatest(ceil((max(r.x) - min(r.x) + 1) / 10.0), 1) as width
      from running r
    ), ranged as (
      select floor((c.x - s.lo) / s.width) as k, sum(c.n) as n from counted c, summary s group by 1
    )
    select coalesce(s.total, 0)::bigint, s.lo, s.med, s.hi,
           coalesce((select jsonb_agg(jsonb_build_object('low', s.lo + r.k * s.width, 'high', s.lo + (r.k + 1) * s.width - 1, 'submissions', r.n) order by r.k) from ranged r), '[]'::jsonb)
    from summary s
    $q$,
    p_field, form_table, p_field
  ) using public.staff_range_start(p_days, p_time_zone);
end;
$$;
revoke execute on function public.staff_overview_numbers(text, text, integer, text) from public, anon;
grant execute on function public.staff_overview_numbers(text, text, integer, text) to authenticated, service_role;

-- The latest answers to a text question over the last p_days, newest first, each with its submission:
-- walked newest first along the inbox's (form, seq) index, so it stops after p_limit answers.
create or replace function public.staff_overview_texts(p_form text, p_field text, p_days integer default 30, p_time_zone text default 'UTC', p_limit integer default 5)
returns table (submission_id uuid, created_at timestamptz, answer text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  form_table text := public.staff_form_column(p_form, p_field, array['text']);
begin
  if not public.is_staff() or p_days not between 1 and 366 or form_table is null then
    return;
  end if;
  return query execute format(
    'select f.id, f.created_at, f.%I from public.staff_inbox i join public.%I f on f.id = i.submission_id
     where i.form = $3 and i.created_at >= $1 and f.%I is not null order by i.seq desc limit $2',
    p_field, form_table, p_field
  ) using public.staff_range_start(p_days, p_time_zone), least(greatest(coalesce(p_limit, 5), 1), 50), p_form;
end;
$$;
revoke execute on function public.staff_overview_texts(text, text, integer, text, integer) from public, anon;
grant execute on function public.staff_overview_texts(text, text, integer, text, integer) to authenticated, service_role;

-- The inbox's list and counts take one answer as well: the submissions of p_form whose p_field is
-- p_answer (as text, as the overview counts it). A column the form does not have matches nothing.
drop function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer);
drop function public.staff_inbox_counts(timestamptz, timestamptz, text);

create or replace function public.staff_inbox_answer_condition(p_form text, p_field text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  form_table text;
begin
  if p_field is null then
    return 'true';
  end if;
  form_table := public.staff_form_column(p_form, p_field);
  if form_table is null then
    return 'false';
  end if;
  return format('i.form = $1 and i.submission_id in (select f.id from public.%I f where f.%I::text = $9)', form_table, p_field);
end;
$$;
revoke execute on function public.staff_inbox_answer_condition(text, text) from public, anon, authenticated;

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
  p_answer text default null
)
returns table (
  seq bigint, submission_id uuid, form text, form_table text, name text, email text, organization text,
  created_at timestamptz, status text, note text
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
    'select i.seq, i.submission_id, i.form, i.form_table, i.name, i.email, i.organization, i.created_at, i.status, i.note
     from public.staff_inbox i where %s and %s order by i.seq %s limit $8',
    public.staff_inbox_conditions(p_form, p_status, p_from, p_to, p_search, p_before, p_after),
    public.staff_inbox_answer_condition(p_form, p_field),
    case when p_after is not null then 'asc' else 'desc' end
  ) using p_form, p_status, p_from, p_to, p_search, p_before, p_after, least(greatest(coalesce(p_limit, 51), 1), 1000), p_answer;
end;
$$;
revoke execute on function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text) from public, anon;
grant execute on function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text) to authenticated, service_role;

create function public.staff_inbox_counts(
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_search text default null,
  p_form text default null,
  p_field text default null,
  p_answer text default null
)
returns table (form text, status text, submissions bigint)
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
    'select i.form, i.status, count(*) from public.staff_inbox i where %s and %s group by i.form, i.status',
    public.staff_inbox_conditions(null, null, p_from, p_to, p_search, null, null),
    public.staff_inbox_answer_condition(p_form, p_field)
  ) using p_form, null::text, p_from, p_to, p_search, null::bigint, null::bigint, null::integer, p_answer;
end;
$$;
revoke execute on function public.staff_inbox_counts(timestamptz, timestamptz, text, text, text, text) from public, anon;
grant execute on function public.staff_inbox_counts(timestamptz, timestamptz, text, text, text, text) to authenticated, service_role;

-- Wizard forms and their number of steps, declared by the generator from schemas/<form>.steps.json
-- (npm run generate writes `select public.declare_form_steps(...)` into its migration).
create table public.form_steps (
  form text primary key,
  steps smallint not null check (steps between 2 and 20)
);
comment on table public.form_steps is 'Each wizard form and how many steps it has. Written by generated migrations only.';
alter table public.form_steps enable row level security;
revoke all on table public.form_steps from anon, authenticated;

create or replace function public.declare_form_steps(p_form text, p_steps integer)
returns void
language sql
set search_path = ''
as $$
  delete from public.form_steps where form = p_form and p_steps is null;
  insert into public.form_steps (form, steps) select p_form, p_steps where p_steps is not null
  on conflict (form) do update set steps = excluded.steps;
$$;
revoke execute on function public.declare_form_steps(text, integer) from public, anon, authenticated;

-- How many visits reached each step of a wizard form on each day (UTC), step steps+1 being "sent", and
-- how long they stayed on it before moving on: a count per time range (upper bounds in FUNNEL_SECONDS
-- below, the last open-ended). Nothing else: no address, no visitor, no time of day.
create table public.form_step_counts (
  form text not null references public.form_steps (form) on delete cascade,
  day date not null,
  step smallint not null,
  visits bigint not null default 0 check (visits >= 0),
  stays bigint[] not null default array_fill(0::bigint, array[12]) check (cardinality(stays) = 12),
  primary key (form, day, step)
);
comment on table public.form_step_counts is 'Anonymous per-day counts of visits reaching each step of a wizard form (steps + 1: sent), and how long they stayed on it. Read by staff through staff_overview_funnel.';
alter table public.form_step_counts enable row level security;
revoke all on table public.form_step_counts from anon, authenticated;

-- The upper bound, in seconds, of each range `stays` counts; the twelfth range is everything longer.
create or replace function public.funnel_stay_bounds()
returns integer[]
language sql
immutable
set search_path = ''
as $$ select array[5, 10, 20, 30, 45, 60, 90, 120, 180, 300, 600, null]::integer[] $$;
grant execute on function public.funnel_stay_bounds() to anon, authenticated, service_role;

-- A visit reached step p_step of p_form (p_step = steps + 1: it was sent), after p_seconds on the step
-- before. Anyone may call it, and it only ever adds one. Caps keep a script from inflating the funnel past
-- a sane bound: at most 5,000 visits a day reach step 1, and no step is reached more often in a day than
-- the step before it.
create or replace function public.record_form_step(p_form text, p_step integer, p_seconds integer default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  steps integer;
  today date := (now() at time zone 'UTC')::date;
  cap bigint;
  range_index integer;
begin
  select s.steps into steps from public.form_steps s where s.form = p_form;
  if steps is null then
    raise exception 'No wizard form is called %.', left(coalesce(p_form, ''), 60) using errcode = '22023';
  end if;
  if p_step is null or p_step not between 1 and steps + 1 then
    raise exception 'A step of % is between 1 and % (% means sent).', p_form, steps + 1, steps + 1 using errcode = '22023';
  end if;
  if p_step = 1 then
    cap := 5000;
  else
    select c.visits into cap from public.form_step_counts c where c.form = p_form and c.day = today and c.step = p_step - 1;
  end if;
  insert into public.form_step_counts as c (form, day, step, visits)
  select p_form, today, p_step, 1 where coalesce(cap, 0) > 0
  on conflict (form, day, step) do update set visits = c.visits + 1 where c.visits < cap;
  if p_step > 1 and p_seconds between 0 and 86400 and coalesce(cap, 0) > 0 then
    select coalesce(min(i), 12) into range_index
    from generate_subscripts(public.funnel_stay_bounds(), 1) i
    where (public.funnel_stay_bounds())[i] is not null and p_seconds <= (public.funnel_stay_bounds())[i];
    update public.form_step_counts c set stays[range_index] = c.stays[range_index] + 1
    where c.form = p_form and c.day = today and c.step = p_step - 1
      and (select sum(x) from unnest(c.stays) x) < c.visits;
  end if;
end;
$$;
revoke execute on function public.record_form_step(text, integer, integer) from public;
grant execute on function public.record_form_step(text, integer, integer) to anon, authenticated, service_role;

-- The funnel of a wizard form over the last p_days (UTC days): each step with the visits that reached it,
-- and the range of seconds its median visit stayed (null when no visit moved on from it). Staff only.
create or replace function public.staff_overview_funnel(p_form text, p_days integer default 30)
returns table (step integer, visits bigint, median_low integer, median_high integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  first_day date := (now() at time zone 'UTC')::date - (p_days - 1);
  bounds integer[] := public.funnel_stay_bounds();
begin
  if not public.is_staff() or p_days not between 1 and 366 then
    return;
  end if;
  return query
    with steps as (
      select generate_series(1, s.steps + 1) as step from public.form_steps s where s.form = p_form
    ), counted as (
      select c.step, c.visits, c.stays from public.form_step_counts c where c.form = p_form and c.day >= first_day
    ), reached as (
      select c.step, sum(c.visits)::bigint as visits from counted c group by c.step
    ), ranges as (
      select c.step, r.i, sum(r.n) as n from counted c, unnest(c.stays) with ordinality as r(n, i) group by c.step, r.i
    ), running as (
      select r.step, r.i, sum(r.n) over (partition by r.step order by r.i) as below, sum(r.n) over (partition by r.step) as total
      from ranges r
    ), median as (
      select distinct on (r.step) r.step, r.i from running r where r.total > 0 and r.below * 2 >= r.total order by r.step, r.i
    )
    select st.step::integer, coalesce(v.visits, 0)::bigint,
           case when m.i is null then null when m.i = 1 then 0 else bounds[m.i - 1] end,
           case when m.i is null then null else bounds[m.i] end
    from steps st
    left join reached v on v.step = st.step
    left join median m on m.step = st.step
    order by st.step;
end;
$$;
revoke execute on function public.staff_overview_funnel(text, integer) from public, anon;
grant execute on function public.staff_overview_funnel(text, integer) to authenticated, service_role;

-- The funnel counts each step by its key, not its position (issue 37): every step of a wizard's
-- schemas/<form>.steps.json has a stable "key", so adding, removing or reordering steps keeps each day's
-- counts under the step they were counted for; a removed step's history stays, named as it was; a step
-- may be skipped (its questions did not apply), so no step is capped by the one before it; and each
-- step's share is of the visits that started on the days the step existed. Replaces the position-based
-- functions of 20261126030000 (decision 031 still holds: anonymous per-day counters, nothing else).

alter table public.form_steps add column keys text[];
alter table public.form_steps add column titles text[];

-- Every step a form has had, by key: its latest title, and the first day it could be counted.
create table public.form_step_keys (
  form text not null,
  key text not null check (key ~ '^[a-z][a-z0-9_]*$' and char_length(key) <= 60),
  title text not null,
  since date not null,
  primary key (form, key)
);
comment on table public.form_step_keys is 'Every step a wizard form has had, by key ("sent" after the last), with its latest title and the first day it was counted. Written by generated migrations only.';
alter table public.form_step_keys enable row level security;
revoke all on table public.form_step_keys from anon, authenticated;

alter table public.form_step_counts add column step_key text;
alter table public.form_step_counts drop constraint form_step_counts_pkey;
alter table public.form_step_counts alter column step drop not null;
create unique index form_step_counts_by_key on public.form_step_counts (form, day, step_key);
comment on column public.form_step_counts.step is 'The position counted before steps had keys (20261126030000); null since.';

-- The steps of a wizard form, in order, with their titles (npm run generate writes the call from
-- schemas/<form>.steps.json); null keys: the form has no steps any more, and its counts go. The first
-- call for a form counted by position gives each position the key of the step that stands there.
create or replace function public.declare_form_step_keys(p_form text, p_keys text[], p_titles text[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  old_steps integer;
  old_keys text[];
  first_day date;
  today date := (now() at time zone 'UTC')::date;
begin
  if p_keys is null then
    delete from public.form_steps where form = p_form;
    delete from public.form_step_keys where form = p_form;
    return;
  end if;
  select s.steps, s.keys into old_steps, old_keys from public.form_steps s where s.form = p_form;
  insert into public.form_steps (form, steps, keys, titles) values (p_form, cardinality(p_keys), p_keys, p_titles)
  on conflict (form) do update set steps = excluded.steps, keys = excluded.keys, titles = excluded.titles;
  if old_keys is null and old_steps is not null then
    update public.form_step_counts c
    set step_key = case when c.step = old_steps + 1 then 'sent' else coalesce(p_keys[c.step], 'step_' || c.step) end
    where c.form = p_form and c.step_key is null;
    insert into public.form_step_keys (form, key, title, since)
    select distinct p_form, c.step_key, 'Step ' || c.step, today from public.form_step_counts c
    where c.form = p_form and c.step_key like 'step\_%' and not (c.step_key = any (p_keys))
    on conflict (form, key) do nothing;
  end if;
  -- Steps counted before now (by position) could be counted from the first day; a new one from today.
  select coalesce(min(c.day), today) into first_day from public.form_step_counts c where c.form = p_form;
  insert into public.form_step_keys (form, key, title, since)
  select p_form, k.key, k.title, case when old_keys is null then first_day else today end
  from unnest(p_keys, p_titles) as k(key, title)
  on conflict (form, key) do update set title = excluded.title;
  insert into public.form_step_keys (form, key, title, since) values (p_form, 'sent', 'Sent', first_day)
  on conflict (form, key) do nothing;
end;
$$;
revoke execute on function public.declare_form_step_keys(text, text[], text[]) from public, anon, authenticated;

-- A visit reached step p_step (a key, or "sent") of p_form, after p_seconds on step p_from. Anyone may
-- call it, and it only ever adds one: at most 5,000 visits a day start a form, and no step is reached
-- more often in a day than its first step (the step before may have been skipped, so it is no bound).
drop function public.record_form_step(text, integer, integer);
create function public.record_form_step(p_form text, p_step text, p_seconds integer default null, p_from text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  keys text[];
  today date := (now() at time zone 'UTC')::date;
  cap bigint;
  range_index integer;
begin
  select s.keys into keys from public.form_steps s where s.form = p_form;
  if keys is null then
    raise exception 'No wizard form is called %.', left(coalesce(p_form, ''), 60) using errcode = '22023';
  end if;
  if p_step is null or not (p_step = any (keys) or p_step = 'sent') then
    raise exception 'The steps of % are %, then sent.', p_form, array_to_string(keys, ', ') using errcode = '22023';
  end if;
  if p_step = keys[1] then
    cap := 5000;
  else
    select c.visits into cap from public.form_step_counts c where c.form = p_form and c.day = today and c.step_key = keys[1];
  end if;
  insert into public.form_step_counts as c (form, day, step_key, visits)
  select p_form, today, p_step, 1 where coalesce(cap, 0) > 0
  on conflict (form, day, step_key) do update set visits = c.visits + 1 where c.visits < cap;
  if p_from is not null and p_from <> p_step and p_from = any (keys) and p_seconds between 0 and 86400 and coalesce(cap, 0) > 0 then
    select coalesce(min(i), 12) into range_index
    from generate_subscripts(public.funnel_stay_bounds(), 1) i
    where (public.funnel_stay_bounds())[i] is not null and p_seconds <= (public.funnel_stay_bounds())[i];
    update public.form_step_counts c set stays[range_index] = c.stays[range_index] + 1
    where c.form = p_form and c.day = today and c.step_key = p_from
      and (select sum(x) from unnest(c.stays) x) < c.visits;
  end if;
end;
$$;
revoke execute on function public.record_form_step(text, text, integer, text) from public;
grant execute on function public.record_form_step(text, text, integer, text) to anon, authenticated, service_role;

-- The funnel of a wizard form over the last p_days (UTC days), staff only: each of its steps in order,
-- then "sent", then steps it no longer has that were counted in the period (position null); for each,
-- the visits that reached it, the visits that started the form on the days the step existed (what its
-- share is of), and the range of seconds its median visit stayed (null when no visit moved on from it).
drop function public.staff_overview_funnel(text, integer);
create function public.staff_overview_funnel(p_form text, p_days integer default 30)
returns table (step text, title text, step_position integer, visits bigint, started bigint, median_low integer, median_high integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  first_day date := (now() at time zone 'UTC')::date - (p_days - 1);
  bounds integer[] := public.funnel_stay_bounds();
  keys text[];
begin
  if not public.is_staff() or p_days not between 1 and 366 then
    return;
  end if;
  select s.keys into keys from public.form_steps s where s.form = p_form;
  if keys is null then
    return;
  end if;
  return query
    with current_steps as (
      select k.key, k.n::integer as n from unnest(keys) with ordinality as k(key, n)
      union all select 'sent', cardinality(keys) + 1
    ), counted as (
      select c.step_key, c.day, c.visits, c.stays from public.form_step_counts c
      where c.form = p_form and c.day >= first_day and c.step_key is not null
    ), shown as (
      select h.key, h.title, h.since, cs.n from public.form_step_keys h left join current_steps cs on cs.key = h.key
      where h.form = p_form and (cs.key is not null or exists (select 1 from counted c where c.step_key = h.key))
    ), reached as (
      select c.step_key, sum(c.visits)::bigint as visits from counted c group by c.step_key
    ), starts as (
      select s.key, coalesce(sum(c.visits), 0)::bigint as started
      from shown s left join counted c on c.step_key = keys[1] and c.day >= s.since group by s.key
    ), ranges as (
      select c.step_key, r.i, sum(r.n) as n from counted c, unnest(c.stays) with ordinality as r(n, i) group by c.step_key, r.i
    ), running as (
      select r.step_key, r.i, sum(r.n) over (partition by r.step_key order by r.i) as below, sum(r.n) over (partition by r.step_key) as total
      from ranges r
    ), median as (
      select distinct on (r.step_key) r.step_key, r.i from running r where r.total > 0 and r.below * 2 >= r.total order by r.step_key, r.i
    )
    select s.key, s.title, s.n, coalesce(v.visits, 0)::bigint, st.started,
           case when m.i is null then null when m.i = 1 then 0 else bounds[m.i - 1] end,
           case when m.i is null then null else bounds[m.i] end
    from shown s
    left join reached v on v.step_key = s.key
    left join starts st on st.key = s.key
    left join median m on m.step_key = s.key
    order by s.n nulls last, s.key;
end;
$$;
revoke execute on function public.staff_overview_funnel(text, integer) from public, anon;
grant execute on function public.staff_overview_funnel(text, integer) to authenticated, service_role;

-- Issue 42: the overview's chart of a number question read "0, 2, 4, 8" along its axis, as if evenly
-- spaced, because ranges nobody answered in were left out. Every range from the least answer to the most
-- is now listed, an empty one with 0 submissions.

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
      select f.%I::numeric as x, count(*) as n from public.%I f where f.created_at >= $1 and f.%I is not null
        and not exists (select 1 from public.staff_inbox s where s.submission_id = f.id and s.spam_at is not null) group by 1
    ), running as (
      select c.x, sum(c.n) over (order by c.x) as upto, sum(c.n) over () as total from counted c
    ), summary as (
      select max(r.total) as total, min(r.x) as lo, max(r.x) as hi,
             -- The middle answer, or the mean of the two middle ones.
             (min(r.x) filter (where r.upto >= ceil(r.total / 2.0)) + min(r.x) filter (where r.upto >= floor(r.total / 2.0) + 1)) / 2 as med,
             bool_and(r.x = trunc(r.x)) as whole
      from running r
    ), sized as (
      -- Whole numbers: ten ranges of whole numbers, both ends included (3–6). Decimals: ten equal ranges
      -- from the least to the most, each up to the next one's start, the last including the most.
      select s.*, case when s.whole then greatest(ceil((s.hi - s.lo + 1) / 10.0), 1) else nullif((s.hi - s.lo) / 10, 0) end as width
      from summary s
    ), ranged as (
      select coalesce(least(floor((c.x - s.lo) / s.width), 9), 0)::integer as k, sum(c.n) as n from counted c, sized s group by 1
    ), every_range as (
      -- Every range from the least to the most, the empty ones with 0: a chart that skipped them would
      -- space 0, 2, 4, 8 evenly along its axis.
      select g.k from sized s,
        generate_series(0, case when s.width is null then 0 when s.whole then ceil((s.hi - s.lo + 1) / s.width)::integer - 1 else 9 end) as g(k)
      where s.lo is not null
    )
    select coalesce(s.total, 0)::bigint, s.lo, s.med, s.hi,
           coalesce((select jsonb_agg(jsonb_build_object(
             'low', s.lo + e.k * coalesce(s.width, 0),
             'high', case when s.whole then s.lo + (e.k + 1) * s.width - 1 when s.width is null then s.hi when e.k = 9 then s.hi else s.lo + (e.k + 1) * s.width end,
             'submissions', coalesce(r.n, 0)) order by e.k) from every_range e left join ranged r on r.k = e.k), '[]'::jsonb)
    from sized s
    $q$,
    p_field, form_table, p_field
  ) using public.staff_range_start(p_days, p_time_zone);
end;
$$;

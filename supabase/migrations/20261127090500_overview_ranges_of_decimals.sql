-- The overview's ranges of a number question hold decimals too (issue 39, 8): they were sized for whole
-- numbers only (ceil((most - least + 1) / 10) wide, ends included), so answers of 0.5, 1.25 and 2.75 fell
-- in one range "0.5–0.5". Whole numbers keep their ranges; decimals get ten equal ranges from the least
-- to the most, each reaching the next one's start.
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
             bool_and(r.x = trunc(r.x)) as whole
      from running r
    ), sized as (
      -- Whole numbers: ten ranges of whole numbers, both ends included (3–6). Decimals: ten equal ranges
      -- from the least to the most, each up to the next one's start, the last including the most.
      select s.*, case when s.whole then greatest(ceil((s.hi - s.lo + 1) / 10.0), 1) else nullif((s.hi - s.lo) / 10, 0) end as width
      from summary s
    ), ranged as (
      select coalesce(least(floor((c.x - s.lo) / s.width), 9), 0) as k, sum(c.n) as n from counted c, sized s group by 1
    )
    select coalesce(s.total, 0)::bigint, s.lo, s.med, s.hi,
           coalesce((select jsonb_agg(jsonb_build_object(
             'low', s.lo + r.k * coalesce(s.width, 0),
             'high', case when s.whole then s.lo + (r.k + 1) * s.width - 1 when s.width is null then s.hi when r.k = 9 then s.hi else s.lo + (r.k + 1) * s.width end,
             'submissions', r.n) order by r.k) from ranged r), '[]'::jsonb)
    from sized s
    $q$,
    p_field, form_table, p_field
  ) using public.staff_range_start(p_days, p_time_zone);
end;
$$;
revoke execute on function public.staff_overview_numbers(text, text, integer, text) from public, anon;
grant execute on function public.staff_overview_numbers(text, text, integer, text) to authenticated, service_role;

-- How many submissions each form and status holds, for the staff inbox's filters (issue 28): staff see
-- where the work is before they open anything. The date range and search narrow the counts as they
-- narrow the list; form and status are grouped, so the page shows each option's count beside it.
-- Security invoker: the inbox's staff_read policy applies, so anyone but staff counts nothing.
create or replace function public.staff_inbox_counts(
  p_from timestamptz default null,
  p_to timestamptz default null,
  -- A LIKE pattern's inside, lower-cased and escaped as the inbox's own search sends it.
  p_search text default null
)
returns table (form text, status text, submissions bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select i.form, i.status, count(*)
  from public.staff_inbox i
  where (p_from is null or i.created_at >= p_from)
    and (p_to is null or i.created_at <= p_to)
    and (p_search is null or i.search like '%' || p_search || '%')
  group by i.form, i.status
$$;
revoke execute on function public.staff_inbox_counts(timestamptz, timestamptz, text) from public, anon;
grant execute on function public.staff_inbox_counts(timestamptz, timestamptz, text) to authenticated, service_role;

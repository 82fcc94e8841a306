-- The overview no longer fails as a whole when an inbox row names a table that is gone (issue 39, 8): a
-- form's table renamed by a developer's migration leaves its older inbox rows naming the old one, and
-- casting that name with ::regclass raised "relation does not exist" for every question. The form's
-- table is now the newest inbox row's table that exists (to_regclass answers null, never an error).
create or replace function public.staff_form_column(p_form text, p_field text, p_types text[] default null)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select i.form_table
  from (
    select form_table, to_regclass(format('public.%I', form_table)) as relation
    from public.staff_inbox
    where form = p_form and to_regclass(format('public.%I', form_table)) is not null
    order by seq desc
    limit 1
  ) i
  join pg_catalog.pg_attribute a
    on a.attrelid = i.relation and a.attname = p_field and a.attnum > 0 and not a.attisdropped
  where p_types is null or pg_catalog.format_type(a.atttypid, null) = any (p_types)
$$;
revoke execute on function public.staff_form_column(text, text, text[]) from public, anon, authenticated;

-- Conditional questions (issue 37, docs/decisions/034): a question some condition leaves out is "Not
-- asked" on the staff overview, apart from "Not answered", and its shares count only the submissions that
-- were asked it. The generator declares, for each such question, the SQL that says a saved row was asked
-- it (the same condition as its generated `<table>_<question>_asked_if` check); only migrations write it.

create table public.form_question_conditions (
  form text not null,
  field text not null,
  asked_when text not null,
  primary key (form, field)
);
comment on table public.form_question_conditions is 'For each conditional question, the SQL condition under which a saved row was asked it. Written by generated migrations only.';
alter table public.form_question_conditions enable row level security;
revoke all on table public.form_question_conditions from anon, authenticated;

create or replace function public.declare_question_condition(p_form text, p_field text, p_asked_when text)
returns void
language sql
set search_path = ''
as $$
  delete from public.form_question_conditions where form = p_form and field = p_field and p_asked_when is null;
  insert into public.form_question_conditions (form, field, asked_when) select p_form, p_field, p_asked_when where p_asked_when is not null
  on conflict (form, field) do update set asked_when = excluded.asked_when;
$$;
revoke execute on function public.declare_question_condition(text, text, text) from public, anon, authenticated;

-- As 20261126030000's, with `asked`: false for the submissions whose answers did not ask the question
-- (their answer is null), true for every other row.
drop function public.staff_overview_answers(text, text[], integer, text);
create function public.staff_overview_answers(p_form text, p_fields text[], p_days integer default 30, p_time_zone text default 'UTC')
returns table (field text, answer text, asked boolean, submissions bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  form_table text;
  fields text[];
  asked text[];
begin
  if not public.is_staff() or p_days not between 1 and 366 then
    return;
  end if;
  select min(public.staff_form_column(p_form, f)), array_agg(f order by o), array_agg(coalesce(c.asked_when, 'true') order by o)
    into form_table, fields, asked
  from unnest(p_fields) with ordinality as u(f, o)
  left join public.form_question_conditions c on c.form = p_form and c.field = u.f
  where public.staff_form_column(p_form, u.f) is not null;
  if fields is null then
    return;
  end if;
  -- Grouping sets: one scan, one count per question and answer (and, for a conditional question,
  -- whether it was asked); grouping() says which question a row counts.
  return query execute format(
    'select case %s end, case %s end, case %s end, count(*) from public.%I f where f.created_at >= $1
     group by grouping sets (%s) order by 1, 4 desc, 2',
    (select string_agg(format('when grouping(f.%I) = 0 then %L', f, f), ' ') from unnest(fields) f),
    (select string_agg(format('when grouping(f.%I) = 0 then f.%I::text', f, f), ' ') from unnest(fields) f),
    (select string_agg(format('when grouping(f.%I) = 0 then %s', fields[i], case when asked[i] = 'true' then 'true' else format('(%s)', asked[i]) end), ' ') from generate_subscripts(fields, 1) i),
    form_table,
    (select string_agg(case when asked[i] = 'true' then format('(f.%I)', fields[i]) else format('(f.%I, (%s))', fields[i], asked[i]) end, ', ') from generate_subscripts(fields, 1) i)
  ) using public.staff_range_start(p_days, p_time_zone);
end;
$$;
revoke execute on function public.staff_overview_answers(text, text[], integer, text) from public, anon;
grant execute on function public.staff_overview_answers(text, text[], integer, text) to authenticated, service_role;

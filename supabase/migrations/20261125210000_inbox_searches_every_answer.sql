-- The staff inbox finds a submission by any of its text answers, not just the sender's name, email and
-- organization (issue 28). A trigram index keeps a search of every answer fast. Staff read the list through functions rather than
-- the table: under row level security PostgreSQL may not use an index for LIKE (its operator is not
-- leakproof, so it must run after the policy's check, row by row), so the functions check is_staff()
-- themselves, once, and then read the table as its owner.
create extension if not exists pg_trgm with schema extensions;

-- A submission's text answers (not its id or time), lower-cased, in one string: what staff search.
create or replace function public.staff_inbox_answers_text(answers jsonb) returns text
language sql
immutable
set search_path = ''
as $$
  select lower(string_agg(value, ' ' order by key))
  from jsonb_each_text(answers - 'id' - 'created_at')
  where jsonb_typeof(answers -> key) = 'string'
$$;

revoke execute on function public.staff_inbox_answers_text(jsonb) from public, anon, authenticated;

alter table public.staff_inbox add column answers_text text;
alter table public.staff_inbox drop column search;
alter table public.staff_inbox add column search text generated always as (
  lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(organization, '') || ' ' || coalesce(answers_text, ''))
) stored;
create index staff_inbox_search on public.staff_inbox using gin (search extensions.gin_trgm_ops);

create or replace function public.list_in_staff_inbox() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  answers jsonb := to_jsonb(new);
begin
  insert into public.staff_inbox (submission_id, form, form_table, name, email, organization, created_at, answers_text)
  values (
    new.id, tg_argv[0], tg_table_name, answers ->> nullif(tg_argv[1], ''), lower(answers ->> tg_argv[2]), answers ->> nullif(tg_argv[3], ''), new.created_at,
    public.staff_inbox_answers_text(answers)
  );
  return new;
end;
$$;

-- The submissions already listed get their answers from their form's table.
do $$
declare
  listed text;
begin
  for listed in select distinct form_table from public.staff_inbox loop
    execute format(
      'update public.staff_inbox i set answers_text = public.staff_inbox_answers_text(to_jsonb(f))
       from public.%I f where f.id = i.submission_id',
      listed
    );
  end loop;
end
$$;

-- The conditions of a filter, for the functions below: only those the filter uses, so each query is
-- planned with its own index. They name the filter as $1 form, $2 status, $3 from, $4 to, $5 search (a
-- LIKE pattern's inside, lower-cased and escaped as the page sends it), $6 before and $7 after a seq.
create or replace function public.staff_inbox_conditions(
  p_form text, p_status text, p_from timestamptz, p_to timestamptz, p_search text, p_before bigint, p_after bigint
) returns text
language sql
immutable
set search_path = ''
as $$
  select array_to_string(array['true']
    || case when p_form is not null then array['i.form = $1'] else '{}' end
    || case when p_status is not null then array['i.status = $2'] else '{}' end
    || case when p_from is not null then array['i.created_at >= $3'] else '{}' end
    || case when p_to is not null then array['i.created_at <= $4'] else '{}' end
    || case when p_search is not null then array[$c$i.search like '%' || $5 || '%'$c$] else '{}' end
    || case when p_before is not null then array['i.seq < $6'] else '{}' end
    || case when p_after is not null then array['i.seq > $7'] else '{}' end, ' and ')
$$;
revoke execute on function public.staff_inbox_conditions(text, text, timestamptz, timestamptz, text, bigint, bigint) from public, anon, authenticated;

-- One page of the inbox, newest first, for a filter: keyset pagination along seq (p_before: the page
-- after that seq; p_after: the one submission just newer, for Previous). At most 1,000 rows, the API's
-- max_rows (config.toml), which caps a function's rows too. Staff only: anyone else gets no rows.
create or replace function public.staff_inbox_page(
  p_form text default null,
  p_status text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_search text default null,
  p_before bigint default null,
  p_after bigint default null,
  p_limit integer default 51
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
     from public.staff_inbox i where %s order by i.seq %s limit $8',
    public.staff_inbox_conditions(p_form, p_status, p_from, p_to, p_search, p_before, p_after),
    case when p_after is not null then 'asc' else 'desc' end
  ) using p_form, p_status, p_from, p_to, p_search, p_before, p_after, least(greatest(coalesce(p_limit, 51), 1), 1000);
end;
$$;
revoke execute on function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer) from public, anon;
grant execute on function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer) to authenticated, service_role;

-- How many submissions each form and status holds, for the inbox's filters: the date range and search
-- narrow the counts as they narrow the list; form and status are grouped, so the page shows each
-- option's count beside it. Staff only, read as the list is.
create or replace function public.staff_inbox_counts(
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_search text default null
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
    'select i.form, i.status, count(*) from public.staff_inbox i where %s group by i.form, i.status',
    public.staff_inbox_conditions(null, null, p_from, p_to, p_search, null, null)
  ) using null::text, null::text, p_from, p_to, p_search, null::bigint, null::bigint;
end;
$$;
revoke execute on function public.staff_inbox_counts(timestamptz, timestamptz, text) from public, anon;
grant execute on function public.staff_inbox_counts(timestamptz, timestamptz, text) to authenticated, service_role;

-- What staff search moves beside the inbox (docs/decisions/050). staff_inbox.search was a stored generated
-- column with a trigram index, so every change of status, assignee, spam mark or follow-up (none of them
-- searched) wrote new trigram entries for the submission's whole text, and every few thousand of them one
-- change paid for merging the index's pending list: 500 changed at once took 83 ms, and 202 ms at p95.
-- The text now lives in staff_inbox_search, written when a submission is listed or its sender's details
-- change, and the workflow's updates never touch it.

-- The text a submission is found by: the sender's name, address and organization and every text answer, lower-cased.
create or replace function public.staff_inbox_search_text(i public.staff_inbox) returns text
language sql
immutable
set search_path = ''
as $$
  select lower(coalesce(i.name, '') || ' ' || coalesce(i.email, '') || ' ' || coalesce(i.organization, '') || ' ' || coalesce(i.answers_text, ''))
$$;
revoke execute on function public.staff_inbox_search_text(public.staff_inbox) from public, anon, authenticated;

-- (The column's index had the name the table takes; it goes with the column.)
alter table public.staff_inbox drop column search;

create table public.staff_inbox_search (
  submission_id uuid primary key references public.staff_inbox (submission_id) on delete cascade,
  search text not null
);
comment on table public.staff_inbox_search is 'What each listed submission is found by in the staff inbox''s search (a deleted one has none). Written by a trigger only.';
alter table public.staff_inbox_search enable row level security;
revoke all on table public.staff_inbox_search from public, anon, authenticated;
grant all on table public.staff_inbox_search to service_role;

insert into public.staff_inbox_search (submission_id, search)
select i.submission_id, public.staff_inbox_search_text(i) from public.staff_inbox i where i.withdrawn_at is null;
create index staff_inbox_search_trigrams on public.staff_inbox_search using gin (search extensions.gin_trgm_ops);

create or replace function public.keep_staff_inbox_search() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.withdrawn_at is not null then
    delete from public.staff_inbox_search s where s.submission_id = new.submission_id;
    return null;
  end if;
  insert into public.staff_inbox_search as s (submission_id, search) values (new.submission_id, public.staff_inbox_search_text(new))
  on conflict (submission_id) do update set search = excluded.search where s.search is distinct from excluded.search;
  return null;
end;
$$;
revoke execute on function public.keep_staff_inbox_search() from public, anon, authenticated;
create trigger keep_search
  after insert or update of name, email, organization, answers_text, withdrawn_at on public.staff_inbox
  for each row execute function public.keep_staff_inbox_search();

-- The list's conditions: a search reads the side table's index.
create or replace function public.staff_inbox_conditions(
  p_form text, p_status text, p_from timestamptz, p_to timestamptz, p_search text, p_before bigint, p_after bigint
) returns text
language sql
immutable
set search_path = ''
as $$
  select array_to_string(array[case p_status when 'spam' then 'i.spam_at is not null'
                                             when 'due' then 'public.follow_up_due(i, $10::date)'
                                             else 'i.spam_at is null' end]
    || case when p_form is not null then array['i.form = $1'] else '{}' end
    || case when p_status is not null and p_status not in ('spam', 'due') then array['i.status = $2'] else '{}' end
    || case when p_from is not null then array['i.created_at >= $3'] else '{}' end
    || case when p_to is not null then array['i.created_at <= $4'] else '{}' end
    || case when p_search is not null
            then array[$c$i.submission_id in (select s.submission_id from public.staff_inbox_search s where s.search like '%' || $5 || '%')$c$]
            else '{}' end
    || case when p_before is not null then array['i.seq < $6'] else '{}' end
    || case when p_after is not null then array['i.seq > $7'] else '{}' end, ' and ')
$$;
revoke execute on function public.staff_inbox_conditions(text, text, timestamptz, timestamptz, text, bigint, bigint) from public, anon, authenticated;

-- A search joins the matches to the inbox. Walking the inbox newest first and looking each submission up
-- in the matches (a nested loop) is what the planner picks from its estimates, and costs 100-250 ms when the
-- matches are old or many; hashing the matches and reading the inbox once costs 30-60 ms whatever they are.
alter function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text, boolean, text) set enable_nestloop = off;
alter function public.staff_inbox_counts(timestamptz, timestamptz, text, text, text, text) set enable_nestloop = off;

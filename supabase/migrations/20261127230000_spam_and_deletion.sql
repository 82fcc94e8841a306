-- Spam and deletion (issue 41, item 5; docs/decisions/047). Staff mark a submission as spam: it leaves the
-- inbox's list, its counts, the unread count and the overview (a "Spam" view finds it again, and it can be
-- taken back), and 30 days after it was marked the sweep deletes it, row and answers. Staff may also
-- delete a submission for good, after a confirmation in the page: its answers and its email go, and the
-- inbox keeps a marker whose history says who deleted it and when. Staff only, by row level security and
-- is_staff() in each function.

alter table public.staff_inbox add column spam_at timestamptz;
comment on column public.staff_inbox.spam_at is 'When staff marked it as spam (the server''s time), or null. Marked spam, it is out of the inbox, its counts and the overview, and deleted 30 days later by sweep_spam().';
alter table public.staff_inbox add column deleted_by text;
comment on column public.staff_inbox.deleted_by is 'The staff member who deleted it for good (their address), when they did; null when its sender deleted it or it is not deleted.';
create index staff_inbox_spam on public.staff_inbox (spam_at, seq desc) where spam_at is not null;
grant update (spam_at) on table public.staff_inbox to authenticated;

-- The time a submission was marked is the server's: whatever a client sends as spam_at only says
-- "spam" (any time) or "not spam" (null), so nobody can mark one as spam a month ago to have it swept now.
create or replace function public.spam_time_is_the_servers() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.spam_at := case when new.spam_at is null then null else coalesce(old.spam_at, now()) end;
  return new;
end;
$$;
revoke execute on function public.spam_time_is_the_servers() from public, anon, authenticated;
create trigger spam_time_is_the_servers
  before update of spam_at on public.staff_inbox
  for each row execute function public.spam_time_is_the_servers();

-- Changing a deleted submission is refused, whoever deleted it.
create or replace function public.stamp_staff_inbox_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.withdrawn_at is not null then
    raise exception 'This submission was deleted; there is nothing left to change.' using errcode = 'P0001';
  end if;
  -- (search is generated: a BEFORE trigger sees it empty in new.)
  if old.sender_id is null and new.sender_id is not null
     and (to_jsonb(new) - 'sender_id' - 'search') = (to_jsonb(old) - 'sender_id' - 'search') then
    return new;
  end if;
  new.updated_at := now();
  new.updated_by := case when new.withdrawn_at is null then coalesce(auth.jwt() ->> 'email', auth.role(), current_user) end;
  return new;
end;
$$;
revoke execute on function public.stamp_staff_inbox_change() from public, anon;

-- The history: one event per field that changed (the assignee by address, spam as marked or not), or the
-- one event of a deletion, by its sender or by the staff member who deleted it.
create or replace function public.record_staff_inbox_events() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.withdrawn_at is not null then
    insert into public.staff_inbox_events (submission_id, at, actor_id, actor_email, field, new_value)
    values (new.submission_id, new.withdrawn_at, case when new.deleted_by is not null then auth.uid() end, new.deleted_by, 'deleted',
            case when new.deleted_by is not null then 'by staff' else 'by its sender' end);
    return null;
  end if;
  insert into public.staff_inbox_events (submission_id, actor_id, actor_email, field, old_value, new_value)
  select new.submission_id, auth.uid(), new.updated_by, change.field, change.old_value, change.new_value
    from (values ('status', old.status, new.status), ('note', old.note, new.note),
                 ('assignee', public.staff_email(old.assignee_id), public.staff_email(new.assignee_id)),
                 ('spam', case when old.spam_at is not null then 'spam' end, case when new.spam_at is not null then 'spam' end)) as change (field, old_value, new_value)
   where change.old_value is distinct from change.new_value;
  return null;
end;
$$;
revoke execute on function public.record_staff_inbox_events() from public, anon, authenticated;

-- The overview's days count what staff treat as leads: not spam, not deleted by staff.
create or replace function public.count_in_staff_inbox_slots() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  was_counted boolean := tg_op <> 'INSERT' and old.spam_at is null and old.deleted_by is null;
  is_counted boolean := tg_op <> 'DELETE' and new.spam_at is null and new.deleted_by is null;
begin
  if was_counted and not is_counted then
    update public.staff_inbox_slots set submissions = submissions - 1
    where form = old.form and slot = date_bin('15 minutes', old.created_at, timestamptz 'epoch');
  elsif is_counted and not was_counted then
    insert into public.staff_inbox_slots (form, slot, submissions)
    values (new.form, date_bin('15 minutes', new.created_at, timestamptz 'epoch'), 1)
    on conflict (form, slot) do update set submissions = public.staff_inbox_slots.submissions + 1;
  end if;
  return null;
end;
$$;
revoke execute on function public.count_in_staff_inbox_slots() from public, anon, authenticated;
drop trigger count_in_slots on public.staff_inbox;
create trigger count_in_slots
  after insert or delete or update of spam_at, deleted_by on public.staff_inbox
  for each row execute function public.count_in_staff_inbox_slots();

-- The list, its neighbours, the CSV and the counts: spam only in the "Spam" view (p_status 'spam').
create or replace function public.staff_inbox_conditions(
  p_form text, p_status text, p_from timestamptz, p_to timestamptz, p_search text, p_before bigint, p_after bigint
) returns text
language sql
immutable
set search_path = ''
as $$
  select array_to_string(array[case when p_status = 'spam' then 'i.spam_at is not null' else 'i.spam_at is null' end]
    || case when p_form is not null then array['i.form = $1'] else '{}' end
    || case when p_status is not null and p_status <> 'spam' then array['i.status = $2'] else '{}' end
    || case when p_from is not null then array['i.created_at >= $3'] else '{}' end
    || case when p_to is not null then array['i.created_at <= $4'] else '{}' end
    || case when p_search is not null then array[$c$i.search like '%' || $5 || '%'$c$] else '{}' end
    || case when p_before is not null then array['i.seq < $6'] else '{}' end
    || case when p_after is not null then array['i.seq > $7'] else '{}' end, ' and ')
$$;
revoke execute on function public.staff_inbox_conditions(text, text, timestamptz, timestamptz, text, bigint, bigint) from public, anon, authenticated;

-- Spam is nobody's news.
create or replace function public.staff_unread_condition() returns text
language sql
immutable
set search_path = ''
as $$
  select 'i.withdrawn_at is null and i.spam_at is null and coalesce((select not r.read from public.staff_inbox_reads r where r.staff_id = $11 and r.submission_id = i.submission_id), i.created_at > $12)'
$$;
revoke execute on function public.staff_unread_condition() from public, anon, authenticated;

create or replace function public.staff_inbox_news() returns table (unread bigint, newest bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  caught_up timestamptz := public.staff_caught_up_at();
begin
  if not public.is_staff() then
    raise exception 'Only staff have an inbox.' using errcode = '42501';
  end if;
  return query select
    (select count(*) from public.staff_inbox i
      where i.created_at > caught_up and i.withdrawn_at is null and i.spam_at is null
        and not exists (select 1 from public.staff_inbox_reads r where r.staff_id = me and r.submission_id = i.submission_id and r.read))
    + (select count(*) from public.staff_inbox_reads r join public.staff_inbox i on i.submission_id = r.submission_id
        where r.staff_id = me and not r.read and i.created_at <= caught_up and i.withdrawn_at is null and i.spam_at is null),
    (select max(i.seq) from public.staff_inbox i);
end;
$$;
revoke execute on function public.staff_inbox_news() from public, anon;
grant execute on function public.staff_inbox_news() to authenticated, service_role;

-- The overview's answers, numbers and texts: as before, without the submissions marked as spam.
create or replace function public.staff_overview_answers(p_form text, p_fields text[], p_days integer default 30, p_time_zone text default 'UTC')
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
  return query execute format(
    'select case %s end, case %s end, case %s end, count(*) from public.%I f where f.created_at >= $1
       and not exists (select 1 from public.staff_inbox s where s.submission_id = f.id and s.spam_at is not null)
     group by grouping sets (%s) order by 1, 4 desc, 2',
    (select string_agg(format('when grouping(f.%I) = 0 then %L', f, f), ' ') from unnest(fields) f),
    (select string_agg(format('when grouping(f.%I) = 0 then f.%I::text', f, f), ' ') from unnest(fields) f),
    (select string_agg(format('when grouping(f.%I) = 0 then %s', fields[i], case when asked[i] = 'true' then 'true' else format('(%s)', asked[i]) end), ' ') from generate_subscripts(fields, 1) i),
    form_table,
    (select string_agg(case when asked[i] = 'true' then format('(f.%I)', fields[i]) else format('(f.%I, (%s))', fields[i], asked[i]) end, ', ') from generate_subscripts(fields, 1) i)
  ) using public.staff_range_start(p_days, p_time_zone);
end;
$$;

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
     where i.form = $3 and i.created_at >= $1 and i.spam_at is null and f.%I is not null order by i.seq desc limit $2',
    p_field, form_table, p_field
  ) using public.staff_range_start(p_days, p_time_zone), least(greatest(coalesce(p_limit, 5), 1), 50), p_form;
end;
$$;

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

-- Deleting for good (after the page asks): the answers, the email outbox and the reads go; the inbox keeps
-- a marker, its history (with who deleted it) and its place in the list. Returns how many were deleted.
create or replace function public.staff_delete_submissions(p_ids uuid[]) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  me text := auth.jwt() ->> 'email';
  doomed record;
  deleted integer := 0;
begin
  if not public.is_staff() then
    raise exception 'Only staff may delete submissions.' using errcode = '42501';
  end if;
  for doomed in
    select i.submission_id, i.form_table from public.staff_inbox i
    where i.submission_id = any(p_ids) and i.withdrawn_at is null
    for update
  loop
    if to_regclass(format('public.%I', doomed.form_table)) is not null then
      execute format('delete from public.%I where id = $1', doomed.form_table) using doomed.submission_id;
    end if;
    delete from public.form_notifications n where n.submission_id = doomed.submission_id;
    delete from public.staff_inbox_reads r where r.submission_id = doomed.submission_id;
    update public.staff_inbox
       set name = null, email = null, organization = null, answers_text = null, note = null, sender_id = null,
           deleted_by = coalesce(me, 'a staff member'), withdrawn_at = now()
     where submission_id = doomed.submission_id;
    deleted := deleted + 1;
  end loop;
  return deleted;
end;
$$;
comment on function public.staff_delete_submissions(uuid[]) is 'Staff only: deletes these submissions for good (answers, emails due, reads), keeping a marker and its history that says who deleted it.';
revoke all on function public.staff_delete_submissions(uuid[]) from public, anon;
grant execute on function public.staff_delete_submissions(uuid[]) to authenticated;

-- What was marked as spam 30 days ago or more goes entirely: its answers, its inbox row and history, its
-- emails. Run by the sweep (hosted: the pg_cron job below; locally: supabase/local/sweep.ts). Returns how many.
create or replace function public.sweep_spam() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  doomed record;
  deleted integer := 0;
begin
  for doomed in
    select i.submission_id, i.form_table from public.staff_inbox i
    where i.spam_at <= now() - interval '30 days'
    order by i.spam_at
    limit 1000
    for update skip locked
  loop
    if to_regclass(format('public.%I', doomed.form_table)) is not null then
      execute format('delete from public.%I where id = $1', doomed.form_table) using doomed.submission_id;
    end if;
    delete from public.form_notifications n where n.submission_id = doomed.submission_id;
    delete from public.staff_inbox i where i.submission_id = doomed.submission_id;
    deleted := deleted + 1;
  end loop;
  return deleted;
end;
$$;
comment on function public.sweep_spam() is 'Deletes what was marked as spam 30 days ago or more (at most 1,000 a call). For the sweep: the service role only.';
revoke all on function public.sweep_spam() from public, anon, authenticated;
grant execute on function public.sweep_spam() to service_role;

-- A member's course materials follow what staff treat as real: an enrolment marked as spam opens nothing.
create or replace function public.my_choices(p_list text)
returns setof text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  declared record;
begin
  if me is null then
    return;
  end if;
  for declared in
    select distinct i.form_table, o.field
    from public.staff_inbox i
    join public.form_question_options o on o.form = i.form and o.list = p_list
    where i.sender_id = me and i.withdrawn_at is null and i.spam_at is null
  loop
    -- A form whose table or question was renamed since reads nothing here, rather than failing every download.
    continue when not exists (
      select from pg_attribute
      where attrelid = to_regclass(format('public.%I', declared.form_table)) and attname = declared.field and attnum > 0 and not attisdropped
    );
    return query execute format(
      'select distinct f.%1$I::text from public.%2$I f join public.staff_inbox i on i.submission_id = f.id
        where i.sender_id = $1 and i.withdrawn_at is null and i.spam_at is null and f.%1$I is not null',
      declared.field, declared.form_table
    ) using me;
  end loop;
end;
$$;

-- Hosted: the sweep of old spam runs daily with pg_cron, in the database (locally, supabase/local/sweep.ts calls it).
do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: the spam sweep is not scheduled in the database.';
    return;
  end if;
  create extension if not exists pg_cron;
  perform cron.schedule('sweep-old-spam', '17 3 * * *', 'select public.sweep_spam()');
end
$migration$;

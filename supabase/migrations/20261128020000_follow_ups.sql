-- Follow-ups (issue 41, item 7; docs/decisions/048): a day to come back to a submission, a "Due" view and
-- count, and each morning one email to each staff member listing what they hold that is due.
-- "Today" is the staff member's own: their browser tells the database its time zone (staff_settings).

alter table public.staff_inbox add column follow_up_on date
  constraint staff_inbox_follow_up_plausible check (follow_up_on between date '2000-01-01' and date '2999-12-31');
comment on column public.staff_inbox.follow_up_on is 'The day staff mean to come back to it, or null. Due from that day until it is closed or the date is cleared.';
grant update (follow_up_on) on table public.staff_inbox to authenticated;
create index staff_inbox_follow_ups on public.staff_inbox (follow_up_on)
  where follow_up_on is not null and spam_at is null and withdrawn_at is null and status <> 'closed';

-- Due on `today`: dated that day or before, not closed, not spam, not deleted. The one definition the
-- view, the count and the digest share (inlined by the planner: a single SQL expression).
create or replace function public.follow_up_due(i public.staff_inbox, today date) returns boolean
language sql
immutable
set search_path = ''
as $$
  select i.follow_up_on <= today and i.status <> 'closed' and i.spam_at is null and i.withdrawn_at is null
$$;
revoke execute on function public.follow_up_due(public.staff_inbox, date) from public, anon, authenticated;

-- Each staff member's time zone, as their browser last said.
create table public.staff_settings (
  staff_id uuid primary key references auth.users (id) on delete cascade,
  time_zone text not null default 'UTC' constraint staff_settings_time_zone_length check (length(time_zone) between 1 and 64)
);
comment on table public.staff_settings is 'Per staff member: the time zone their "today" (Due, the morning digest) is counted in.';
alter table public.staff_settings enable row level security;
revoke all on table public.staff_settings from public, anon, authenticated;
grant all on table public.staff_settings to service_role;

create or replace function public.staff_set_time_zone(p_time_zone text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff have follow-ups.' using errcode = '42501';
  end if;
  begin
    perform now() at time zone p_time_zone;
  exception when others then
    raise exception 'Not a time zone: %', left(p_time_zone, 64) using errcode = '22023';
  end;
  if p_time_zone is null or length(p_time_zone) not between 1 and 64 then
    raise exception 'Not a time zone: %', left(p_time_zone, 64) using errcode = '22023';
  end if;
  insert into public.staff_settings as s (staff_id, time_zone) values (auth.uid(), p_time_zone)
  on conflict (staff_id) do update set time_zone = excluded.time_zone where s.time_zone is distinct from excluded.time_zone;
end;
$$;
comment on function public.staff_set_time_zone(text) is 'Staff only: the caller''s time zone (an IANA name such as Europe/London), for their Due view and morning digest.';
revoke execute on function public.staff_set_time_zone(text) from public, anon;
grant execute on function public.staff_set_time_zone(text) to authenticated;

create or replace function public.staff_today(p_staff uuid) returns date
language sql
stable
security definer
set search_path = ''
as $$
  select (now() at time zone coalesce((select s.time_zone from public.staff_settings s where s.staff_id = p_staff), 'UTC'))::date
$$;
revoke execute on function public.staff_today(uuid) from public, anon, authenticated;

-- The list's conditions: "due" is a view of its own, as "spam" is ($10: the caller's today).
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
    || case when p_search is not null then array[$c$i.search like '%' || $5 || '%'$c$] else '{}' end
    || case when p_before is not null then array['i.seq < $6'] else '{}' end
    || case when p_after is not null then array['i.seq > $7'] else '{}' end, ' and ')
$$;
revoke execute on function public.staff_inbox_conditions(text, text, timestamptz, timestamptz, text, bigint, bigint) from public, anon, authenticated;

-- The inbox's page, now with each submission's follow-up day; the Due view is p_status 'due'.
drop function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text, boolean, text);
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
  p_answer text default null,
  p_unread boolean default null,
  p_assigned text default null
)
returns table (
  seq bigint, submission_id uuid, form text, form_table text, name text, email text, organization text,
  created_at timestamptz, status text, note text, unread boolean, assignee_id uuid, follow_up_on date
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
    'select i.seq, i.submission_id, i.form, i.form_table, i.name, i.email, i.organization, i.created_at, i.status, i.note, (%s) as unread, i.assignee_id, i.follow_up_on
     from public.staff_inbox i where %s and %s and %s and %s order by i.seq %s limit $8',
    public.staff_unread_condition(),
    public.staff_inbox_conditions(p_form, p_status, p_from, p_to, p_search, p_before, p_after),
    public.staff_inbox_answer_condition(p_form, p_field),
    case when p_unread then public.staff_unread_filter() else 'true' end,
    case p_assigned when 'me' then 'i.assignee_id = $11' when 'nobody' then 'i.assignee_id is null' else 'true' end,
    case when p_after is not null then 'asc' else 'desc' end
  ) using p_form, p_status, p_from, p_to, p_search, p_before, p_after, least(greatest(coalesce(p_limit, 51), 1), 1000), p_answer,
    public.staff_today(auth.uid())::text, auth.uid(), public.staff_caught_up_at();
end;
$$;
revoke execute on function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text, boolean, text) from public, anon;
grant execute on function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text, boolean, text) to authenticated, service_role;

-- What is new to the caller, now with how many follow-ups they hold are due on their today (the Due view
-- lists everyone's; the count, as the morning digest, is of one's own).
drop function public.staff_inbox_news();
create function public.staff_inbox_news() returns table (unread bigint, newest bigint, due bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  caught_up timestamptz := public.staff_caught_up_at();
  today date := public.staff_today(auth.uid());
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
    (select max(i.seq) from public.staff_inbox i),
    (select count(*) from public.staff_inbox i where i.assignee_id = me and public.follow_up_due(i, today));
end;
$$;
revoke execute on function public.staff_inbox_news() from public, anon;
grant execute on function public.staff_inbox_news() to authenticated, service_role;

-- The history names the day, or that it was cleared.
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
                 ('spam', case when old.spam_at is not null then 'spam' end, case when new.spam_at is not null then 'spam' end),
                 ('follow_up', old.follow_up_on::text, new.follow_up_on::text)) as change (field, old_value, new_value)
   where change.old_value is distinct from change.new_value
  union all
  select new.submission_id, auth.uid(), new.updated_by, 'assignee', public.staff_email(old.assignee_id), public.staff_email(new.assignee_id)
   where old.assignee_id is distinct from new.assignee_id;
  return null;
end;
$$;
revoke execute on function public.record_staff_inbox_events() from public, anon, authenticated;

-- The morning digest: one per staff member and day, once their clock has passed 8:00 and they hold
-- something due. An outbox as form_notifications is: claimed, sent, retried through a mail outage.
create table public.follow_up_digests (
  staff_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  state text not null default 'pending' constraint follow_up_digests_state_allowed check (state in ('pending', 'sending', 'sent')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  sent_at timestamptz,
  primary key (staff_id, day)
);
comment on table public.follow_up_digests is 'Each staff member''s morning email of the follow-ups due to them: pending, sending (claimed), sent.';
alter table public.follow_up_digests enable row level security;
revoke all on table public.follow_up_digests from public, anon, authenticated;
grant all on table public.follow_up_digests to service_role;
create index follow_up_digests_due on public.follow_up_digests (next_attempt_at) where state <> 'sent';

create or replace function public.queue_follow_up_digests() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued integer;
begin
  insert into public.follow_up_digests (staff_id, day)
  select u.id, clock.today
    from auth.users u
    left join public.staff_settings s on s.staff_id = u.id
    cross join lateral (select (now() at time zone coalesce(s.time_zone, 'UTC')) as at) local_time
    cross join lateral (select local_time.at::date as today, local_time.at::time as time) clock
   where u.raw_app_meta_data ->> 'staff' = 'true'
     and clock.time >= time '08:00'
     and exists (select 1 from public.staff_inbox i where i.assignee_id = u.id and public.follow_up_due(i, clock.today))
  on conflict (staff_id, day) do nothing;
  get diagnostics queued = row_count;
  return queued;
end;
$$;
comment on function public.queue_follow_up_digests() is 'Service role: queues today''s follow-up digest for each staff member past 8:00 in their time zone who holds something due.';
revoke execute on function public.queue_follow_up_digests() from public, anon, authenticated;
grant execute on function public.queue_follow_up_digests() to service_role;

-- Claims due digests with their list, as it is when the email goes: a digest whose follow-ups were all
-- dealt with before it went is finished without an email.
create or replace function public.claim_follow_up_digests(p_limit integer default 20)
returns table (staff_id uuid, day date, email text, due jsonb)
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed record;
  items jsonb;
begin
  for claimed in
    update public.follow_up_digests d
       set state = 'sending', attempts = d.attempts + 1, claimed_until = now() + interval '2 minutes'
      from (
        select x.staff_id, x.day from public.follow_up_digests x
         where x.state <> 'sent' and (x.state = 'pending' or x.claimed_until < now()) and x.next_attempt_at <= now()
         order by x.next_attempt_at
         limit greatest(1, least(p_limit, 100))
         for update skip locked) due_now
     where d.staff_id = due_now.staff_id and d.day = due_now.day
    returning d.staff_id, d.day
  loop
    select jsonb_agg(jsonb_build_object('submission_id', i.submission_id, 'form', i.form, 'name', i.name, 'organization', i.organization,
                                        'follow_up_on', i.follow_up_on, 'status', i.status) order by i.follow_up_on, i.seq)
      into items
      from (select * from public.staff_inbox i
             where i.assignee_id = claimed.staff_id and public.follow_up_due(i, claimed.day)
             order by i.follow_up_on, i.seq limit 100) i;
    if items is null or public.staff_email(claimed.staff_id) is null then
      update public.follow_up_digests d set state = 'sent', claimed_until = null, last_error = 'Nothing was due any more.'
       where d.staff_id = claimed.staff_id and d.day = claimed.day;
      continue;
    end if;
    staff_id := claimed.staff_id;
    day := claimed.day;
    email := public.staff_email(claimed.staff_id);
    due := items;
    return next;
  end loop;
end;
$$;
revoke execute on function public.claim_follow_up_digests(integer) from public, anon, authenticated;
grant execute on function public.claim_follow_up_digests(integer) to service_role;

create or replace function public.finish_follow_up_digest(p_staff uuid, p_day date, p_error text default null) returns void
language sql
security definer
set search_path = ''
as $$
  update public.follow_up_digests d
     set state = case when p_error is null then 'sent' else 'pending' end,
         sent_at = case when p_error is null then now() end,
         last_error = left(p_error, 1000),
         claimed_until = null,
         next_attempt_at = case when p_error is null then d.next_attempt_at
                                else now() + least(interval '5 seconds' * power(2, greatest(d.attempts - 1, 0)), interval '5 minutes') end
   where d.staff_id = p_staff and d.day = p_day and d.state = 'sending';
$$;
revoke execute on function public.finish_follow_up_digest(uuid, date, text) from public, anon, authenticated;
grant execute on function public.finish_follow_up_digest(uuid, date, text) to service_role;

-- Whether any email is waiting: what the sweeps ask before calling the function (the hosted job below,
-- supabase/local/sweep.ts here). Later outboxes add themselves here.
create or replace function public.outbox_has_due() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.form_notifications where state <> 'sent' and next_attempt_at <= now())
      or exists (select 1 from public.follow_up_digests where state <> 'sent' and next_attempt_at <= now())
$$;
revoke execute on function public.outbox_has_due() from public, anon, authenticated;
grant execute on function public.outbox_has_due() to service_role;

-- Hosted Supabase: the 30-second sweep now asks outbox_has_due(), and a job every 5 minutes queues the
-- digests of whoever's morning has come. Where pg_cron is missing, supabase/local/sweep.ts does both.
do $migration$
begin
  if (select count(*) from pg_available_extensions where name in ('pg_cron', 'pg_net')) < 2
     or not exists (select 1 from pg_namespace where nspname = 'vault') then
    raise notice 'pg_cron, pg_net or Vault is not available: follow-up digests not scheduled in the database.';
    return;
  end if;
  perform cron.schedule(
    'send-pending-form-notifications',
    '30 seconds',
    $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-form-notification',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
      body := '{"sweep": true}'::jsonb,
      timeout_milliseconds := 20000)
    where exists (select 1 from vault.decrypted_secrets where name = 'service_role_key')
      and public.outbox_has_due();
    $job$
  );
  perform cron.schedule('queue-follow-up-digests', '*/5 * * * *', 'select public.queue_follow_up_digests()');
end
$migration$;

-- Who has it (issue 41, item 3; docs/decisions/045): a submission may be assigned to one staff member.
-- Staff assign (any staff member, themselves included) and filter by "mine" and "nobody's"; the assignee
-- is emailed through the outbox (form_notifications, recipient 'assignee': exactly once per assignment,
-- retried through a mail outage, to whoever holds it when it goes); the history says who assigned whom.

alter table public.staff_inbox add column assignee_id uuid references auth.users (id) on delete set null;
comment on column public.staff_inbox.assignee_id is 'The staff member handling it, or null: nobody''s yet.';
create index staff_inbox_assignee_newest on public.staff_inbox (assignee_id, seq desc);
grant update (assignee_id) on table public.staff_inbox to authenticated;

-- Only a staff member can hold a submission (the update policy already lets only staff assign).
create or replace function public.assignee_is_staff() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.assignee_id is not null
     and not exists (select 1 from auth.users u where u.id = new.assignee_id and u.raw_app_meta_data ->> 'staff' = 'true') then
    raise exception 'Only a staff member can be assigned a submission.' using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke execute on function public.assignee_is_staff() from public, anon, authenticated;
create trigger assignee_is_staff
  before update of assignee_id on public.staff_inbox
  for each row when (new.assignee_id is distinct from old.assignee_id)
  execute function public.assignee_is_staff();

-- The address of a staff member, as the history and the email name them.
create or replace function public.staff_email(p_id uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.email from auth.users u where u.id = p_id
$$;
revoke execute on function public.staff_email(uuid) from public, anon, authenticated;

-- The history: one event per field that changed (the assignee by address), or the one event of a deletion by the sender.
create or replace function public.record_staff_inbox_events() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.withdrawn_at is not null then
    insert into public.staff_inbox_events (submission_id, at, field, new_value)
    values (new.submission_id, new.withdrawn_at, 'deleted', 'by its sender');
    return null;
  end if;
  insert into public.staff_inbox_events (submission_id, actor_id, actor_email, field, old_value, new_value)
  select new.submission_id, auth.uid(), new.updated_by, change.field, change.old_value, change.new_value
    from (values ('status', old.status, new.status), ('note', old.note, new.note),
                 ('assignee', public.staff_email(old.assignee_id), public.staff_email(new.assignee_id))) as change (field, old_value, new_value)
   where change.old_value is distinct from change.new_value;
  return null;
end;
$$;
revoke execute on function public.record_staff_inbox_events() from public, anon, authenticated;

-- The assignee's email is due at once, unless they assigned it to themselves. Assigned again before it
-- went, the one email goes to whoever holds it then.
alter table public.form_notifications drop constraint form_notifications_recipient_allowed;
alter table public.form_notifications add constraint form_notifications_recipient_allowed check (recipient in ('staff', 'sender', 'assignee'));
comment on column public.form_notifications.recipient is 'Who the email goes to: staff (every submission), the sender (forms with copyToSender) or the assignee (on each assignment).';

create or replace function public.queue_assignment_email() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.form_notifications (submission_id, form_table, recipient)
  values (new.submission_id, new.form_table, 'assignee')
  on conflict (submission_id, recipient) do update
    set state = 'pending', attempts = 0, last_error = null, next_attempt_at = now(), claimed_until = null, sent_at = null;
  return null;
end;
$$;
revoke execute on function public.queue_assignment_email() from public, anon, authenticated;
create trigger queue_assignment_email
  after update of assignee_id on public.staff_inbox
  for each row when (new.assignee_id is not null and new.assignee_id is distinct from old.assignee_id and new.assignee_id is distinct from auth.uid())
  execute function public.queue_assignment_email();

-- Claims what is due, now with where the email goes for an assignment (the assignee's address, and who
-- assigned it); an assignment undone before its email went has nothing to send and is dropped.
drop function public.claim_form_notifications(text, uuid, integer);
create function public.claim_form_notifications(p_table text default null, p_id uuid default null, p_limit integer default 20)
returns table (submission_id uuid, form_table text, recipient text, answers jsonb, attempts integer, assignee_email text, assigned_by text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed record;
  row_json jsonb;
  holder_email text;
  holder_by text;
begin
  for claimed in
    update public.form_notifications n
       set state = 'sending', attempts = n.attempts + 1, claimed_until = now() + interval '2 minutes'
      from (
        select d.submission_id, d.recipient from public.form_notifications d
         where d.state <> 'sent'
           and (d.state = 'pending' or d.claimed_until < now())
           and (p_id is not null or d.next_attempt_at <= now())
           and (p_id is null or (d.submission_id = p_id and d.form_table = p_table))
         order by d.next_attempt_at, d.recipient desc
         limit case when p_id is null then greatest(1, least(p_limit, 100)) else 3 end
         for update skip locked) due
     where n.submission_id = due.submission_id and n.recipient = due.recipient
    returning n.submission_id, n.form_table, n.recipient, n.attempts
  loop
    row_json := null;
    holder_email := null;
    holder_by := null;
    if to_regclass(format('public.%I', claimed.form_table)) is not null then
      execute format('select to_jsonb(t) from public.%I t where t.id = $1', claimed.form_table) into row_json using claimed.submission_id;
    end if;
    if claimed.recipient = 'assignee' then
      select public.staff_email(i.assignee_id), i.updated_by into holder_email, holder_by
        from public.staff_inbox i where i.submission_id = claimed.submission_id;
    end if;
    if row_json is null or (claimed.recipient = 'assignee' and holder_email is null) then
      delete from public.form_notifications n where n.submission_id = claimed.submission_id and n.recipient = claimed.recipient;
      continue;
    end if;
    submission_id := claimed.submission_id;
    form_table := claimed.form_table;
    recipient := claimed.recipient;
    answers := row_json;
    attempts := claimed.attempts;
    assignee_email := holder_email;
    assigned_by := holder_by;
    return next;
  end loop;
end;
$$;
revoke execute on function public.claim_form_notifications(text, uuid, integer) from public, anon, authenticated;
grant execute on function public.claim_form_notifications(text, uuid, integer) to service_role;

-- The staff members a submission can be assigned to, for staff.
create or replace function public.staff_members() returns table (id uuid, email text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    return;
  end if;
  return query select u.id, u.email::text from auth.users u where u.raw_app_meta_data ->> 'staff' = 'true' order by u.email;
end;
$$;
revoke execute on function public.staff_members() from public, anon;
grant execute on function public.staff_members() to authenticated;

-- The inbox's page, now with who has each submission and a filter by it: 'me' or 'nobody'.
drop function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text, boolean);
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
  created_at timestamptz, status text, note text, unread boolean, assignee_id uuid
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
    'select i.seq, i.submission_id, i.form, i.form_table, i.name, i.email, i.organization, i.created_at, i.status, i.note, (%s) as unread, i.assignee_id
     from public.staff_inbox i where %s and %s and %s and %s order by i.seq %s limit $8',
    public.staff_unread_condition(),
    public.staff_inbox_conditions(p_form, p_status, p_from, p_to, p_search, p_before, p_after),
    public.staff_inbox_answer_condition(p_form, p_field),
    case when p_unread then public.staff_unread_filter() else 'true' end,
    case p_assigned when 'me' then 'i.assignee_id = $11' when 'nobody' then 'i.assignee_id is null' else 'true' end,
    case when p_after is not null then 'asc' else 'desc' end
  ) using p_form, p_status, p_from, p_to, p_search, p_before, p_after, least(greatest(coalesce(p_limit, 51), 1), 1000), p_answer,
    null::text, auth.uid(), public.staff_caught_up_at();
end;
$$;
revoke execute on function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text, boolean, text) from public, anon;
grant execute on function public.staff_inbox_page(text, text, timestamptz, timestamptz, text, bigint, bigint, integer, text, text, boolean, text) to authenticated, service_role;

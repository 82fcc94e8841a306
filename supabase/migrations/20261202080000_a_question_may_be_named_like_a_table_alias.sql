-- A question may be named `t`, `f` or `saved`. The functions that read a whole submission named the form's
-- table `t` or `f` and took `to_jsonb(t)`, and where a column of that name exists PostgreSQL reads the
-- column, not the row: staff's email got one answer (or none, and was dropped), a reply lost its address,
-- and a member's "what you sent" failed. `to_jsonb(t.*)` always means the row. The same three functions as
-- their latest definitions, with only that changed; the generator's backfill reads `saved.*` likewise.

create or replace function public.claim_form_notifications(p_table text default null, p_id uuid default null, p_limit integer default 20)
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
      execute format('select to_jsonb(t.*) from public.%I t where t.id = $1', claimed.form_table) into row_json using claimed.submission_id;
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

create or replace function public.claim_staff_replies(p_id uuid default null, p_limit integer default 20)
returns table (id uuid, submission_id uuid, form_table text, answers jsonb, staff_name text, subject text, body text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed record;
  row_json jsonb;
begin
  for claimed in
    update public.staff_replies r
       set state = 'sending', attempts = r.attempts + 1, claimed_until = now() + interval '2 minutes'
      from (
        select d.id from public.staff_replies d
         where (d.state = 'pending' or (d.state = 'sending' and d.claimed_until < now()))
           and (p_id is not null or d.next_attempt_at <= now())
           and (p_id is null or d.id = p_id)
         order by d.next_attempt_at
         limit greatest(1, least(p_limit, 100))
         for update skip locked) due
     where r.id = due.id
    returning r.id, r.submission_id, r.staff_name, r.subject, r.body
  loop
    row_json := null;
    select i.form_table into form_table from public.staff_inbox i where i.submission_id = claimed.submission_id and i.withdrawn_at is null;
    if form_table is not null and to_regclass(format('public.%I', form_table)) is not null then
      execute format('select to_jsonb(t.*) from public.%I t where t.id = $1', form_table) into row_json using claimed.submission_id;
    end if;
    if row_json is null then
      update public.staff_replies r set state = 'dropped', claimed_until = null, last_error = 'The submission was deleted before the reply went.' where r.id = claimed.id;
      continue;
    end if;
    id := claimed.id;
    submission_id := claimed.submission_id;
    answers := row_json;
    staff_name := claimed.staff_name;
    subject := claimed.subject;
    body := claimed.body;
    return next;
  end loop;
end;
$$;

create or replace function public.my_submissions()
returns table (submission_id uuid, form text, sent_at timestamptz, state text, answers jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  listed record;
begin
  if me is null then
    return;
  end if;
  for listed in
    select i.submission_id, i.form, i.form_table, i.created_at, i.status
    from public.staff_inbox i
    where i.sender_id = me
    order by i.seq desc
    limit 200
  loop
    submission_id := listed.submission_id;
    form := listed.form;
    sent_at := listed.created_at;
    state := public.submission_state_for_sender(listed.status);
    answers := null;
    -- A form whose table was renamed since keeps its row here; its answers are then not shown.
    if to_regclass(format('public.%I', listed.form_table)) is not null then
      execute format('select to_jsonb(f.*) - ''id'' - ''created_at'' from public.%I f where f.id = $1', listed.form_table)
        into answers using listed.submission_id;
    end if;
    return next;
  end loop;
end;
$$;

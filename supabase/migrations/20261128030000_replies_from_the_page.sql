-- Answer from the page (issue 41, item 6; docs/decisions/049): staff reply to a submission's sender from
-- its page. The reply is an outbox row, sent by send-form-notification as every email is (once, retried
-- through a mail outage), from the site's address with the staff member's name, Reply-To the team; the
-- history says who replied, and a new or in-progress submission becomes Replied.

create table public.staff_replies (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null references public.staff_inbox (submission_id) on delete cascade,
  staff_id uuid references auth.users (id) on delete set null,
  -- As the sender reads it: the staff member's name (their account's), or their address.
  staff_name text not null,
  subject text not null constraint staff_replies_subject_one_line check (subject ~ '\S' and subject !~ '[\r\n]' and length(subject) <= 200),
  body text not null constraint staff_replies_body_length check (body ~ '\S' and length(body) <= 20000),
  -- dropped: its submission was deleted before it went, so there was no one to send it to.
  state text not null default 'pending' constraint staff_replies_state_allowed check (state in ('pending', 'sending', 'sent', 'dropped')),
  attempts integer not null default 0,
  last_error text,
  -- The page sends it at once; the sweep takes it only if that call never came (as a new lead's email).
  next_attempt_at timestamptz not null default now() + interval '30 seconds',
  claimed_until timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.staff_replies is 'Replies staff sent a submission''s sender from its page: what, by whom, and whether it went (pending, sending, sent, dropped).';
create index staff_replies_by_submission on public.staff_replies (submission_id, created_at);
create index staff_replies_due on public.staff_replies (next_attempt_at) where state in ('pending', 'sending');
alter table public.staff_replies enable row level security;
revoke all on table public.staff_replies from public, anon, authenticated;
grant select on table public.staff_replies to authenticated;
grant all on table public.staff_replies to service_role;
create policy staff_read on public.staff_replies for select to authenticated using ((select public.is_staff()));

-- Queues a reply and returns its id, for the page to have it sent at once.
create or replace function public.staff_send_reply(p_submission uuid, p_subject text, p_body text) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  entry record;
  me record;
  reply_id uuid;
begin
  if not public.is_staff() then
    raise exception 'Only staff may reply from the inbox.' using errcode = '42501';
  end if;
  select i.withdrawn_at, i.spam_at, i.email into entry from public.staff_inbox i where i.submission_id = p_submission for update;
  if not found then
    raise exception 'There is no such submission.' using errcode = 'P0002';
  end if;
  if entry.withdrawn_at is not null or entry.email is null then
    raise exception 'This submission was deleted; there is no one to reply to.' using errcode = 'P0001';
  end if;
  if entry.spam_at is not null then
    raise exception 'This submission is marked as spam: take it out of spam (Not spam) before replying.' using errcode = 'P0001';
  end if;
  if p_subject is null or p_subject !~ '\S' or p_subject ~ '[\r\n]' or length(p_subject) > 200 then
    raise exception 'The subject must be one line of at most 200 characters.' using errcode = '22023';
  end if;
  if p_body is null or p_body !~ '\S' or length(p_body) > 20000 then
    raise exception 'The message must have text, at most 20,000 characters.' using errcode = '22023';
  end if;
  select u.id, coalesce(nullif(btrim(regexp_replace(u.raw_user_meta_data ->> 'name', '[\r\n]+', ' ', 'g')), ''), u.email) as name, u.email
    into me from auth.users u where u.id = auth.uid();
  insert into public.staff_replies (submission_id, staff_id, staff_name, subject, body)
  values (p_submission, me.id, left(me.name, 120), btrim(p_subject), p_body)
  returning id into reply_id;
  insert into public.staff_inbox_events (submission_id, actor_id, actor_email, field, new_value)
  values (p_submission, me.id, me.email, 'reply', btrim(p_subject));
  -- Answered: the workflow says so (its own history event, by the same staff member).
  update public.staff_inbox set status = 'replied' where submission_id = p_submission and status in ('new', 'in_progress');
  return reply_id;
end;
$$;
comment on function public.staff_send_reply(uuid, text, text) is 'Staff only: queues a reply to the submission''s sender (one-line subject, message), records it in the history and marks the submission Replied; returns the reply''s id.';
revoke execute on function public.staff_send_reply(uuid, text, text) from public, anon;
grant execute on function public.staff_send_reply(uuid, text, text) to authenticated;

-- A submission deleted for good (by staff or with its sender's account) keeps no reply: what staff wrote
-- quoted the sender, and the answers are gone too.
create or replace function public.forget_replies_of_deleted() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.staff_replies r where r.submission_id = new.submission_id;
  return null;
end;
$$;
revoke execute on function public.forget_replies_of_deleted() from public, anon, authenticated;
create trigger forget_replies_of_deleted
  after update of withdrawn_at on public.staff_inbox
  for each row when (new.withdrawn_at is not null and old.withdrawn_at is null)
  execute function public.forget_replies_of_deleted();

-- Claims replies to send: one by id (the page's call, at once), or those due (the sweep). Each with the
-- submission's answers, which hold the address it goes to; a reply whose answers are gone is dropped.
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
      execute format('select to_jsonb(t) from public.%I t where t.id = $1', form_table) into row_json using claimed.submission_id;
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
revoke execute on function public.claim_staff_replies(uuid, integer) from public, anon, authenticated;
grant execute on function public.claim_staff_replies(uuid, integer) to service_role;

create or replace function public.finish_staff_reply(p_id uuid, p_error text default null) returns void
language sql
security definer
set search_path = ''
as $$
  update public.staff_replies r
     set state = case when p_error is null then 'sent' else 'pending' end,
         sent_at = case when p_error is null then now() end,
         last_error = left(p_error, 1000),
         claimed_until = null,
         next_attempt_at = case when p_error is null then r.next_attempt_at
                                else now() + least(interval '5 seconds' * power(2, greatest(r.attempts - 1, 0)), interval '1 minute') end
   where r.id = p_id and r.state = 'sending';
$$;
revoke execute on function public.finish_staff_reply(uuid, text) from public, anon, authenticated;
grant execute on function public.finish_staff_reply(uuid, text) to service_role;

-- The sweeps now look at replies too.
create or replace function public.outbox_has_due() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.form_notifications where state <> 'sent' and next_attempt_at <= now())
      or exists (select 1 from public.follow_up_digests where state <> 'sent' and next_attempt_at <= now())
      or exists (select 1 from public.staff_replies where state in ('pending', 'sending') and next_attempt_at <= now())
$$;
revoke execute on function public.outbox_has_due() from public, anon, authenticated;
grant execute on function public.outbox_has_due() to service_role;

-- A copy for the sender (issue 40, item 8; docs/decisions/039): a form that declares "copyToSender" in
-- schemas/forms.json emails the sender their answers too, through the same outbox as the staff email,
-- so each goes exactly once and is retried through a mail outage. form_notifications keeps one row per
-- email: the staff's ('staff', as before) and, for such forms, the sender's ('sender').

alter table public.form_notifications
  add column recipient text not null default 'staff'
  constraint form_notifications_recipient_allowed check (recipient in ('staff', 'sender'));
comment on column public.form_notifications.recipient is 'Who the email goes to: staff (every submission) or the sender (forms with copyToSender).';
alter table public.form_notifications drop constraint form_notifications_pkey;
alter table public.form_notifications add primary key (submission_id, recipient);
grant select (recipient) on table public.form_notifications to authenticated;

-- AFTER INSERT on each notifying form table: the staff email is due at once; with an argument (the
-- column holding the sender's address, generated from "copyToSender"), the sender's copy too, when
-- that address was given. The network address is kept on the staff row only: the per-client cap
-- counts submissions, not emails.
create or replace function public.queue_form_notification() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.form_notifications (submission_id, form_table, client_address)
  values (new.id, tg_table_name, public.request_client_address());
  if tg_nargs > 0 and nullif(to_jsonb(new) ->> tg_argv[0], '') is not null then
    insert into public.form_notifications (submission_id, form_table, recipient)
    values (new.id, tg_table_name, 'sender');
  end if;
  return new;
end;
$$;
revoke execute on function public.queue_form_notification() from public, anon, authenticated;

create or replace function public.limit_submissions_per_client() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := public.request_client_address();
begin
  if address is null then
    return new;
  end if;
  if (select count(*) from public.form_notifications n
       where n.form_table = tg_table_name and n.recipient = 'staff' and n.client_address = address
         and n.created_at > now() - interval '1 hour') >= tg_argv[0]::integer then
    raise exception 'Too many submissions from your network in the last hour. Please try again later or email us directly.'
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;
revoke execute on function public.limit_submissions_per_client() from public, anon, authenticated;

-- Claims what is due, as before, now each email with its recipient: one submission's emails (p_id, the
-- site's call: all of them, whatever p_limit) or, for the sweep, up to p_limit emails.
drop function public.claim_form_notifications(text, uuid, integer);
create function public.claim_form_notifications(p_table text default null, p_id uuid default null, p_limit integer default 20)
returns table (submission_id uuid, form_table text, recipient text, answers jsonb, attempts integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed record;
  row_json jsonb;
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
         limit case when p_id is null then greatest(1, least(p_limit, 100)) else 2 end
         for update skip locked) due
     where n.submission_id = due.submission_id and n.recipient = due.recipient
    returning n.submission_id, n.form_table, n.recipient, n.attempts
  loop
    execute format('select to_jsonb(t) from public.%I t where t.id = $1', claimed.form_table) into row_json using claimed.submission_id;
    submission_id := claimed.submission_id;
    form_table := claimed.form_table;
    recipient := claimed.recipient;
    answers := row_json;
    attempts := claimed.attempts;
    return next;
  end loop;
end;
$$;
revoke execute on function public.claim_form_notifications(text, uuid, integer) from public, anon, authenticated;
grant execute on function public.claim_form_notifications(text, uuid, integer) to service_role;

-- After a send, as before, for one of the submission's emails.
drop function public.finish_form_notification(uuid, text);
create function public.finish_form_notification(p_id uuid, p_error text default null, p_recipient text default 'staff') returns void
language sql
security definer
set search_path = ''
as $$
  update public.form_notifications n
     set state = case when p_error is null then 'sent' else 'pending' end,
         sent_at = case when p_error is null then now() end,
         last_error = left(p_error, 1000),
         claimed_until = null,
         next_attempt_at = case when p_error is null then n.next_attempt_at
                                else now() + least(interval '5 seconds' * power(2, greatest(n.attempts - 1, 0)), interval '1 minute') end
   where n.submission_id = p_id and n.recipient = p_recipient and n.state = 'sending';
$$;
revoke execute on function public.finish_form_notification(uuid, text, text) from public, anon, authenticated;
grant execute on function public.finish_form_notification(uuid, text, text) to service_role;

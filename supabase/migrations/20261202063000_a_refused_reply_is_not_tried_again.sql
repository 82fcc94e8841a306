-- A staff reply to an address the mail provider refuses for good is not tried again, as a form's emails
-- to visitors are not (20261202060000): it is 'refused', with nothing due, and the submission's page says
-- so, instead of "waiting to send" for ever while the outbox calls the provider every minute.
alter table public.staff_replies drop constraint staff_replies_state_allowed;
alter table public.staff_replies
  add constraint staff_replies_state_allowed check (state in ('pending', 'sending', 'sent', 'dropped', 'refused'));
comment on table public.staff_replies is 'Replies staff sent a submission''s sender from its page: what, by whom, and whether it went (pending, sending, sent, dropped, refused).';

drop function public.finish_staff_reply(uuid, text);
create function public.finish_staff_reply(p_id uuid, p_error text default null, p_refused boolean default false) returns void
language sql
security definer
set search_path = ''
as $$
  update public.staff_replies r
     set state = case when p_error is null then 'sent' when p_refused then 'refused' else 'pending' end,
         sent_at = case when p_error is null then now() end,
         last_error = left(p_error, 1000),
         claimed_until = null,
         next_attempt_at = case when p_error is null then r.next_attempt_at
                                when p_refused then 'infinity'
                                else now() + least(interval '5 seconds' * power(2, greatest(r.attempts - 1, 0)), interval '1 minute') end
   where r.id = p_id and r.state = 'sending';
$$;
revoke execute on function public.finish_staff_reply(uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.finish_staff_reply(uuid, text, boolean) to service_role;

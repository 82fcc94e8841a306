-- An email whose recipient the mail provider refuses for good (an SMTP 5xx to RCPT TO, or the provider's
-- "invalid to" answer) is not tried again: before, the outbox retried it every minute for ever, so anyone
-- with the anon key could leave rows that call the provider once a minute each and push real retries back.
-- Only emails to a visitor or a colleague stop; the team's own email (recipient 'staff') keeps trying,
-- since a lead must reach staff and a refused team address is a setting to mend, not an address to drop.
alter table public.form_notifications drop constraint form_notifications_state_allowed;
alter table public.form_notifications
  add constraint form_notifications_state_allowed check (state in ('pending', 'sending', 'sent', 'refused'));

-- After a send, as before, and with p_refused when the provider refused the recipient for good: the
-- email is then 'refused', never due again (claim_form_notifications takes only pending or overdue
-- sending rows, and the hosted sweep runs only while one is due).
drop function public.finish_form_notification(uuid, text, text);
create function public.finish_form_notification(p_id uuid, p_error text default null, p_recipient text default 'staff', p_refused boolean default false)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.form_notifications n
     set state = case when p_error is null then 'sent' when p_refused and n.recipient <> 'staff' then 'refused' else 'pending' end,
         sent_at = case when p_error is null then now() end,
         last_error = left(p_error, 1000),
         claimed_until = null,
         next_attempt_at = case when p_error is null then n.next_attempt_at
                                when p_refused and n.recipient <> 'staff' then 'infinity'
                                else now() + least(interval '5 seconds' * power(2, greatest(n.attempts - 1, 0)), interval '1 minute') end
   where n.submission_id = p_id and n.recipient = p_recipient and n.state = 'sending';
$$;
revoke execute on function public.finish_form_notification(uuid, text, text, boolean) from public, anon, authenticated;
grant execute on function public.finish_form_notification(uuid, text, text, boolean) to service_role;

-- A new sign-up of an address already on the list (confirmed, and not unsubscribed since, from any of its
-- sign-ups to the same form) is on the list too: the owner's last choice holds for the address
-- (20261128130000_one_choice_per_address.sql), and staff read "Waiting for confirmation" beside it, as if
-- the address were not subscribed. The request to confirm is still sent, as to any sign-up: the page and
-- the email say the same to everyone, so nobody learns from them whether an address is on the list.
-- As before (20261128090000_newsletter_double_opt_in.sql), but for the opt-in row's confirmed_at.
create or replace function public.queue_form_notification() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := case when tg_nargs > 0 then nullif(to_jsonb(new) ->> tg_argv[0], '') end;
begin
  insert into public.form_notifications (submission_id, form_table, client_address)
  values (new.id, tg_table_name, public.request_client_address());
  if address is not null then
    insert into public.form_notifications (submission_id, form_table, recipient)
    values (new.id, tg_table_name, 'sender');
  end if;
  if tg_nargs > 1 and tg_argv[1] = 'opt-in' then
    insert into public.opt_ins (submission_id, form_table, confirmed_at)
    values (new.id, tg_table_name, (
      select min(o.confirmed_at)
        from public.staff_inbox i
        join public.opt_ins o on o.submission_id = i.submission_id
       where i.form_table = tg_table_name and lower(i.email) = lower(address)
         and o.confirmed_at is not null and o.unsubscribed_at is null
    ));
  end if;
  return new;
end;
$$;

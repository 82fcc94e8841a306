-- A submission deleted before its emails went out (by the service role, or by a future staff delete)
-- left its rows here due, and every sweep claimed them, failed with "deleted before its email was sent"
-- and tried again a minute later, for ever. Claiming such a row now removes it instead: there is
-- nothing left to send. (Members deleting their account remove theirs themselves: decision 040.)
create or replace function public.claim_form_notifications(p_table text default null, p_id uuid default null, p_limit integer default 20)
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
    row_json := null;
    if to_regclass(format('public.%I', claimed.form_table)) is not null then
      execute format('select to_jsonb(t) from public.%I t where t.id = $1', claimed.form_table) into row_json using claimed.submission_id;
    end if;
    if row_json is null then
      delete from public.form_notifications n where n.submission_id = claimed.submission_id and n.recipient = claimed.recipient;
      continue;
    end if;
    submission_id := claimed.submission_id;
    form_table := claimed.form_table;
    recipient := claimed.recipient;
    answers := row_json;
    attempts := claimed.attempts;
    return next;
  end loop;
end;
$$;

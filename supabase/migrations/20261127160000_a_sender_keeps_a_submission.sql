-- A visitor who sent a form and then signs in keeps it in their account (issue 40, item 3;
-- docs/decisions/041). Decision 038 links nothing by address alone: anyone can type someone else's
-- address. Here two proofs are asked together: the submission's id, which only the browser that chose it
-- (and staff) know, and the account's confirmed address, which must be the one the form was sent with.
-- The browser that sent it keeps the id for a week and offers it once its visitor is signed in.

create or replace function public.keep_my_submission(submission uuid) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  address text;
  kept int;
begin
  if me is null then
    return false;
  end if;
  select u.email into address from auth.users u where u.id = me and u.email_confirmed_at is not null;
  if address is null then
    return false;
  end if;
  update public.staff_inbox i
     set sender_id = me
   where i.submission_id = submission
     and i.sender_id is null
     and i.withdrawn_at is null
     and i.created_at > now() - interval '7 days'
     and lower(i.email) = lower(address);
  get diagnostics kept = row_count;
  return kept = 1;
end;
$$;
comment on function public.keep_my_submission(uuid) is 'Links a submission sent in the last 7 days from the caller''s confirmed address, by its id, to the caller''s account. true when it was linked.';
revoke execute on function public.keep_my_submission(uuid) from public, anon;
grant execute on function public.keep_my_submission(uuid) to authenticated;

-- Who changed it and when: a sender keeping their submission is not a change staff made, so it is not
-- stamped as one (and their address is not shown as the one who last changed it).
create or replace function public.stamp_staff_inbox_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.withdrawn_at is not null then
    raise exception 'Its sender deleted this submission; there is nothing left to change.' using errcode = 'P0001';
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

comment on column public.staff_inbox.sender_id is 'The account signed in when the submission was sent (auth.uid() at insert), or that kept it later with its id from its confirmed address (keep_my_submission); null for a visitor.';

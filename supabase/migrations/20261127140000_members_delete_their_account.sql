-- Members delete their account and everything they sent (issue 40, item 6; docs/decisions/040).
-- public.delete_my_account() works only on the caller's own account (auth.uid() from the verified
-- token): it deletes the answers of every submission they sent while signed in, the emails still queued
-- for them, staff's notes and history of them, then the account (its profile and sessions go with it).
-- Each submission's inbox row stays as a marker with nothing of the sender in it, so staff read in its
-- history that its sender deleted it, rather than finding a lead gone without a word.

alter table public.staff_inbox add column withdrawn_at timestamptz;
comment on column public.staff_inbox.withdrawn_at is 'When the sender deleted this submission with their account: its answers, sender and note are gone.';

-- Who changed it and when, on every update; a deleted submission is changed by no one (its sender's
-- address is not kept as the one who changed it), and then by no one at all.
create or replace function public.stamp_staff_inbox_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.withdrawn_at is not null then
    raise exception 'Its sender deleted this submission; there is nothing left to change.' using errcode = 'P0001';
  end if;
  new.updated_at := now();
  new.updated_by := case when new.withdrawn_at is null then coalesce(auth.jwt() ->> 'email', auth.role(), current_user) end;
  return new;
end;
$$;
revoke execute on function public.stamp_staff_inbox_change() from public, anon;

-- The history: one event per field that changed, or the one event of a deletion by the sender.
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
    from (values ('status', old.status, new.status), ('note', old.note, new.note)) as change (field, old_value, new_value)
   where change.old_value is distinct from change.new_value;
  return null;
end;
$$;
revoke execute on function public.record_staff_inbox_events() from public, anon, authenticated;

create or replace function public.delete_my_account() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  sent record;
  deleted integer := 0;
begin
  if me is null or not exists (select 1 from auth.users u where u.id = me) then
    raise exception 'Sign in to delete your account.' using errcode = '42501';
  end if;
  for sent in select i.submission_id, i.form_table from public.staff_inbox i where i.sender_id = me loop
    if to_regclass(format('public.%I', sent.form_table)) is not null then
      execute format('delete from public.%I where id = $1', sent.form_table) using sent.submission_id;
    end if;
    deleted := deleted + 1;
  end loop;
  delete from public.form_notifications n using public.staff_inbox i where n.submission_id = i.submission_id and i.sender_id = me;
  -- Staff's notes are about the sender too: the history of each change goes, the deletion is recorded.
  delete from public.staff_inbox_events e using public.staff_inbox i where e.submission_id = i.submission_id and i.sender_id = me;
  -- The inbox rows keep no link to the account (so its deletion below has nothing to set null there).
  update public.staff_inbox
     set name = null, email = null, organization = null, answers_text = null, note = null, sender_id = null, withdrawn_at = now()
   where sender_id = me;
  -- The profile (clients), sessions and identities go with the account.
  delete from auth.users where id = me;
  return deleted;
end;
$$;
comment on function public.delete_my_account() is 'Deletes the caller''s account and every submission they sent while signed in; returns how many submissions.';
revoke all on function public.delete_my_account() from public, anon;
grant execute on function public.delete_my_account() to authenticated;

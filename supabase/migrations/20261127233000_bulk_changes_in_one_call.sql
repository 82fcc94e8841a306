-- Many at once (issue 41, 4): the inbox changes the selected submissions with one call, ids in its body
-- (a list of 500 ids does not fit in an address: hosted gateways and Node refuse headers over 8-16 KB).
-- It runs as the caller (security invoker), so the same grants, policies and triggers decide each row as
-- an update from the page would: staff only, a deleted one stops the whole call, each row gets its history.
create or replace function public.staff_change_submissions(p_ids uuid[], p_changes jsonb) returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  changed integer;
begin
  if not public.is_staff() then
    raise exception 'Only staff may change submissions.' using errcode = '42501';
  end if;
  if coalesce(cardinality(p_ids), 0) > 1000 then
    raise exception 'At most 1,000 submissions at once.' using errcode = '22023';
  end if;
  if p_changes ? 'status' then
    update public.staff_inbox set status = p_changes ->> 'status' where submission_id = any(p_ids);
  elsif p_changes ? 'assignee_id' then
    update public.staff_inbox set assignee_id = (p_changes ->> 'assignee_id')::uuid where submission_id = any(p_ids);
  elsif p_changes ? 'spam' then
    update public.staff_inbox set spam_at = case when (p_changes ->> 'spam')::boolean then now() end where submission_id = any(p_ids);
  else
    raise exception 'Say what to change: status, assignee_id or spam.' using errcode = '22023';
  end if;
  get diagnostics changed = row_count;
  return changed;
end;
$$;
comment on function public.staff_change_submissions(uuid[], jsonb) is 'Staff only: sets the status, the assignee or the spam mark of these submissions (at most 1,000) as the caller; returns how many changed.';
revoke all on function public.staff_change_submissions(uuid[], jsonb) from public, anon;
grant execute on function public.staff_change_submissions(uuid[], jsonb) to authenticated;

-- The history looks staff addresses up only when the assignee changed: a status set on 500 submissions
-- made 1,000 lookups for nothing.
create or replace function public.record_staff_inbox_events() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.withdrawn_at is not null then
    insert into public.staff_inbox_events (submission_id, at, actor_id, actor_email, field, new_value)
    values (new.submission_id, new.withdrawn_at, case when new.deleted_by is not null then auth.uid() end, new.deleted_by, 'deleted',
            case when new.deleted_by is not null then 'by staff' else 'by its sender' end);
    return null;
  end if;
  insert into public.staff_inbox_events (submission_id, actor_id, actor_email, field, old_value, new_value)
  select new.submission_id, auth.uid(), new.updated_by, change.field, change.old_value, change.new_value
    from (values ('status', old.status, new.status), ('note', old.note, new.note),
                 ('spam', case when old.spam_at is not null then 'spam' end, case when new.spam_at is not null then 'spam' end)) as change (field, old_value, new_value)
   where change.old_value is distinct from change.new_value
  union all
  select new.submission_id, auth.uid(), new.updated_by, 'assignee', public.staff_email(old.assignee_id), public.staff_email(new.assignee_id)
   where old.assignee_id is distinct from new.assignee_id;
  return null;
end;
$$;
revoke execute on function public.record_staff_inbox_events() from public, anon, authenticated;

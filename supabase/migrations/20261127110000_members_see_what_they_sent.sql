-- Members see what they sent (issue 40, 2; docs/decisions/038). Each submission's inbox row records the
-- account that was signed in when it was sent: auth.uid() from the request's verified token, never a
-- value the request carries. public.my_submissions() gives the signed-in member their own submissions,
-- newest first, with their answers and where each stands in the visitor's words; never staff notes,
-- never anyone else's.

alter table public.staff_inbox add column sender_id uuid references auth.users (id) on delete set null;
comment on column public.staff_inbox.sender_id is 'The account signed in when the submission was sent (auth.uid() at insert), or null for a visitor who was not.';
create index staff_inbox_sender_newest on public.staff_inbox (sender_id, seq desc) where sender_id is not null;

create or replace function public.list_in_staff_inbox() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  answers jsonb := to_jsonb(new);
begin
  insert into public.staff_inbox (submission_id, form, form_table, name, email, organization, created_at, answers_text, sender_id)
  values (
    new.id, tg_argv[0], tg_table_name, answers ->> nullif(tg_argv[1], ''), lower(answers ->> tg_argv[2]), answers ->> nullif(tg_argv[3], ''), new.created_at,
    public.staff_inbox_answers_text(answers), auth.uid()
  );
  return new;
end;
$$;

-- Where a submission stands, as its sender reads it: staff's status in the visitor's words.
create or replace function public.submission_state_for_sender(status text) returns text
language sql
immutable
set search_path = ''
as $$
  select case status when 'new' then 'received' when 'in_progress' then 'being handled' when 'replied' then 'answered' else 'closed' end
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
      execute format('select to_jsonb(f) - ''id'' - ''created_at'' from public.%I f where f.id = $1', listed.form_table)
        into answers using listed.submission_id;
    end if;
    return next;
  end loop;
end;
$$;
comment on function public.my_submissions() is 'The signed-in member''s own submissions (newest first, at most 200): form, time, state in the visitor''s words, answers. Nothing for anyone else.';
revoke all on function public.my_submissions() from public, anon;
grant execute on function public.my_submissions() to authenticated;
revoke all on function public.submission_state_for_sender(text) from public, anon;
grant execute on function public.submission_state_for_sender(text) to authenticated;

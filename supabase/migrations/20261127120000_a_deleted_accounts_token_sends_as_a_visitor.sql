-- A token outlives its account by up to an hour (and a test or a script may sign one for no account): its
-- submission is saved as a visitor's, with no sender, instead of failing on the sender's reference to
-- auth.users (decision 038).
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
    public.staff_inbox_answers_text(answers), (select u.id from auth.users u where u.id = auth.uid())
  );
  return new;
end;
$$;

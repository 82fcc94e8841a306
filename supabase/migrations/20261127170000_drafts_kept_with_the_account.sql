-- A signed-in member's unfinished wizard (the assessment) is kept with their account, so it resumes on
-- another device (issue 40, item 5; docs/decisions/042). One draft per member and wizard form, written
-- only through public.save_form_draft (which checks the form and the size), read and deleted by its
-- owner alone; deleted with the account.

create table public.form_drafts (
  user_id uuid not null references auth.users (id) on delete cascade,
  form text not null,
  draft jsonb not null check (jsonb_typeof(draft) = 'object'),
  updated_at timestamptz not null default now(),
  primary key (user_id, form)
);
comment on table public.form_drafts is 'A member''s unfinished wizard form (its step and answers so far), one per form; written by save_form_draft only.';
alter table public.form_drafts enable row level security;
revoke all on table public.form_drafts from anon, authenticated;
grant select, delete on table public.form_drafts to authenticated;
grant all on table public.form_drafts to service_role;
create policy own_drafts_read on public.form_drafts for select to authenticated using (user_id = (select auth.uid()));
create policy own_drafts_delete on public.form_drafts for delete to authenticated using (user_id = (select auth.uid()));

-- Saves (or, with null, deletes) the caller's draft of a wizard form; returns when it was saved, on the
-- database's clock, which the browsers compare drafts by (their own clocks may disagree).
create or replace function public.save_form_draft(p_form text, p_draft jsonb) returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  saved timestamptz;
begin
  if me is null or not exists (select 1 from auth.users u where u.id = me) then
    raise exception 'Sign in to keep a draft with your account.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.form_step_keys k where k.form = p_form) then
    raise exception 'Only a form with steps keeps a draft; "%" has none.', left(p_form, 60) using errcode = '22023';
  end if;
  if p_draft is null then
    delete from public.form_drafts where user_id = me and form = p_form;
    return now();
  end if;
  if jsonb_typeof(p_draft) <> 'object' or octet_length(p_draft::text) > 65536 then
    raise exception 'A draft is an object of answers of at most 64 KB.' using errcode = '22023';
  end if;
  insert into public.form_drafts (user_id, form, draft, updated_at) values (me, p_form, p_draft, clock_timestamp())
  on conflict (user_id, form) do update set draft = excluded.draft, updated_at = excluded.updated_at
  returning updated_at into saved;
  return saved;
end;
$$;
comment on function public.save_form_draft(text, jsonb) is 'Keeps the caller''s draft of a wizard form (null deletes it); returns when, on the database''s clock.';
revoke execute on function public.save_form_draft(text, jsonb) from public, anon;
grant execute on function public.save_form_draft(text, jsonb) to authenticated;

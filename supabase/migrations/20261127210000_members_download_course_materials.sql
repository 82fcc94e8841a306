-- Issue 40 (4): course materials and members' resources are files in Supabase Storage (the buckets and
-- their files are supabase/config.toml's [storage.buckets.*]), read through signed download links that
-- these policies allow: every signed-in member reads the members' resources, and a member reads a
-- course's materials (course-materials/<course>/…) once they have enrolled in it while signed in.
-- Which question of which form names the course is the forms' declaration (forms.json "options"), written
-- here by the generator, so no question is named in hand-written SQL (decision 035).

create table public.form_question_options (
  form text not null,
  field text not null,
  list text not null,
  primary key (form, field)
);
comment on table public.form_question_options is 'Each question whose choices are one of site.config.ts''s option lists (forms.json "options"), kept by generated migrations (declare_question_options).';
alter table public.form_question_options enable row level security;
revoke all on table public.form_question_options from anon, authenticated;

create or replace function public.declare_question_options(p_form text, p_field text, p_list text)
returns void
language sql
set search_path = ''
as $$
  delete from public.form_question_options where form = p_form and field = p_field and p_list is null;
  insert into public.form_question_options (form, field, list) select p_form, p_field, p_list where p_list is not null
  on conflict (form, field) do update set list = excluded.list;
$$;
revoke execute on function public.declare_question_options(text, text, text) from public, anon, authenticated;

-- What the signed-in member chose from an option list ('courses': the courses they enrolled in) in the
-- submissions they sent signed in or kept since, and have not withdrawn. Nothing for anyone else.
create or replace function public.my_choices(p_list text)
returns setof text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  declared record;
begin
  if me is null then
    return;
  end if;
  for declared in
    select distinct i.form_table, o.field
    from public.staff_inbox i
    join public.form_question_options o on o.form = i.form and o.list = p_list
    where i.sender_id = me and i.withdrawn_at is null
  loop
    -- A form whose table or question was renamed since reads nothing here, rather than failing every download.
    continue when not exists (
      select from pg_attribute
      where attrelid = to_regclass(format('public.%I', declared.form_table)) and attname = declared.field and attnum > 0 and not attisdropped
    );
    return query execute format(
      'select distinct f.%1$I::text from public.%2$I f join public.staff_inbox i on i.submission_id = f.id
        where i.sender_id = $1 and i.withdrawn_at is null and f.%1$I is not null',
      declared.field, declared.form_table
    ) using me;
  end loop;
end;
$$;
comment on function public.my_choices(text) is 'The values the signed-in member chose from an option list of site.config.ts (''courses'': the courses they enrolled in), from their own submissions not withdrawn.';
revoke all on function public.my_choices(text) from public, anon;
grant execute on function public.my_choices(text) to authenticated;

-- Signed-in members, not anonymous sign-ins (hosted gives those the authenticated role too).
create policy "Members read the members' resources"
  on storage.objects for select to authenticated
  using (bucket_id = 'member-resources' and coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false) = false);

-- The course is the object's first folder; the uncorrelated subquery is run once per statement.
create policy "Members read the materials of the courses they enrolled in"
  on storage.objects for select to authenticated
  using (bucket_id = 'course-materials' and (storage.foldername(name))[1] in (select public.my_choices('courses')));

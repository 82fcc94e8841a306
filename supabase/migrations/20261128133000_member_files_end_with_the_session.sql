-- Members' files end with the session, as staff access does (20261127050000_staff_access_ends_with_the_session.sql):
-- a member who signed out, or deleted their account, holds a token that stays valid until it expires (up to
-- an hour); it no longer reads the members' resources or their courses' materials. The token names its
-- session (`session_id`, as GoTrue issues it); the session must still exist.
create or replace function public.session_is_live() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from auth.sessions where id::text = auth.jwt() ->> 'session_id')
$$;
comment on function public.session_is_live() is 'Whether the request''s token names a session that still exists (not signed out, not deleted with its account).';
revoke execute on function public.session_is_live() from public;
grant execute on function public.session_is_live() to authenticated, service_role;

drop policy "Members read the members' resources" on storage.objects;
create policy "Members read the members' resources"
  on storage.objects for select to authenticated
  using (bucket_id = 'member-resources' and coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false) = false and (select public.session_is_live()));

drop policy "Members read the materials of the courses they enrolled in" on storage.objects;
create policy "Members read the materials of the courses they enrolled in"
  on storage.objects for select to authenticated
  using (bucket_id = 'course-materials' and (select public.session_is_live()) and (storage.foldername(name))[1] in (select public.my_choices('courses')));

-- Staff access ends with the session (issue 39, 4): a staff member who signed out, everywhere or here,
-- or whose session an owner ended, is no longer staff, though the token they held stays valid until it
-- expires (up to an hour). The token names its session (`session_id`, as GoTrue issues it); the session
-- must still exist. Security definer: visitors cannot read auth.sessions, and need not.
create or replace function public.is_staff() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'staff') = 'true', false)
    and exists (select 1 from auth.sessions where id::text = auth.jwt() ->> 'session_id')
$$;
revoke execute on function public.is_staff() from public;
grant execute on function public.is_staff() to anon, authenticated, service_role;

-- An address signed up twice has two sign-ups and two tokens (each email carries its own links). What its
-- owner chose last holds for the address, not for one of its sign-ups (docs/decisions/052): Unsubscribe in
-- any of its emails takes the address off the list (an earlier confirmed sign-up kept it on, and staff
-- would have gone on mailing it), and Confirm puts every sign-up of the address on it.

create index staff_inbox_by_address on public.staff_inbox (form_table, lower(email)) where email is not null;

-- The sign-ups a token speaks for: its own, and every other sign-up to the same form from the same address
-- (as staff read it in the inbox, in any case). A sign-up staff deleted speaks for itself alone.
create or replace function public.opt_in_address_sign_ups(p_token uuid) returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select o.submission_id from public.opt_ins o where o.token = p_token
  union
  select other.submission_id
    from public.opt_ins o
    join public.staff_inbox mine on mine.submission_id = o.submission_id and mine.email is not null
    join public.staff_inbox other on other.form_table = mine.form_table and lower(other.email) = lower(mine.email)
   where o.token = p_token
$$;
revoke execute on function public.opt_in_address_sign_ups(uuid) from public, anon, authenticated;

create or replace function public.confirm_opt_in(p_token uuid) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.opt_ins := public.opt_in_of(p_token);
begin
  if target.submission_id is null then
    return 'unknown';
  end if;
  update public.opt_ins
     set confirmed_at = case when unsubscribed_at is null then coalesce(confirmed_at, now()) else now() end,
         unsubscribed_at = null
   where submission_id in (select public.opt_in_address_sign_ups(p_token));
  return 'confirmed';
end;
$$;
comment on function public.confirm_opt_in(uuid) is 'The confirm link: puts the address of this token on the list (every sign-up of it to the form). Answers confirmed or unknown.';
revoke execute on function public.confirm_opt_in(uuid) from public;
grant execute on function public.confirm_opt_in(uuid) to anon, authenticated, service_role;

create or replace function public.unsubscribe_opt_in(p_token uuid) returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.opt_ins set unsubscribed_at = coalesce(unsubscribed_at, now())
   where submission_id in (select public.opt_in_address_sign_ups(p_token));
  return case when found then 'unsubscribed' else 'unknown' end;
end;
$$;
comment on function public.unsubscribe_opt_in(uuid) is 'The unsubscribe link: takes the address of this token off the list (every sign-up of it to the form), even once its sign-up is deleted. Answers unsubscribed or unknown.';
revoke execute on function public.unsubscribe_opt_in(uuid) from public;
grant execute on function public.unsubscribe_opt_in(uuid) to anon, authenticated, service_role;

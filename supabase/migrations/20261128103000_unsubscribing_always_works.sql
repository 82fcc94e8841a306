-- An unsubscribe link always works (docs/decisions/052): the address it was sent to may sit in the tool
-- staff send the newsletter with (the CSV carries each link) after its sign-up was deleted here (as spam,
-- or with the account). Confirming still needs the sign-up; taking an address off the list does not.
create or replace function public.unsubscribe_opt_in(p_token uuid) returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.opt_ins set unsubscribed_at = coalesce(unsubscribed_at, now()) where token = p_token;
  return case when found then 'unsubscribed' else 'unknown' end;
end;
$$;
comment on function public.unsubscribe_opt_in(uuid) is 'The unsubscribe link: takes the address of this token off the list, even once its sign-up is deleted. Answers unsubscribed or unknown.';
revoke execute on function public.unsubscribe_opt_in(uuid) from public;
grant execute on function public.unsubscribe_opt_in(uuid) to anon, authenticated, service_role;

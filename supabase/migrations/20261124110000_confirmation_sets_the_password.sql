-- Confirming an address proves who owns it; a password given at sign-up proves nothing (anyone can sign
-- up with anyone's address, and hosted Supabase keeps the first sign-up of an unconfirmed address). So the
-- confirmation clears that password: the link signs its owner in, and the site asks them to choose their
-- password at once (decision 021). An invitation (npm run staff:add) is accepted the same way.
create or replace function public.confirmation_clears_password()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- '' matches no password, on GoTrue (bcrypt refuses it as a hash) and on the local stand-in alike.
  new.encrypted_password := '';
  return new;
end;
$$;

revoke all on function public.confirmation_clears_password() from public, anon, authenticated;

create trigger confirmation_clears_password
  before update on auth.users
  for each row
  when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function public.confirmation_clears_password();

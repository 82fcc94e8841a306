-- The password typed at sign-up is kept when the confirmation link is opened in the browser that signed
-- up (issue 40, item 7; docs/decisions/043). Confirming still clears it (decision 021: whoever signed up
-- first may not own the address), but the hash is set aside for an hour, and given back to the account
-- only by the browser that holds the sign-up's secret, once the link has signed its owner in there.
--
-- The secret's proof: the sign-up sends sha256(secret) as `sign_up_proof` with its answers. GoTrue copies
-- a sign-up's data into the email identity it creates with the account (api/signup.go) and, for a second
-- sign-up of an unconfirmed address, changes neither the account (nor its password) nor that identity.
-- So the proof in auth.identities belongs to the very sign-up whose password auth.users holds. The
-- metadata filter (keep_only_sign_up_answers) leaves it out of the account's metadata, so it is in no token
-- and no member can change it. A stranger who signed up first holds a secret but never a session: the
-- link that signs in is in the owner's inbox. The owner holds a session but not the stranger's secret.

create table public.sign_up_passwords (
  user_id uuid primary key references auth.users (id) on delete cascade,
  encrypted_password text not null,
  confirmed_at timestamptz not null default now()
);
comment on table public.sign_up_passwords is 'A sign-up''s password hash, set aside for an hour when its address is confirmed; only keep_my_sign_up_password reads it.';
alter table public.sign_up_passwords enable row level security;
-- No policy and no grant: no API role reads or writes it, not even the service role's requests.
revoke all on table public.sign_up_passwords from public, anon, authenticated, service_role;

create or replace function public.confirmation_clears_password()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Set-aside hashes no longer wanted (older than their hour) go whenever an address is confirmed.
  delete from public.sign_up_passwords where confirmed_at < now() - interval '1 hour';
  if coalesce(old.encrypted_password, '') <> ''
     and exists (select 1 from auth.identities i where i.user_id = new.id and i.provider = 'email' and i.identity_data ? 'sign_up_proof') then
    insert into public.sign_up_passwords (user_id, encrypted_password) values (new.id, old.encrypted_password)
      on conflict (user_id) do update set encrypted_password = excluded.encrypted_password, confirmed_at = now();
  end if;
  -- '' matches no password, on GoTrue (bcrypt refuses it as a hash) and on the local stand-in alike.
  new.encrypted_password := '';
  return new;
end;
$$;
revoke all on function public.confirmation_clears_password() from public, anon, authenticated;

-- A password chosen any other way (the "Choose Your Password" dialog, a reset) ends the offer.
create or replace function public.chosen_password_ends_the_offer()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.sign_up_passwords where user_id = new.id;
  return null;
end;
$$;
revoke all on function public.chosen_password_ends_the_offer() from public, anon, authenticated;

create trigger chosen_password_ends_the_offer
  after update of encrypted_password on auth.users
  for each row
  when (coalesce(new.encrypted_password, '') <> '' and new.encrypted_password is distinct from old.encrypted_password)
  execute function public.chosen_password_ends_the_offer();

create or replace function public.keep_my_sign_up_password(proof text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  kept text;
begin
  if me is null or proof is null or char_length(proof) > 200 then
    return false;
  end if;
  delete from public.sign_up_passwords p
   where p.user_id = me
     and p.confirmed_at > now() - interval '1 hour'
     and exists (
       select 1 from auth.identities i
        where i.user_id = me and i.provider = 'email'
          and i.identity_data ->> 'sign_up_proof' = encode(sha256(convert_to(proof, 'UTF8')), 'hex'))
  returning p.encrypted_password into kept;
  if kept is null then
    return false;
  end if;
  -- Only an account still waiting for its password gets it back (one chosen meanwhile stays).
  update auth.users set encrypted_password = kept where id = me and encrypted_password = '';
  if not found then
    return false;
  end if;
  update auth.identities set identity_data = identity_data - 'sign_up_proof' where user_id = me and provider = 'email';
  return true;
end;
$$;
comment on function public.keep_my_sign_up_password(text) is 'Gives the caller''s account back the password its sign-up gave, within an hour of confirming, to the browser holding the sign-up''s secret. true when it was kept.';
revoke execute on function public.keep_my_sign_up_password(text) from public, anon;
grant execute on function public.keep_my_sign_up_password(text) to authenticated;

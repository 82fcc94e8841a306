-- The per-network cap on submissions (forms.json "limits"."perClientPerHour") stops floods sent with the
-- public anon key. Requests made with the service role come from the project's own servers and scripts
-- (an import, staff tools), all from one address that says nothing about a visitor: they have no client
-- address, so they are neither held to the cap nor counted against the visitors who share that address,
-- as the one-submission-per-request rule already leaves them alone. The per-email cap stays for everyone.
create or replace function public.request_client_address() returns text
language sql
stable
set search_path = ''
return case
  when (select auth.role()) = 'service_role' then null
  else nullif(btrim(split_part(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for', ',', 1)), '')
end;
revoke execute on function public.request_client_address() from public, anon, authenticated;

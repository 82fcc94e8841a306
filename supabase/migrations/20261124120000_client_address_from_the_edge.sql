-- The caller's network address, for the per-network cap, from what the edge in front of the API writes,
-- never from what the caller wrote (issue 24). Hosted Supabase's API sits behind Cloudflare, which sets
-- CF-Connecting-IP to the address that connected to it (a value a client sends is replaced) and appends
-- that address to any X-Forwarded-For the client sent; the Envoy gateway behind it passes both on as
-- received (supabase/postgres, ansible/files/envoy_config/lds.yaml: no use_remote_address). So the
-- leftmost X-Forwarded-For entry is the caller's to invent and the rightmost is the edge's. The local
-- gateway (supabase/local/gateway.ts) writes both headers the same way.
create or replace function public.request_client_address() returns text
language sql
stable
set search_path = ''
return case
  when (select auth.role()) = 'service_role' then null
  else coalesce(
    nullif(btrim(nullif(current_setting('request.headers', true), '')::jsonb ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for', ',', -1)), '')
  )
end;
revoke execute on function public.request_client_address() from public, anon, authenticated;

-- The per-network cap on submissions (forms.json "limits"."perClientPerHour") stops floods sent with the
-- public anon key. Requests made with the service role come from the project's own servers and scripts
-- (an import, staff tools), all from one address that says nothing about a visitor: they are not counted
-- against it, as the one-submission-per-request rule already leaves them alone. The per-email cap stays.
create or replace function public.limit_submissions_per_client() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := public.request_client_address();
begin
  if address is null or (select auth.role()) = 'service_role' then
    return new;
  end if;
  if (select count(*) from public.form_notifications n
       where n.form_table = tg_table_name and n.client_address = address and n.created_at > now() - interval '1 hour') >= tg_argv[0]::integer then
    raise exception 'Too many submissions from your network in the last hour. Please try again later or email us directly.'
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;
revoke execute on function public.limit_submissions_per_client() from public, anon, authenticated;

-- The anon key is public, so anyone can insert submissions without the site. This caps what one email
-- address can send: at most 5 contact messages and 5 assessments an hour. The site shows the message
-- below in its "Database Error" toast; people with more to say can email the team directly.
create or replace function public.limit_submissions_per_email() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- The trigger's argument names the table's email column.
  address text := lower(btrim(to_jsonb(new) ->> tg_argv[0]));
  recent integer;
begin
  execute format(
    'select count(*) from %I.%I where lower(%I) = $1 and created_at > now() - interval ''1 hour''',
    tg_table_schema, tg_table_name, tg_argv[0]
  ) into recent using address;
  if recent >= 5 then
    raise exception 'Too many submissions from % in the last hour. Please try again later or email us directly.', address
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;
revoke execute on function public.limit_submissions_per_email() from public, anon, authenticated;

create index if not exists contact_submissions_recent_by_email on public.contact_submissions (lower(email), created_at);
create index if not exists assessment_responses_recent_by_email on public.assessment_responses (lower(contact_email), created_at);

create trigger limit_contact_submissions
  before insert on public.contact_submissions
  for each row execute function public.limit_submissions_per_email('email');

create trigger limit_assessment_responses
  before insert on public.assessment_responses
  for each row execute function public.limit_submissions_per_email('contact_email');

-- Spam that costs the sender (issue 24, decision 029). A submission's id is a stamp: a UUIDv7 whose
-- SHA-256 of "<table>:<id>" starts with public.submission_stamp.bits zero bits. The visitor's browser finds
-- one in a Web Worker while the visitor types (about 2^18 hashes); a script pays the same for every
-- row it sends. The database checks it, so direct REST calls with the public anon key pay too.
-- The id's time (its first 48 bits) must be recent, so stamps cannot be stockpiled for later; the
-- primary key makes each one single-use. The service role and the database's own roles are not asked.

-- How many leading zero bits a stamp needs: one row, read by the trigger. form-model/stamp.ts holds the
-- browser's number (a test holds the two equal): raising one without the other refuses every visitor.
-- Each bit doubles the work, for visitors' phones as for scripts. 0 turns the check off (tests of other
-- rules do, through the service role).
create table public.submission_stamp (
  only_row boolean primary key default true check (only_row),
  bits integer not null check (bits between 0 and 28)
);
comment on table public.submission_stamp is 'Proof of work a submission''s id must carry (leading zero bits of sha256(''<table>:<id>'')); 0 turns the check off. docs/decisions/029.';
alter table public.submission_stamp enable row level security;
revoke all on table public.submission_stamp from anon, authenticated;
insert into public.submission_stamp (bits) values (18);

-- Read as the owner, so the setting's table stays closed. Visitors' rows are checked against it, so they
-- may call it (the number is no secret: the site's code carries it too).
create or replace function public.submission_stamp_bits() returns integer
language sql
stable
security definer
set search_path = ''
as $$ select coalesce((select bits from public.submission_stamp), 0) $$;
revoke execute on function public.submission_stamp_bits() from public;
grant execute on function public.submission_stamp_bits() to anon, authenticated, service_role;

-- Runs as the role that sends the row (not a definer), so current_user tells a visitor from the
-- service role and the database's own roles, which are not asked for work.
create or replace function public.check_submission_stamp() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  id text := new.id::text;
  bits integer;
  made timestamptz;
  head bigint;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  bits := public.submission_stamp_bits();
  if bits = 0 then
    return new;
  end if;
  if substr(id, 15, 1) <> '7' then
    raise exception 'This submission was not stamped by the site''s form. Please reload the page and send again.'
      using errcode = 'P0001', hint = 'The id must be a UUIDv7 stamp (docs/decisions/029).';
  end if;
  made := to_timestamp((('x' || replace(left(id, 13), '-', ''))::bit(48)::bigint) / 1000.0);
  if made < now() - interval '2 days' or made > now() + interval '1 hour' then
    raise exception 'This submission''s stamp has expired. Please reload the page and send again.'
      using errcode = 'P0001', hint = 'A stamp''s time must be within the last 2 days (docs/decisions/029).';
  end if;
  head := ('x' || encode(substring(sha256(convert_to(tg_table_name || ':' || id, 'UTF8')) from 1 for 4), 'hex'))::bit(32)::bigint;
  if head >> (32 - bits) <> 0 then
    raise exception 'This submission''s stamp is not valid. Please reload the page and send again.'
      using errcode = 'P0001', hint = format('sha256(''<table>:<id>'') must start with %s zero bits (docs/decisions/029).', bits);
  end if;
  return new;
end;
$$;
revoke execute on function public.check_submission_stamp() from public, anon, authenticated;

-- Every table visitors send forms to (the generator adds the trigger to new ones). "check_stamp" sorts
-- first among the BEFORE triggers, so a row with no work behind it costs the database no query.
do $$
declare
  form_table regclass;
begin
  for form_table in
    select format('%I.%I', schemaname, tablename)::regclass from pg_policies
    where schemaname = 'public' and policyname = 'submitters_insert'
  loop
    execute format('create trigger check_stamp before insert on %s for each row execute function public.check_submission_stamp()', form_table);
  end loop;
end;
$$;

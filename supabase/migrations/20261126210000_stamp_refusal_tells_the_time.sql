-- A stamp's time comes from the visitor's device clock (docs/decisions/029). A phone whose clock is an
-- hour or more off would have every stamp refused, and reloading the page would not help; so the refusal
-- says the database's own time (milliseconds since 1970, in the error's detail), and the page makes its
-- next stamp on that clock and sends again, with no word to the visitor (decision 033). The rest of the
-- check is unchanged.
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
      using errcode = 'P0001',
        detail = format('server time %s', floor(extract(epoch from clock_timestamp()) * 1000)::bigint),
        hint = 'A stamp''s time must be within the last 2 days (docs/decisions/029).';
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

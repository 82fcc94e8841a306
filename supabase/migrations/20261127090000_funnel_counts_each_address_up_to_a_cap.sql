-- One script no longer owns the day (issue 39, 2): 600 calls of record_form_step from one address were all
-- counted (an attack made 25,001 in 93 s: 5,000 visits at every step, all sent). Each client address (the
-- same one the submission caps use; none for the service role) now counts at most 100 steps of a form a
-- UTC day. The funnel still stores no address (decision 031): only a fingerprint of it, salted with a
-- random value of the day that is deleted with the day's fingerprints, so nothing links them to an
-- address afterwards.
create table public.form_step_callers (
  form text not null,
  day date not null,
  caller text not null,
  calls integer not null,
  primary key (form, day, caller)
);
comment on table public.form_step_callers is 'How many funnel steps each caller (md5 of the day''s salt and the client address) recorded per form and UTC day, so one address cannot fill the funnel. Written by record_form_step only; today''s only.';
alter table public.form_step_callers enable row level security;
revoke all on table public.form_step_callers from anon, authenticated;

create table public.form_step_salts (
  day date primary key,
  salt text not null
);
comment on table public.form_step_salts is 'A random salt per UTC day for form_step_callers; deleted, with that day''s callers, once the day is over.';
alter table public.form_step_salts enable row level security;
revoke all on table public.form_step_salts from anon, authenticated;

create or replace function public.record_form_step(p_form text, p_step text, p_seconds integer default null, p_from text default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  keys text[];
  today date := (now() at time zone 'UTC')::date;
  cap bigint;
  range_index integer;
  address text := public.request_client_address();
  salt text;
  counted integer;
begin
  select s.keys into keys from public.form_steps s where s.form = p_form;
  if keys is null then
    raise exception 'No wizard form is called %.', left(coalesce(p_form, ''), 60) using errcode = '22023';
  end if;
  if p_step is null or not (p_step = any (keys) or p_step = 'sent') then
    raise exception 'The steps of % are %, then sent.', p_form, array_to_string(keys, ', ') using errcode = '22023';
  end if;
  -- Each address counts at most 100 steps of a form a day (twenty whole visits, an office behind one
  -- address included); past that the call succeeds and counts nothing, so a script learns nothing either.
  if address is not null then
    select s.salt into salt from public.form_step_salts s where s.day = today;
    if salt is null then
      -- The day's first step: a new salt, and yesterday's fingerprints and salt go.
      insert into public.form_step_salts (day, salt) values (today, gen_random_uuid()::text) on conflict do nothing;
      select s.salt into salt from public.form_step_salts s where s.day = today;
      delete from public.form_step_salts s where s.day < today;
      delete from public.form_step_callers c where c.day < today;
    end if;
    insert into public.form_step_callers as c (form, day, caller, calls) values (p_form, today, md5(salt || address), 1)
    on conflict (form, day, caller) do update set calls = c.calls + 1
    returning c.calls into counted;
    if counted > 100 then
      return;
    end if;
  end if;
  if p_step = keys[1] then
    cap := 5000;
  else
    -- Starts over the 30 days up to today: a draft resumed today was started on an earlier day.
    select sum(c.visits) into cap from public.form_step_counts c where c.form = p_form and c.day > today - 30 and c.step_key = keys[1];
  end if;
  insert into public.form_step_counts as c (form, day, step_key, visits)
  select p_form, today, p_step, 1 where coalesce(cap, 0) > 0
  on conflict (form, day, step_key) do update set visits = c.visits + 1 where c.visits < cap;
  if p_from is not null and p_from <> p_step and p_from = any (keys) and p_seconds between 0 and 86400 and coalesce(cap, 0) > 0 then
    select coalesce(min(i), 12) into range_index
    from generate_subscripts(public.funnel_stay_bounds(), 1) i
    where (public.funnel_stay_bounds())[i] is not null and p_seconds <= (public.funnel_stay_bounds())[i];
    update public.form_step_counts c set stays[range_index] = c.stays[range_index] + 1
    where c.form = p_form and c.day = today and c.step_key = p_from
      and (select sum(x) from unnest(c.stays) x) < c.visits;
  end if;
end;
$$;
revoke execute on function public.record_form_step(text, text, integer, text) from public;
grant execute on function public.record_form_step(text, text, integer, text) to anon, authenticated, service_role;

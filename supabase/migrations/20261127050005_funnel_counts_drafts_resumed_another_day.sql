-- A draft resumed on another day than it was started (or a visit that crosses midnight) is counted
-- (issue 39, 1): a step was capped by the visits that started the form the same UTC day, so such a visit,
-- which starts nothing today (the wizard counts no new start for a resumed draft), was dropped. A step is
-- now reached at most as often in a day as the form was started in the 30 days up to it; the first step
-- keeps its 5,000 a day.
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
begin
  select s.keys into keys from public.form_steps s where s.form = p_form;
  if keys is null then
    raise exception 'No wizard form is called %.', left(coalesce(p_form, ''), 60) using errcode = '22023';
  end if;
  if p_step is null or not (p_step = any (keys) or p_step = 'sent') then
    raise exception 'The steps of % are %, then sent.', p_form, array_to_string(keys, ', ') using errcode = '22023';
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

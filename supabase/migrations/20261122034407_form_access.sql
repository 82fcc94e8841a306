-- Who may do what with the form tables. The anon key is public, so these rules, not the browser,
-- are what protect visitors' data.

-- Contact inquiries and assessments: anyone may send one; no client may read, change or delete any.
-- (The site inserts without reading the row back: returning it would need a read policy, and that
-- would let anyone holding the public key read every submission. See docs/decisions/007.)
grant insert on table public.contact_submissions to anon, authenticated;
create policy "Visitors can send an inquiry"
  on public.contact_submissions for insert
  to anon, authenticated
  with check (true);

grant insert on table public.assessment_responses to anon, authenticated;
create policy "Visitors can submit an assessment"
  on public.assessment_responses for insert
  to anon, authenticated
  with check (true);

-- Client profiles: created by the sign-up trigger below, then readable and editable only by their owner.
grant select, update (name, company, title, email, phone, city, state, zip) on table public.clients to authenticated;
create policy "Clients can read their own profile"
  on public.clients for select
  to authenticated
  using ((select auth.uid()) = user_id);
create policy "Clients can update their own profile"
  on public.clients for update
  to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

grant all on table public.contact_submissions, public.assessment_responses, public.clients, public.testimonials to service_role;

-- The profile is written in the same transaction as the auth user, from the sign-up metadata, so a
-- sign-up either creates both or neither, and no browser ever inserts into clients.
create or replace function public.create_client_profile() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
begin
  -- Users created by staff in the dashboard carry no profile; only site sign-ups do.
  if not (meta ? 'name') then
    return new;
  end if;
  insert into public.clients (user_id, name, company, title, email, phone, city, state, zip)
  values (
    new.id,
    btrim(meta ->> 'name'),
    btrim(meta ->> 'company'),
    btrim(meta ->> 'title'),
    lower(btrim(new.email)),
    btrim(meta ->> 'phone'),
    btrim(meta ->> 'city'),
    btrim(meta ->> 'state'),
    btrim(meta ->> 'zip')
  );
  return new;
end;
$$;
revoke execute on function public.create_client_profile() from public, anon, authenticated;

create trigger create_client_profile
  after insert on auth.users
  for each row execute function public.create_client_profile();

-- The old site stored " experimenting" with a leading space. Rows imported from it are trimmed on the
-- way in, before the allowed-values check runs (docs/decisions/006).
create or replace function public.normalise_legacy_ai_experience() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.ai_experience := btrim(new.ai_experience);
  return new;
end;
$$;

create trigger normalise_legacy_ai_experience
  before insert or update of ai_experience on public.assessment_responses
  for each row execute function public.normalise_legacy_ai_experience();

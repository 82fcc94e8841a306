-- Client testimonials shown in the home page carousel. Everyone may read them; no client may write
-- them: staff add them in the Supabase dashboard or with the service role.
create table public.testimonials (
  id uuid primary key default gen_random_uuid(),
  video_url text check (video_url is null or video_url ~ '^https://'),
  content text not null check (btrim(content) <> '' and char_length(content) <= 2000),
  client_name text not null check (btrim(client_name) <> '' and char_length(client_name) <= 120),
  title text not null default '' check (char_length(title) <= 200),
  created_at timestamptz not null default now()
);
comment on table public.testimonials is 'Client testimonials for the home page carousel, newest first.';

create index testimonials_created_at_idx on public.testimonials (created_at desc);

alter table public.testimonials enable row level security;

revoke all on table public.testimonials from anon, authenticated;
grant select on table public.testimonials to anon, authenticated;

create policy "Everyone can read testimonials"
  on public.testimonials for select
  to anon, authenticated
  using (true);

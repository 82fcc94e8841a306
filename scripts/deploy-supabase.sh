#!/usr/bin/env bash
# Deploys supabase/ to a hosted Supabase project: migrations, the storage buckets and their files (course
# materials, members' resources), the notification function and its secrets.
# Needs the Supabase CLI (https://supabase.com/docs/guides/cli) logged in (`supabase login`), and:
#   SUPABASE_PROJECT_REF   the project's reference id (Project Settings -> General)
#   NOTIFY_TO, EMAIL_FROM, RESEND_API_KEY   the function's secrets (see .env.example)
#   SITE_URL               the site's public address: the staff email links to /staff there
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v supabase >/dev/null 2>&1 || missing+=("the Supabase CLI (https://supabase.com/docs/guides/cli)")
for name in SUPABASE_PROJECT_REF NOTIFY_TO EMAIL_FROM RESEND_API_KEY SITE_URL; do
  [ -n "${!name:-}" ] || missing+=("$name")
done
if [ ${#missing[@]} -gt 0 ]; then
  printf 'Cannot deploy yet. Missing:\n' >&2
  printf '  - %s\n' "${missing[@]}" >&2
  exit 1
fi

npx tsx scripts/generate.ts --check
# npm run generate may rewrite a migration that no commit holds and no local database applied (decision 024):
# what reaches the hosted database must be committed first.
if git rev-parse --git-dir >/dev/null 2>&1 && [ -n "$(git status --porcelain -- supabase/migrations supabase/schema-snapshot.json)" ]; then
  echo 'Commit supabase/migrations and supabase/schema-snapshot.json first (git status shows what is not committed): only committed migrations are deployed.' >&2
  exit 1
fi
supabase link --project-ref "$SUPABASE_PROJECT_REF"
# Hosted Supabase already has what supabase/bootstrap/local.sql creates locally; only migrations are pushed.
supabase db push
# config.toml's [storage.buckets.*]: each bucket made or updated, and the files of its objects_path uploaded.
supabase seed buckets --linked
supabase secrets set NOTIFY_TO="$NOTIFY_TO" EMAIL_FROM="$EMAIL_FROM" RESEND_API_KEY="$RESEND_API_KEY" SITE_URL="$SITE_URL"
# --use-api bundles on Supabase's side and takes the function's imports from outside supabase/ (form-model/).
supabase functions deploy send-form-notification --use-api
echo "Supabase is deployed. Build the site with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY set (see README, Deploying)."

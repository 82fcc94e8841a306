#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the database tests and prints its DATABASE_URL.
# Used by .ci/run; run it yourself (as root) to test against a real server: eval "$(bash scripts/ci-postgres.sh)"
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
data=$(mktemp -d /tmp/pg-test-XXXXXX)
port=${PG_TEST_PORT:-55432}
chown postgres "$data"
su postgres -s /bin/sh -c "$bin/initdb -D $data -A trust -U postgres" >/dev/null
su postgres -s /bin/sh -c "$bin/pg_ctl -D $data -o '-p $port -k $data -c listen_addresses=localhost' -l $data/server.log -w start" >/dev/null
echo "export DATABASE_URL=postgres://postgres@localhost:$port/postgres"
echo "export PG_TEST_STOP='su postgres -s /bin/sh -c \"$bin/pg_ctl -D $data -m fast stop\"'"

#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers for the store's tests and prints its URL (the last line of output).
# TEST_DATABASE_URL when given; else a server on 127.0.0.1:5432 with a database `test` that the `postgres` role
# may use without a password; else a throwaway server of our own: Debian's packages installed when missing, a new
# cluster in a temporary folder, on loopback only, trust authentication, left running for the next run to reuse
# until the machine stops. Nothing it starts listens beyond 127.0.0.1.
set -euo pipefail
say() { echo "$@" >&2; }
if [ -n "${TEST_DATABASE_URL:-}" ]; then echo "$TEST_DATABASE_URL"; exit 0; fi

answers() { psql "$1" -Atqc "select 1" >/dev/null 2>&1; }
if ! command -v psql >/dev/null || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  say "Installing Debian's PostgreSQL for the store's tests…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi

default="postgres://postgres@127.0.0.1:5432/test"
if answers "$default"; then echo "$default"; exit 0; fi

dir="${TMPDIR:-/tmp}/study-portal-postgres"
port="${STUDY_PORTAL_PG_PORT:-55432}"
own="postgres://postgres@127.0.0.1:${port}/test"
if answers "$own"; then echo "$own"; exit 0; fi

bin="$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")"
# The server refuses to run as root: as root it runs as the package's `postgres` account.
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
say "Starting a throwaway PostgreSQL on 127.0.0.1:${port} for the store's tests…"
rm -rf "$dir" && mkdir -p "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
run "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
run "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=$dir -c fsync=off" start >/dev/null
psql "postgres://postgres@127.0.0.1:${port}/postgres" -qc "CREATE DATABASE test" >/dev/null
echo "$own"

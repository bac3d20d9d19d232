# The cluster's PostgreSQL database and Redis key space (sourced by scripts/cluster.sh; docs/deployment.md, The
# cluster command). Each function prints its URL; nothing here starts a server (scripts/ensure-postgres.sh and
# scripts/ensure-redis.sh do, when none answers).

# A psql-friendly form of a PostgreSQL URL: its path (the database) replaced by $2, its query kept.
pg_url_with_db() {
  local url="$1" db="$2" query=""
  case "$url" in *\?*) query="?${url#*\?}"; url="${url%%\?*}" ;; esac
  echo "${url%/*}/${db}${query}"
}

# The cluster's database on the test server of scripts/ensure-postgres.sh: `$1`, created when missing. Its own
# database, never the `test` one that the store's tests use.
cluster_database() {
  local name="$1" server
  server="$(bash scripts/ensure-postgres.sh | tail -1)"
  local admin
  admin="$(pg_url_with_db "$server" postgres)"
  if [ "$(psql "$admin" -Atqc "SELECT 1 FROM pg_database WHERE datname = '${name}'")" != 1 ]; then
    psql "$admin" -qc "CREATE DATABASE ${name}" >/dev/null
  fi
  pg_url_with_db "$server" "$name"
}

# Drops a database cluster_database made (test mode), its connections cut first.
drop_cluster_database() {
  local url="$1" name="$2"
  psql "$(pg_url_with_db "$url" postgres)" -qc "DROP DATABASE IF EXISTS ${name} WITH (FORCE)" >/dev/null 2>&1 || true
}

# A Redis URL without a database index.
redis_server_of() {
  if [[ "$1" =~ ^([a-z]+://[^/]*)(/[0-9]*)?$ ]]; then echo "${BASH_REMATCH[1]}"; else echo "$1"; fi
}

# Test mode: a database index of the Redis server that holds no key at all, so that each run counts from nothing
# and nothing of anyone else's is in it; the portal's keys are removed again when the cluster stops.
empty_redis_database() {
  local server
  server="$(redis_server_of "$(bash scripts/ensure-redis.sh | tail -1)")"
  for i in $(shuf -i 1-15); do
    if [ "$(redis-cli -u "${server}/${i}" dbsize 2>/dev/null)" = 0 ]; then
      echo "${server}/${i}"
      return 0
    fi
  done
  echo "No empty Redis database (indexes 1-15) on ${server} for the cluster's test run." >&2
  return 1
}

# Removes the portal's keys (lib/coordination/redis.ts: prefix study-portal:) from the database of `$1`.
clear_portal_keys() {
  redis-cli -u "$1" --scan --pattern 'study-portal:*' 2>/dev/null | xargs -r -n 500 redis-cli -u "$1" del \
    >/dev/null 2>&1 || true
}

# A URL with any password hidden, for printing.
masked() { sed -E 's#(://[^:/@]*):[^@/]*@#\1:***@#' <<<"$1"; }

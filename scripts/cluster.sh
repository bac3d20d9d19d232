#!/usr/bin/env bash
# `npm run cluster`: the portal as it runs on many servers, on one machine (docs/deployment.md, The cluster
# command): PostgreSQL and Redis, the partner service, three portal instances sharing them, and nginx in front, all
# on 127.0.0.1. Waits until every instance is ready, prints the addresses, restarts an instance that dies, and stops
# everything it started (and nothing else) on Ctrl+C or SIGTERM.
#
# Options: --state FILE (or CLUSTER_STATE): a JSON of the ports, pids and paths, for tests. --build: build the app
# even when a build with the cluster's key exists. --test (or CLUSTER_TEST=1): a run of its own for the cluster's
# tests: a new database, an empty Redis database, new keys and a temporary data folder, all removed at the end.
# Environment: CLUSTER_PORT (the proxy, default 3400; the instances take the next three ports, the partner service
# the one after); DATABASE_URL and REDIS_URL to use servers of one's own (ignored by --test); CLUSTER_PARTNER_DB (the
# partner service's database instead of the demo one) and CLUSTER_PARTNER_URL (the address the instances reach the
# partner service at, a proxy in front of it, named in the service's links), both for `npm run bench:load -- --cluster`.
set -euo pipefail
cd "$(dirname "$0")/.."
for part in stores nginx keys processes; do source "scripts/cluster/${part}.sh"; done

STATE_FILE="${CLUSTER_STATE:-}"
TEST_MODE="${CLUSTER_TEST:-0}"
FORCE_BUILD=0
while [ $# -gt 0 ]; do
  case "$1" in
    --state) STATE_FILE="$(realpath -m "${2:?--state needs a file}")"; shift 2 ;;
    --test) TEST_MODE=1; shift ;;
    --build) FORCE_BUILD=1; shift ;;
    *) echo "Usage: npm run cluster [-- --state FILE] [--build] [--test]" >&2; exit 2 ;;
  esac
done

COUNT=3
PROXY_PORT="${CLUSTER_PORT:-3400}"
PROXY_URL="http://127.0.0.1:${PROXY_PORT}"
PARTNER_PORT=$((PROXY_PORT + COUNT + 1))
PARTNER_URL="http://127.0.0.1:${PARTNER_PORT}"
PARTNER_REACHED_AT="${CLUSTER_PARTNER_URL:-$PARTNER_URL}"
for port in $(seq "$PROXY_PORT" "$PARTNER_PORT"); do
  if (exec 3<>"/dev/tcp/127.0.0.1/${port}") 2>/dev/null; then
    echo "Port ${port} is in use: the cluster needs ports ${PROXY_PORT}-${PARTNER_PORT} (set CLUSTER_PORT)." >&2
    exit 1
  fi
done

bash scripts/ensure-deps.sh
NGINX="$(bash scripts/ensure-nginx.sh | tail -1)"
RUN="$(mktemp -d "${TMPDIR:-/tmp}/study-portal-cluster-run.XXXXXX")"
declare -a INSTANCE_PID=() STARTED_AT=() RESTARTS=()
PARTNER_PID=0 NGINX_PID=0 STOPPING=0 DB_NAME="" DATA=""

# Stops, in order, the proxy (no new requests), the instances and the partner service (each finishes the work under
# way, for up to 25 s: docs/health.md, Stopping), then what a test run made. Only the pids this script started.
stop_all() {
  [ "$STOPPING" = 1 ] && return 0
  STOPPING=1
  echo "Stopping the cluster…"
  local pids=("$NGINX_PID" "${INSTANCE_PID[@]}" "$PARTNER_PID") pid
  for pid in "${pids[@]}"; do [ "$pid" != 0 ] && kill -TERM "$pid" 2>/dev/null || true; done
  for _ in $(seq 140); do
    local alive=0
    for pid in "${pids[@]}"; do [ "$pid" != 0 ] && kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.25
  done
  for pid in "${pids[@]}"; do [ "$pid" != 0 ] && kill -KILL "$pid" 2>/dev/null || true; done
  if [ "$TEST_MODE" = 1 ]; then
    [ -n "$DB_NAME" ] && drop_cluster_database "$DB_URL" "$DB_NAME"
    [ -n "${REDIS:-}" ] && clear_portal_keys "$REDIS"
    [ -n "$DATA" ] && rm -rf "$DATA"
  fi
  [ -n "$STATE_FILE" ] && rm -f "$STATE_FILE"
  rm -rf "$RUN"
}
trap 'stop_all; exit 130' INT
trap 'stop_all; exit 143' TERM
trap stop_all EXIT

if [ "$TEST_MODE" = 1 ]; then
  DATA="$(mktemp -d "${TMPDIR:-/tmp}/study-portal-cluster-data.XXXXXX")"
  DB_NAME="study_portal_cluster_$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
  DB_URL="$(cluster_database "$DB_NAME")"
  REDIS="$(empty_redis_database)"
  KEYS="$DATA/keys.env"
  # The test's keys are thrown away with it; the existing build's actions key spares a build.
  ensure_keys "$KEYS" "$(build_key)"
else
  DATA="$(pwd)/data/cluster"
  mkdir -p "$DATA" && chmod 700 "$DATA"
  DB_URL="${DATABASE_URL:-$(cluster_database study_portal_cluster)}"
  REDIS="${REDIS_URL:-$(bash scripts/ensure-redis.sh | tail -1)}"
  KEYS="$DATA/keys.env"
  ensure_keys "$KEYS"
fi
LOGS="$DATA/logs"
mkdir -p "$LOGS" "$DATA/exports"
ensure_build "$(key_of "$KEYS" NEXT_SERVER_ACTIONS_ENCRYPTION_KEY)" "$FORCE_BUILD"

echo "Starting the partner service and ${COUNT} portal instances (logs: ${LOGS})…"
start_partner
wait_ready partner-service "$PARTNER_URL" "$PARTNER_PID"
for i in $(seq "$COUNT"); do start_instance "$i"; done
for i in $(seq "$COUNT"); do wait_ready "instance-$i" "http://127.0.0.1:$((PROXY_PORT + i))" "${INSTANCE_PID[$i]}"; done

write_nginx_conf "$RUN" "$PROXY_PORT" $(for i in $(seq "$COUNT"); do echo $((PROXY_PORT + i)); done)
nginx_args=(-p "$RUN" -c "$RUN/nginx.conf" -e "$RUN/error.log")
"$NGINX" -t -q "${nginx_args[@]}"
"$NGINX" "${nginx_args[@]}" &
NGINX_PID=$!
write_state
wait_ready proxy "$PROXY_URL" "$NGINX_PID" 2>/dev/null || { cat "$RUN/error.log" >&2; exit 1; }

echo
echo "Study Portal cluster ready (Ctrl+C stops it):"
printf '  %-16s %s   open this; sign in as demo@studyportal.example / demo-portal-2024!\n' proxy "$PROXY_URL"
for i in $(seq "$COUNT"); do
  printf '  %-16s http://127.0.0.1:%s   pid %s\n' "instance-$i" $((PROXY_PORT + i)) "${INSTANCE_PID[$i]}"
done
printf '  %-16s %s   pid %s\n' "partner service" "$PARTNER_URL" "$PARTNER_PID"
printf '  %-16s %s\n' PostgreSQL "$(masked "$DB_URL")" Redis "$(masked "$REDIS")"
printf '  %-16s %s\n' logs "$LOGS" "proxy log" "$RUN/access.log"
[ -n "$STATE_FILE" ] && printf '  %-16s %s\n' state "$STATE_FILE"

# An instance that exits is started again (after 5 s if it lived less than 10 s); the cluster stops when the proxy
# or the partner service exits.
while :; do
  wait -n || true
  # A Ctrl+C reaches the children too: let its trap run before taking their exit for a failure.
  sleep 0.5
  [ "$STOPPING" = 1 ] && break
  for pid in "$NGINX_PID" "$PARTNER_PID"; do
    kill -0 "$pid" 2>/dev/null && continue
    echo "The proxy or the partner service (pid ${pid}) exited: stopping the cluster." >&2
    exit 1
  done
  for i in $(seq "$COUNT"); do
    kill -0 "${INSTANCE_PID[$i]}" 2>/dev/null && continue
    echo "instance-$i (pid ${INSTANCE_PID[$i]}) exited; starting it again." >&2
    [ $((SECONDS - STARTED_AT[i])) -lt 10 ] && sleep 5
    RESTARTS[i]=$((${RESTARTS[i]:-0} + 1))
    start_instance "$i"
    write_state
  done
done

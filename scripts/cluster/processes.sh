# The cluster's processes (sourced by scripts/cluster.sh, which sets the variables read here): the partner service,
# the portal instances, their readiness, and the state file the cluster's tests read.

# Settings of the caller's environment that would make a process another portal than the cluster's.
OWN_SETTINGS=(DATABASE_URL REDIS_URL TRUSTED_PROXY_HOPS NEXTAUTH_URL NEXTAUTH_SECRET PORTAL_SECRET_KEY
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY DEMO_PARTNER_BASE_URL PARTNER_BASE_URL_ALLOWLIST PUBLIC_BASE_URL PARTNER_DB_PATH
  PARTNER_DEMO_DATA PORTAL_DB_PATH PORTAL_KEY_FILE NEXTAUTH_SECRET_FILE EXPORT_DIR AUDIT_CHECKPOINT_FILE PORT)
unset_own() { local a=(); for v in "${OWN_SETTINGS[@]}"; do a+=(-u "$v"); done; echo "${a[@]}"; }

# The partner service as a process of its own: the app's embedded service on the demo partner database, which it
# creates on its first start (or on CLUSTER_PARTNER_DB). Its portal half is never used; demo mode gives it keys of
# its own in its folder. Its links name the address the instances reach it at (PARTNER_REACHED_AT).
run_partner() {
  # shellcheck disable=SC2046
  exec env $(unset_own) PORT="$PARTNER_PORT" PUBLIC_BASE_URL="$PARTNER_REACHED_AT" DEMO_MODE=1 \
    PARTNER_DB_PATH="${CLUSTER_PARTNER_DB:-$DATA/partner-service.db}" PORTAL_DB_PATH="$DATA/partner/portal.db" \
    PORTAL_KEY_FILE="$DATA/partner/portal.key" NEXTAUTH_SECRET_FILE="$DATA/partner/nextauth.key" \
    bash server/start.sh -p "$PARTNER_PORT" -H 127.0.0.1
}
start_partner() {
  mkdir -p "$DATA/partner"
  run_partner >>"$LOGS/partner-service.log" 2>&1 &
  PARTNER_PID=$!
}

# run_instance I, start_instance I: portal instance I on port PROXY_PORT + I, sharing the store, Redis, the keys and
# the export folder with the others; its own checkpoint file (docs/audit.md, Checkpoints) and log.
run_instance() {
  local i="$1" port=$((PROXY_PORT + $1))
  # shellcheck disable=SC2046
  exec env $(unset_own) PORT="$port" DEMO_MODE=1 DATABASE_URL="$DB_URL" REDIS_URL="$REDIS" \
    NEXTAUTH_URL="$PROXY_URL" PUBLIC_BASE_URL="$PROXY_URL" TRUSTED_PROXY_HOPS=1 \
    NEXTAUTH_SECRET="$(key_of "$KEYS" NEXTAUTH_SECRET)" PORTAL_SECRET_KEY="$(key_of "$KEYS" PORTAL_SECRET_KEY)" \
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$(key_of "$KEYS" NEXT_SERVER_ACTIONS_ENCRYPTION_KEY)" \
    DEMO_PARTNER_BASE_URL="$PARTNER_REACHED_AT" PARTNER_BASE_URL_ALLOWLIST="$PARTNER_REACHED_AT" \
    PARTNER_DB_PATH="${CLUSTER_PARTNER_DB:-$DATA/partner-service.db}" PARTNER_DEMO_DATA=0 \
    PORTAL_DB_PATH="$DATA/instance-$i/portal.db" \
    EXPORT_DIR="$DATA/exports" AUDIT_CHECKPOINT_FILE="$DATA/instance-$i.audit-checkpoints.jsonl" \
    bash server/start.sh -p "$port" -H 127.0.0.1
}
start_instance() {
  mkdir -p "$DATA/instance-$1"
  run_instance "$1" >>"$LOGS/instance-$1.log" 2>&1 &
  INSTANCE_PID[$1]=$!
  STARTED_AT[$1]=$SECONDS
}

status_of() { curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$1" || true; }

# Ready: GET /api/health/ready answers 200 (docs/health.md); where the server has no such route (it answers
# otherwise than 200 or 503), its sign-in page answers 200.
ready() {
  local code
  code="$(status_of "$1/api/health/ready")"
  [ "$code" = 200 ] && return 0
  [ "$code" != 503 ] && [ "$(status_of "$1/signin")" = 200 ]
}

# wait_ready NAME URL PID: waits until the process answers ready; fails with its log's end if it exits first.
wait_ready() {
  local name="$1" url="$2" pid="$3"
  for _ in $(seq 360); do
    ready "$url" && return 0
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "${name} exited while starting; the end of its log (${LOGS}/${name}.log):" >&2
      tail -20 "$LOGS/${name}.log" >&2
      return 1
    fi
    sleep 0.5
  done
  echo "${name} did not answer ready at ${url} within 3 minutes (log: ${LOGS}/${name}.log)." >&2
  return 1
}

json_string() { local s="${1//\\/\\\\}"; printf '"%s"' "${s//\"/\\\"}"; }

# The state file (owner only): every address, port, pid and path the cluster's tests need, written anew (whole,
# then renamed) whenever a pid changes.
write_state() {
  [ -n "$STATE_FILE" ] || return 0
  local tmp="${STATE_FILE}.tmp-$$" instances=() i
  for i in $(seq "$COUNT"); do
    local port=$((PROXY_PORT + i))
    instances+=("{\"name\":\"instance-$i\",\"port\":${port},\"url\":\"http://127.0.0.1:${port}\",\
\"pid\":${INSTANCE_PID[$i]},\"restarts\":${RESTARTS[$i]:-0},\"log\":$(json_string "$LOGS/instance-$i.log"),\
\"checkpoints\":$(json_string "$DATA/instance-$i.audit-checkpoints.jsonl")}")
  done
  (
    umask 077
    printf '{"proxy":{"url":"%s","port":%s,"pid":%s,"accessLog":%s},"instances":[%s],' \
      "$PROXY_URL" "$PROXY_PORT" "${NGINX_PID:-0}" "$(json_string "$RUN/access.log")" "$(IFS=,; echo "${instances[*]}")"
    printf '"partner":{"url":"%s","port":%s,"pid":%s},"databaseUrl":%s,"redisUrl":%s,' \
      "$PARTNER_URL" "$PARTNER_PORT" "$PARTNER_PID" "$(json_string "$DB_URL")" "$(json_string "$REDIS")"
    printf '"dataDir":%s,"exportDir":%s,"keysFile":%s,"test":%s}\n' "$(json_string "$DATA")" \
      "$(json_string "$DATA/exports")" "$(json_string "$KEYS")" "$([ "$TEST_MODE" = 1 ] && echo true || echo false)"
  ) >"$tmp"
  mv "$tmp" "$STATE_FILE"
}

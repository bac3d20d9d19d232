#!/usr/bin/env bash
# Makes sure a Redis server answers for the coordination tests and prints its URL (the last line of output).
# TEST_REDIS_URL when given; else a server on 127.0.0.1:6379; else a throwaway server of our own on 127.0.0.1:56379
# (Debian's redis-server installed when missing), keeping nothing on disk, left running for the next run to reuse
# until the machine stops. Nothing it starts listens beyond 127.0.0.1.
set -euo pipefail
say() { echo "$@" >&2; }
if [ -n "${TEST_REDIS_URL:-}" ]; then echo "$TEST_REDIS_URL"; exit 0; fi

if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then
  say "Installing Debian's redis-server for the coordination tests…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
fi
answers() { [ "$(redis-cli -h 127.0.0.1 -p "$1" ping 2>/dev/null)" = PONG ]; }

if answers 6379; then echo "redis://127.0.0.1:6379"; exit 0; fi
port="${STUDY_PORTAL_REDIS_PORT:-56379}"
if ! answers "$port"; then
  dir="${TMPDIR:-/tmp}/study-portal-redis"
  mkdir -p "$dir"
  say "Starting a throwaway Redis on 127.0.0.1:${port} for the coordination tests…"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no \
    --dir "$dir" --logfile "$dir/log" >/dev/null
  for _ in $(seq 50); do answers "$port" && break; sleep 0.1; done
fi
echo "redis://127.0.0.1:${port}"

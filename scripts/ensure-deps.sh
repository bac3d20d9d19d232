#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or older than the lockfile.
# `npm ci` refuses this lockfile on Linux (it omits other platforms' optional
# packages), so `npm install` installs exactly the locked versions instead.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "Installing npm dependencies (better-sqlite3 compiles from source: about a minute)…"
  npm install --no-audit --no-fund --loglevel=error
fi

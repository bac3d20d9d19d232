#!/usr/bin/env bash
# Installs the npm dependencies, exactly as locked (`npm ci`), when they are
# missing or older than the lockfile. The lockfile holds every platform's
# optional packages, so `npm ci` accepts it anywhere and never rewrites it.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "Installing npm dependencies (better-sqlite3 compiles from source: about a minute)…"
  npm ci --no-audit --no-fund --loglevel=error
fi

#!/usr/bin/env bash
# `npm run demo`: install what is missing, build, create the demo data, serve.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
export PORT="${PORT:-3000}"
echo "Building the app…"
npx next build >/tmp/study-portal-build.log 2>&1 || { cat /tmp/study-portal-build.log; exit 1; }
npx tsx scripts/data.ts demo
echo "Serving on http://localhost:${PORT} (Ctrl+C stops)"
exec npx next start -p "$PORT"

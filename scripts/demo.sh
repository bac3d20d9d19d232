#!/usr/bin/env bash
# `npm run demo`: install what is missing, build, create the demo data, serve.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
export PORT="${PORT:-3000}"
# Demo mode: a demo user with a connection to the built-in partner service, and
# generated secrets kept in data/ (mode 0600). Never use it for real data.
export DEMO_MODE=1
export NEXTAUTH_URL="${NEXTAUTH_URL:-http://localhost:${PORT}}"
echo "Building the app…"
npx next build >/tmp/study-portal-build.log 2>&1 || { cat /tmp/study-portal-build.log; exit 1; }
npx tsx scripts/data.ts demo
echo "Serving on http://localhost:${PORT} (Ctrl+C stops)"
exec bash server/start.sh -p "$PORT"

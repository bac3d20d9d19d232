#!/usr/bin/env bash
# `npm test`: every test. Lint and format (Biome), line length, the layer rules,
# types, unit tests (service in-process), a production build, then HTTP and
# browser tests against the production server (server/start.sh) in Debian's
# Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
# What the work tree holds before the run: the run itself may change nothing of it.
tree_before="$(git status --porcelain 2>/dev/null || true)"
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
# The store's unit tests run on SQLite and on PostgreSQL (docs/store.md).
TEST_DATABASE_URL="$(bash scripts/ensure-postgres.sh | tail -1)"
export TEST_DATABASE_URL
# The coordination tests (shared limits, one load across instances, the cluster) need Redis (docs/deployment.md).
TEST_REDIS_URL="$(bash scripts/ensure-redis.sh | tail -1)"
export TEST_REDIS_URL
echo "== lint and format"
npx biome ci --error-on-warnings .
echo "== line length"
npx tsx scripts/check-line-length.ts
echo "== layers"
npx tsx scripts/check-layers.ts
echo "== typecheck"
npx tsc --noEmit -p .
echo "== unit tests"
npx vitest run
echo "== build"
log="${TMPDIR:-/tmp}/study-portal-build-$$.log"
# With a server actions key of its own, so that the cluster's tests run this build on three instances
# (docs/deployment.md, The cluster command); the single-server tests need none.
actions_key="$(node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64"))')"
NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$actions_key" npx next build >"$log" 2>&1 || { cat "$log"; exit 1; }
echo "== end-to-end tests"
npx playwright test
echo "== cluster tests"
npx playwright test -c playwright.cluster.config.ts
echo "== work tree unchanged"
tree_after="$(git status --porcelain 2>/dev/null || true)"
if [ "$tree_after" != "$tree_before" ]; then
  echo "The test run changed the work tree (a file it writes belongs in .gitignore or a temporary folder):"
  diff <(echo "$tree_before") <(echo "$tree_after") || true
  exit 1
fi

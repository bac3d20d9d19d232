#!/usr/bin/env bash
# The app's production server (scripts/serve.mjs). `npm start`, the demo, the end-to-end tests and
# the benchmarks all start it here, so that they measure what users run.
# --max-semi-space-size=64 (MiB) gives V8 a larger young generation: loading a
# study parses a million resources a thousand to a page, and with the default
# most of each page outlived a scavenge and was copied; garbage collection was
# a quarter of a load's time (README, Benchmarks).
# --expose-gc lets the server collect once after a large load
# (lib/study-cache/collect-after-load.ts) and once when it falls quiet after
# serving pages (scripts/idle-collection.mjs), and whenever its heap has grown
# 192 MiB (scripts/heap-growth.mjs): without them the garbage stayed for as long
# as it was watched, and peaked over 1 GB (docs/benchmarks.md, bench:views).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --max-semi-space-size=64 --expose-gc scripts/serve.mjs "$@"

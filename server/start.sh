#!/usr/bin/env bash
# The app's production server (server/serve.mjs). `npm start`, the demo, the end-to-end tests and
# the benchmarks all start it here, so that they measure what users run.
# --max-semi-space-size=64 (MiB) gives V8 a larger young generation: loading a
# study parses a million resources a thousand to a page, and with the default
# most of each page outlived a scavenge and was copied; garbage collection was
# a quarter of a load's time (docs/performance.md, Memory and V8 settings).
# --heap-growing-percent=100 lets V8's heap grow to twice what is live before
# it collects, and V8 collects incrementally, beside the requests. A quarter
# (25) kept the memory lower (830 against 1,010 MiB settled with the
# 1,000-subject study cached) but collected so often while a second copy of the
# study loaded that 50 users' pages waited (p95 390-460 ms against 250 ms), and
# it slowed the loads themselves; a full collection forced at a fixed growth
# paused every page in flight for a quarter of a second (docs/benchmarks.md,
# bench:load). When the server falls quiet, one collection gives the slack back.
# --v8-pool-size=1: one V8 helper thread for the collections and compiling of
# every thread's heap, not Node's four. On two cores, four helpers at normal
# priority took turns with the thread that renders pages; with one, that
# thread waited 0.6-0.8 s a minute for a CPU instead of 1.7 s with 50 users,
# and their pages' p95 beside a cold load and an export was 312 ms against 428
# on the same code (docs/benchmarks.md, bench:load, 2026-11-27).
# --expose-gc lets the server collect once after a large load in its own thread
# (lib/study-cache/collect-after-load.ts; the loading thread collects its own)
# and once when it falls quiet after serving pages (server/idle-collection.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --v8-pool-size=1 --max-semi-space-size=64 --heap-growing-percent=100 --expose-gc server/serve.mjs "$@"

#!/usr/bin/env bash
# The app's production server (scripts/serve.mjs). `npm start`, the demo, the end-to-end tests and
# the benchmarks all start it here, so that they measure what users run.
# --max-semi-space-size=64 (MiB) gives V8 a larger young generation: loading a
# study parses a million resources a thousand to a page, and with the default
# most of each page outlived a scavenge and was copied; garbage collection was
# a quarter of a load's time (README, Benchmarks).
# --heap-growing-percent=25 lets V8's heap grow a quarter over what is live
# before it collects (its default, up to about twice): the portal's memory stays
# near its working size, and V8 collects incrementally, beside the requests,
# where a full collection forced at a fixed growth paused every page in flight
# for a quarter of a second (docs/benchmarks.md, bench:load).
# --expose-gc lets the server collect once after a large load in its own thread
# (lib/study-cache/collect-after-load.ts; the loading thread collects its own)
# and once when it falls quiet after serving pages (scripts/idle-collection.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --max-semi-space-size=64 --heap-growing-percent=25 --expose-gc scripts/serve.mjs "$@"

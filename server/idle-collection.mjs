/**
 * One full garbage collection when the server falls idle after serving pages, where the process allows it
 * (`node --expose-gc`, which server/start.sh gives the server). A page of a million-result study allocates tens of
 * megabytes that die with the response, and V8 lets that garbage grow to a limit it set while the study loaded (about
 * twice the live heap) before it collects: with a 1,000-subject study cached and every view visited the server stayed
 * at 1,016 MiB, and its own memory reducer did not shrink it in a minute of quiet; one collection brings it to about
 * 860 MiB (docs/benchmarks.md, bench:views). A collection of that heap pauses the server for about a quarter of a
 * second, which is why it waits for quiet, and for enough requests to have left something to collect.
 *
 * A second collection follows when the quiet lasts SETTLE_MS more. V8 gives its young generation back (up to 128 MiB
 * with server/start.sh's --max-semi-space-size=64) only at a collection with little allocated since the one before:
 * at the first, the last pages' allocations still count, and the young generation stays at its largest. Not sooner
 * than a minute, a server idle rather than between two bursts of pages: the next pages grow it again, and with the
 * second collection 10 s into each quiet spell, 50 users beside a cold load and an export had a p95 of 374 and 452 ms
 * in two runs, against 262 ms in one run without it (docs/benchmarks.md, bench:load, 2026-12-03).
 */

/** Quiet this long (no request in flight) before collecting. */
export const IDLE_MS = 5_000;
/** Requests served since the last collection before another is worth its pause. */
export const MIN_REQUESTS = 20;
/** Quiet this long after the first collection before the second: a server idle, not between two users' pages. */
export const SETTLE_MS = 60_000;

/**
 * Counts requests as they start and end, and calls `gc` once the server has had no request in flight for `idleMs`
 * after at least `minRequests` since the last collection, or after `due()` (a large study load has ended:
 * lib/study-cache/collect-after-load.ts). Without a `gc` it does nothing.
 */
export function idleCollector({
  gc,
  idleMs = IDLE_MS,
  minRequests = MIN_REQUESTS,
  settleMs = SETTLE_MS,
  timers = globalThis,
}) {
  let inFlight = 0;
  let served = 0;
  let isDue = false;
  let timer;
  const settle = () => {
    timer = undefined;
    gc();
  };
  const collect = () => {
    served = 0;
    isDue = false;
    gc();
    // Cleared, as the first one is, by the next request.
    timer = timers.setTimeout(settle, settleMs);
    timer?.unref?.();
  };
  const armWhenQuiet = () => {
    if (gc === undefined || inFlight > 0 || (served < minRequests && !isDue)) return;
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = timers.setTimeout(collect, idleMs);
    // A pending collection never keeps the process alive.
    timer?.unref?.();
  };
  return {
    started() {
      inFlight++;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
    ended() {
      inFlight = Math.max(0, inFlight - 1);
      served++;
      armWhenQuiet();
    },
    /** A collection is worth its pause at the next quiet spell, however few requests were served. */
    due() {
      isDue = true;
      armWhenQuiet();
    },
  };
}

/** Where the server offers its collector's `due` to the app's bundles (the symbol registry, as processSingleton). */
export const COLLECT_WHEN_QUIET = Symbol.for("study-portal.collectWhenQuiet");

/**
 * One full garbage collection after a large load ends, where the process allows it (`node --expose-gc`, which
 * server/start.sh gives the server; elsewhere nothing happens). A load of a million records leaves its parsed
 * pages behind as garbage, and a portal that then mostly reads allocates too little for V8 to collect it soon: with
 * a 1,000-subject study cached the server's memory stayed at 1.1-1.2 GB for as long as it was watched, against about
 * 0.5 GB after one collection (docs/benchmarks.md, bench:views).
 *
 * The collection pauses every page in flight: with a second copy of the study cached, 0.85 s (bench:load,
 * `--trace-gc`). So where the server offers it (server/serve.mjs, under the symbol below), the collection waits for
 * the server's next quiet spell, as its collection after serving pages does (server/idle-collection.mjs); a busy
 * server's own allocations make V8 collect meanwhile. Elsewhere (tests, scripts) it runs a second after the load,
 * and loads that end close together share one collection.
 */
const LARGE_LOAD_ROWS = 50_000;
const SETTLE_MS = 1_000;
/** The same symbol as COLLECT_WHEN_QUIET in server/idle-collection.mjs (a test checks it). */
export const COLLECT_WHEN_QUIET = Symbol.for("study-portal.collectWhenQuiet");

let timer: ReturnType<typeof setTimeout> | undefined;

export function collectAfterLargeLoad(rows: number): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined || rows < LARGE_LOAD_ROWS) return;
  const whenQuiet = (globalThis as { [COLLECT_WHEN_QUIET]?: () => void })[COLLECT_WHEN_QUIET];
  if (whenQuiet !== undefined) {
    whenQuiet();
    return;
  }
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    gc();
  }, SETTLE_MS);
  // A pending collection never keeps a process alive.
  timer.unref?.();
}

/**
 * One full garbage collection shortly after a large load ends, where the process allows it (`node --expose-gc`,
 * which scripts/start.sh gives the server; elsewhere nothing happens). A load of a million records leaves its parsed
 * pages behind as garbage, and a portal that then mostly reads allocates too little for V8 to collect it soon: with
 * a 1,000-subject study cached the server's memory stayed at 1.1-1.2 GB for as long as it was watched, against about
 * 0.5 GB after one collection (docs/benchmarks.md, bench:views). Loads that end close together share one collection.
 */
const LARGE_LOAD_ROWS = 50_000;
const SETTLE_MS = 1_000;

let timer: ReturnType<typeof setTimeout> | undefined;

export function collectAfterLargeLoad(rows: number): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined || rows < LARGE_LOAD_ROWS) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    gc();
  }, SETTLE_MS);
  // A pending collection never keeps a process alive.
  timer.unref?.();
}

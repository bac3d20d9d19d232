/**
 * A full garbage collection whenever V8's heap has grown by a set amount over the least it has held since the last
 * one, where the process allows it (`node --expose-gc`, which scripts/start.sh gives the server). V8 lets garbage grow
 * to a limit it sets from the live heap (about twice it) before collecting: with a 1,000-subject study cached the
 * portal's memory peaked at 1,030 MiB while the study loaded and at 1,084 MiB during a burst of page requests, against
 * 843 MiB once settled (docs/benchmarks.md, bench:views). Collecting at a fixed growth keeps the peak near the live
 * heap plus that growth, at the price of a pause of a few hundred milliseconds each time.
 */
import v8 from "node:v8";

/** Growth of the heap, in bytes, over its least since the last collection, that calls for a collection. */
export const GROWTH_BYTES = 192 * 2 ** 20;
/** How often the heap's size is read (a cheap call). */
export const CHECK_MS = 500;

const usedHeap = () => v8.getHeapStatistics().used_heap_size;

/**
 * Reads the heap's size every `checkMs` and calls `gc` when it has grown `growthBytes` over the least seen since the
 * last call (V8's own collections lower that floor too). Without a `gc` it does nothing. Returns a stop function.
 */
export function watchHeapGrowth({
  gc,
  growthBytes = GROWTH_BYTES,
  checkMs = CHECK_MS,
  heapUsed = usedHeap,
  timers = globalThis,
}) {
  if (gc === undefined) return () => {};
  let floor = heapUsed();
  const timer = timers.setInterval(() => {
    const used = heapUsed();
    floor = Math.min(floor, used);
    if (used - floor < growthBytes) return;
    gc();
    floor = heapUsed();
  }, checkMs);
  // The watch never keeps a process alive.
  timer?.unref?.();
  return () => timers.clearInterval(timer);
}

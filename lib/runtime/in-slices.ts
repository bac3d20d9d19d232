/**
 * Runs a sliced derivation (lib/clinical/common/sliced.ts) on the server's one thread without holding it: the work goes
 * on until it has taken SLICE_MS, then waits one turn of the event loop, in which the requests that arrived meanwhile
 * are served. A derivation over a newly loaded million rows took up to a second as one task; every page in flight
 * waited that long (docs/benchmarks.md, bench:load).
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Sliced } from "@/lib/clinical/common/sliced";

/** Work between two turns: short beside a page's own rendering. */
export const SLICE_MS = 8;

export async function inSlices<T>(work: Sliced<T>, sliceMs = SLICE_MS): Promise<T> {
  let started = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - started < sliceMs) continue;
    await nextTurn();
    started = performance.now();
  }
}

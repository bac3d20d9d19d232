/**
 * The portal's resident memory around a phase of `npm run bench:load`: sampled while the phase runs (its peak), then
 * read again after the server has been left idle for a while. The server collects its garbage when it falls quiet
 * (server/idle-collection.mjs: 5 s without a request in flight), and V8 collects as its heap grows a quarter
 * (server/start.sh), so "after" is what the run left behind that is still reachable, plus what V8 has not yet
 * handed back. A cluster's figure is the sum of its instances' (each with its descendants).
 */
import { treeRssMiB } from "./start-server";

const SAMPLE_MS = 500;
const SETTLE_STEP_S = 5;

export interface RssWatch {
  /** Stops sampling: the largest RSS seen since the watch began (MiB). */
  stop(): number;
}

/** The resident memory of the portal's processes and their descendants, together (MiB). */
export function rssMiB(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + treeRssMiB(pid), 0);
}

export function watchRss(pids: readonly number[]): RssWatch {
  let peak = rssMiB(pids);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pids));
  }, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMiB(pids));
    },
  };
}

/** Waits `seconds` with no request; the RSS at each 5 s step (MiB), the last being the settled figure. */
export async function settleRss(pids: readonly number[], seconds: number): Promise<number[]> {
  const steps: number[] = [];
  for (let waited = 0; waited < seconds; waited += SETTLE_STEP_S) {
    await new Promise((r) => setTimeout(r, Math.min(SETTLE_STEP_S, seconds - waited) * 1000));
    steps.push(rssMiB(pids));
  }
  return steps;
}

/**
 * A lower CPU priority for the calling thread alone. On Linux a thread's nice value is its own: `setpriority` given
 * a thread's ID (which /proc/thread-self names) changes that thread only. The study loading thread uses it, so that
 * on a busy machine the thread that renders pages wins the CPU and a load takes longer instead
 * (docs/architecture.md, Study loads). No imports but Node's: any layer may use it.
 */
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/**
 * Sets the calling thread's nice value to `nice` (higher is lower priority; raising it needs no privilege) and
 * returns the thread's ID and its nice value now; undefined where threads cannot be told apart (not Linux) or the
 * change is refused: the thread then keeps the process's priority.
 */
export function lowerThreadPriority(nice: number): { threadId: number; nice: number } | undefined {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").at(-1));
    if (!Number.isInteger(threadId) || threadId <= 0) return undefined;
    setPriority(threadId, nice);
    return { threadId, nice: getPriority(threadId) };
  } catch {
    return undefined;
  }
}

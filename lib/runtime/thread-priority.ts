/**
 * A lower CPU priority for the calling thread alone. On Linux a thread's nice value and scheduling policy are its
 * own: `setpriority` or `sched_setscheduler` given a thread's ID (which /proc/thread-self names) change that thread
 * only. The study loading thread and the CSV thread use it, so that on a busy machine the thread that renders pages
 * wins the CPU and the background work takes longer instead (docs/performance.md, Study loads). No
 * imports but Node's: any layer may use it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** Linux's scheduling policy for background work (sched(7)): `policy` in /proc/<tid>/stat. */
export const SCHED_IDLE = 5;

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

/**
 * The calling thread as background work: nice `nice`, then, where the system allows, Linux's SCHED_IDLE policy.
 *
 * Nice 10 alone was not enough while a study loaded beside 50 users: the rendering thread's time waiting for a CPU
 * grew from 2 s to 7-14 s a minute (bench:load, phase 2, from /proc/<tid>/schedstat), as the kernel still gives a
 * nice-10 thread its share of a CPU both want. A SCHED_IDLE thread runs only on a CPU no other thread wants, and a
 * woken thread of normal priority takes the CPU from it at once. Returns the thread's ID, nice value and whether
 * it runs as SCHED_IDLE; undefined as for lowerThreadPriority.
 */
export function runAsBackground(nice: number): { threadId: number; nice: number; idle: boolean } | undefined {
  const lowered = lowerThreadPriority(nice);
  return lowered && { ...lowered, idle: idleThreadPolicy(lowered.threadId) };
}

/**
 * Puts thread `threadId` under SCHED_IDLE and says whether it took. Node has no call for `sched_setscheduler`;
 * util-linux's `chrt` (on every Debian system) makes it, and an unprivileged process may so lower its own threads.
 * Where `chrt` is missing or refused, the thread keeps its policy.
 */
export function idleThreadPolicy(threadId: number): boolean {
  try {
    execFileSync("chrt", ["--idle", "--pid", "0", String(threadId)], { stdio: "ignore", timeout: 5_000 });
    return threadPolicy(threadId) === SCHED_IDLE;
  } catch {
    return false;
  }
}

/** A thread's scheduling policy as the kernel reports it: field 41 of /proc/<tid>/stat (0 is the normal one). */
export function threadPolicy(threadId: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${threadId}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[38]);
  } catch {
    return undefined;
  }
}

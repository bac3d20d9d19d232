import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { idleThreadPolicy, lowerThreadPriority, SCHED_IDLE, threadPolicy } from "./thread-priority";

/** A thread's nice value as the kernel reports it: field 19 of /proc/self/task/<tid>/stat. */
function niceOf(threadId: number): number {
  const stat = readFileSync(`/proc/self/task/${threadId}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

/** util-linux's chrt, which the Debian machines this project runs and is tested on have. */
const chrt = ["/usr/bin/chrt", "/bin/chrt"].some((path) => existsSync(path));

describe("a lower priority for one thread", () => {
  // On Linux, the machines this project runs and is tested on; elsewhere the function changes nothing.
  it("changes the calling thread's nice value, not the process's", () => {
    const processNice = niceOf(process.pid);
    const lowered = lowerThreadPriority(Math.min(19, processNice + 5));
    expect(lowered).toBeDefined();
    expect(lowered!.nice).toBe(Math.min(19, processNice + 5));
    expect(niceOf(lowered!.threadId)).toBe(lowered!.nice);
    // Where Vitest runs this file in a worker thread, the process's main thread keeps its priority.
    if (lowered!.threadId !== process.pid) expect(niceOf(process.pid)).toBe(processNice);
  });

  // A process of its own (a single thread, whose ID is its process ID), so that the test runner's threads keep the
  // normal policy.
  it("puts a thread under SCHED_IDLE where chrt is installed, and says whether it took", async () => {
    expect(chrt).toBe(true);
    const child = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      const pid = child.pid!;
      expect(threadPolicy(pid)).toBe(0);
      expect(idleThreadPolicy(pid)).toBe(true);
      expect(threadPolicy(pid)).toBe(SCHED_IDLE);
    } finally {
      child.kill();
    }
  });

  it("says no for a thread that does not exist, and changes nothing", () => {
    expect(idleThreadPolicy(2 ** 22 + 1)).toBe(false);
    expect(threadPolicy(2 ** 22 + 1)).toBeUndefined();
  });
});

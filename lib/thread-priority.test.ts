import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lowerThreadPriority } from "./thread-priority";

/** A thread's nice value as the kernel reports it: field 19 of /proc/self/task/<tid>/stat. */
function niceOf(threadId: number): number {
  const stat = readFileSync(`/proc/self/task/${threadId}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

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
});

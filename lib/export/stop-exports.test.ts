/**
 * A stop waits for the jobs this instance runs; those still running when it gives up are failed in the store with
 * the reason that says what to do, their writers stopped and their partial files deleted. Finished jobs stay.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/store";
import { testStore } from "@/lib/store/testing";
import { ExportJobs, type RunningJob } from "./export-jobs";
import { RUNNER_STOPPED } from "./job-rows";
import { exportsStopParticipant } from "./stop-exports";

const spec = { connectionId: "c1", study: "ONC-101", view: "laboratory", table: "results", format: "csv" } as const;
const LIMITS = { runningPerUser: 3, running: 5, keptPerUser: 4, kept: 8, ttlMs: 60_000 };
const FILE = { fileName: "a.csv", bytes: 7, sha256: "0".repeat(64), rows: 1 };

let dir: string;
let store: Store;
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function jobsWithTwo() {
  dir = mkdtempSync(join(tmpdir(), "stop-exports-"));
  store = await testStore("sqlite");
  const jobs = new ExportJobs(async () => store, dir, LIMITS, { heartbeatMs: 0 });
  const started: RunningJob[] = [];
  for (const owner of [1, 2]) {
    const opened = await jobs.open(owner, spec);
    if (!("job" in opened)) throw new Error(opened.refused);
    // As the writer does: the file exists while the job writes.
    writeFileSync(opened.job.partPath, "partial");
    started.push(opened.job);
  }
  return { jobs, a: started[0], b: started[1] };
}

describe("the exports' part in a stop", () => {
  it("is settled once the running jobs have finished", async () => {
    const { jobs, a, b } = await jobsWithTwo();
    let settled = false;
    const waiting = exportsStopParticipant(jobs, 1)
      .settled?.(new AbortController().signal)
      .then(() => {
        settled = true;
      });
    await jobs.done(a, FILE);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    await jobs.fail(b, "The partner did not answer.");
    await waiting;
    expect(jobs.running()).toEqual([]);
  });

  it("stops waiting when the stop does", async () => {
    const { jobs } = await jobsWithTwo();
    const waiting = new AbortController();
    const settled = exportsStopParticipant(jobs, 1).settled?.(waiting.signal);
    waiting.abort();
    await settled;
    expect(jobs.running()).toHaveLength(2);
  });

  it("fails the jobs still running when abandoned, with the reason, writers stopped and files deleted", async () => {
    const { jobs, a, b } = await jobsWithTwo();
    await jobs.done(a, FILE);
    await exportsStopParticipant(jobs).abandon?.();
    expect(await jobs.get(2, b.id)).toMatchObject({ state: "failed", reason: RUNNER_STOPPED });
    expect(b.controller.signal.aborted).toBe(true);
    expect(existsSync(b.partPath)).toBe(false);
    expect(await jobs.get(1, a.id)).toMatchObject({ state: "done", reason: null });
    expect(existsSync(a.path)).toBe(true);
    expect(jobs.running()).toEqual([]);
  });
});

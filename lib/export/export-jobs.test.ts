/**
 * The job registry: its limits (per user, in the server, finished jobs kept), owner isolation (another user's job
 * is one that does not exist), and that no file outlives its job: a cancel, a failure, an expiry or a job pushed
 * out deletes it. Its byte bounds: byte-bounds.test.ts.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ExportJob, ExportJobs, type JobLimits, type JobSpec } from "./export-jobs";

const LIMITS: JobLimits = { runningPerUser: 3, running: 5, keptPerUser: 4, kept: 8, ttlMs: 15 * 60_000 };
const spec: JobSpec = { connectionId: "c1", study: "ONC-101", view: "laboratory", table: "results", format: "csv" };
const ALICE = 1;
const BOB = 2;
const CAROL = 3;

let dir: string;
let clock: number;
let jobs: ExportJobs;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "export-jobs-"));
  clock = 1_000_000;
  jobs = new ExportJobs(dir, LIMITS, () => clock);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function started(owner: number): ExportJob {
  const opened = jobs.open(owner, spec);
  if (!("job" in opened)) throw new Error(opened.refused);
  // As the runner does: the file exists while the job writes.
  writeFileSync(opened.job.path, "partial");
  return opened.job;
}

const finished = (job: ExportJob) => jobs.done(job, { fileName: "f.csv", bytes: 7, sha256: "0".repeat(64), rows: 1 });

describe("ExportJobs", () => {
  it("gives each job a random 128-bit ID, its file named by it in the export directory", () => {
    const a = started(ALICE);
    const b = started(ALICE);
    expect(a.id).toMatch(/^[0-9a-f]{32}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.path).toBe(join(dir, `${a.id}.csv`));
  });

  it("runs at most three jobs per user, and says what to do about a fourth", () => {
    for (let i = 0; i < 3; i++) started(ALICE);
    const fourth = jobs.open(ALICE, spec);
    expect(fourth).toEqual({ refused: expect.stringContaining("You have 3 exports running already.") });
    // Another user is not held back by Alice's.
    expect("job" in jobs.open(BOB, spec)).toBe(true);
  });

  it("runs at most the server's number of jobs in all", () => {
    for (let i = 0; i < 3; i++) started(ALICE);
    for (let i = 0; i < 2; i++) started(BOB);
    expect(jobs.open(CAROL, spec)).toEqual({ refused: expect.stringContaining("as many exports as it can") });
  });

  it("counts only running jobs against the limits", () => {
    const all = [started(ALICE), started(ALICE), started(ALICE)];
    finished(all[0]);
    jobs.fail(all[1], "reason");
    expect("job" in jobs.open(ALICE, spec)).toBe(true);
  });

  it("counts a job cancelled while its rows are prepared as running until the preparation ends", async () => {
    const held = [started(ALICE), started(ALICE)];
    const cancelled = started(ALICE);
    let ready = () => {};
    const preparing = jobs.prepare(cancelled, () => new Promise<void>((r) => (ready = r)));
    jobs.cancel(ALICE, cancelled.id);
    expect(cancelled.state).toBe("cancelled");
    expect(jobs.open(ALICE, spec)).toEqual({ refused: expect.stringContaining("3 exports running already") });
    ready();
    await preparing;
    expect("job" in jobs.open(ALICE, spec)).toBe(true);
    expect(held.map((j) => j.state)).toEqual(["running", "running"]);
  });

  it("shows a job to its owner only: for another user it does not exist, and it cannot be cancelled", () => {
    const job = started(ALICE);
    expect(jobs.get(ALICE, job.id)).toBe(job);
    expect(jobs.get(BOB, job.id)).toBeUndefined();
    expect(jobs.get(ALICE, "f".repeat(32))).toBeUndefined();
    expect(jobs.cancel(BOB, job.id)).toBe(false);
    expect(job.state).toBe("running");
    expect(existsSync(job.path)).toBe(true);
  });

  it("cancels a running job: its partial file is deleted at once and the writer is told to stop", () => {
    const job = started(ALICE);
    expect(jobs.cancel(ALICE, job.id)).toBe(true);
    expect(job.state).toBe("cancelled");
    expect(job.reason).toMatch(/^You cancelled this export\./);
    expect(job.controller.signal.aborted).toBe(true);
    expect(existsSync(job.path)).toBe(false);
  });

  it("deletes the partial file of a failed job and keeps the reason for its owner", () => {
    const job = started(ALICE);
    jobs.fail(job, "The server ran out of disk space.");
    expect(existsSync(job.path)).toBe(false);
    expect(jobs.get(ALICE, job.id)).toMatchObject({ state: "failed", reason: "The server ran out of disk space." });
  });

  it("keeps a finished file for the time limit, then deletes it with the job", () => {
    const job = started(ALICE);
    finished(job);
    clock += LIMITS.ttlMs - 1;
    expect(jobs.get(ALICE, job.id)?.state).toBe("done");
    expect(existsSync(job.path)).toBe(true);
    clock += 1;
    expect(jobs.get(ALICE, job.id)).toBeUndefined();
    expect(existsSync(job.path)).toBe(false);
  });

  it("a finished job is not changed by a late outcome of its writer", () => {
    const job = started(ALICE);
    jobs.cancel(ALICE, job.id);
    finished(job);
    jobs.fail(job, "late");
    expect(job).toMatchObject({ state: "cancelled", fileName: null });
  });

  it("keeps at most four finished jobs per user: a new one pushes the oldest out, with its file", () => {
    const done = Array.from({ length: 4 }, () => {
      const job = started(ALICE);
      finished(job);
      clock += 1000;
      return job;
    });
    started(ALICE);
    expect(jobs.get(ALICE, done[0].id)).toBeUndefined();
    expect(existsSync(done[0].path)).toBe(false);
    expect(done.slice(1).every((j) => jobs.get(ALICE, j.id) !== undefined)).toBe(true);
  });

  it("keeps at most eight jobs in all, pushing out the oldest finished of any user", () => {
    const users = [10, 11, 12, 13, 14, 15, 16, 17];
    const done = users.map((u) => {
      const job = started(u);
      finished(job);
      clock += 1000;
      return job;
    });
    started(ALICE);
    expect(jobs.get(10, done[0].id)).toBeUndefined();
    expect(jobs.get(11, done[1].id)).toBeDefined();
  });
});

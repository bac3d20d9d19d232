/**
 * The job registry on either store: its limits (per user, in all, finished jobs kept), owner isolation (another
 * user's job is one that does not exist), and that no file outlives its job: a cancel, a failure, an expiry or a job
 * pushed out deletes it. Its byte bounds: byte-bounds.test.ts; two instances over one store: job-instances.test.ts.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { STORE_KINDS } from "@/lib/store/testing";
import type { JobLimits, JobSpec, RunningJob } from "./export-jobs";
import { jobsOnStore } from "./testing";

const LIMITS: JobLimits = { runningPerUser: 3, running: 5, keptPerUser: 4, kept: 8, ttlMs: 15 * 60_000 };
const spec: JobSpec = { connectionId: "c1", study: "ONC-101", view: "laboratory", table: "results", format: "csv" };
const ALICE = 1;
const BOB = 2;
const CAROL = 3;

describe.each(STORE_KINDS)("ExportJobs (%s)", (kind) => {
  const t = jobsOnStore(kind, LIMITS, "export-jobs-");

  async function started(owner: number): Promise<RunningJob> {
    const job = await t.started(owner, spec);
    // As the runner does: the file exists, under its temporary name, while the job writes.
    writeFileSync(job.partPath, "partial");
    return job;
  }

  const finished = (job: RunningJob) =>
    t.jobs.done(job, { fileName: "f.csv", bytes: 7, sha256: "0".repeat(64), rows: 1 });
  const opens = async (owner: number) => "job" in (await t.jobs.open(owner, spec));

  it("gives each job a random 128-bit ID, its file named by it in the export directory", async () => {
    const a = await started(ALICE);
    const b = await started(ALICE);
    expect(a.id).toMatch(/^[0-9a-f]{32}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.path).toBe(join(t.dir, `${a.id}.csv`));
    expect(a.partPath).toBe(join(t.dir, `${a.id}.csv.part`));
  });

  it("runs at most three jobs per user, and says what to do about a fourth", async () => {
    for (let i = 0; i < 3; i++) await started(ALICE);
    const fourth = await t.jobs.open(ALICE, spec);
    expect(fourth).toEqual({ refused: expect.stringContaining("You have 3 exports running already.") });
    // Another user is not held back by Alice's.
    expect(await opens(BOB)).toBe(true);
  });

  it("runs at most the server's number of jobs in all", async () => {
    for (let i = 0; i < 3; i++) await started(ALICE);
    for (let i = 0; i < 2; i++) await started(BOB);
    expect(await t.jobs.open(CAROL, spec)).toEqual({ refused: expect.stringContaining("as many exports as it can") });
  });

  it("counts only running jobs against the limits", async () => {
    const all = [await started(ALICE), await started(ALICE), await started(ALICE)];
    await finished(all[0]);
    await t.jobs.fail(all[1], "reason");
    expect(await opens(ALICE)).toBe(true);
  });

  it("frees a running place at once when a job writing its file is cancelled", async () => {
    const all = [await started(ALICE), await started(ALICE), await started(ALICE)];
    await t.jobs.cancel(ALICE, all[2].id);
    expect(await opens(ALICE)).toBe(true);
  });

  it("counts a job cancelled while its rows are prepared as running until the preparation ends", async () => {
    const held = [await started(ALICE), await started(ALICE)];
    const cancelled = await started(ALICE);
    let ready = () => {};
    const preparing = t.jobs.prepare(cancelled, () => new Promise<void>((r) => (ready = r)));
    await t.jobs.cancel(ALICE, cancelled.id);
    expect(cancelled.state).toBe("cancelled");
    expect(await t.jobs.open(ALICE, spec)).toEqual({ refused: expect.stringContaining("3 exports running already") });
    ready();
    await preparing;
    expect(await opens(ALICE)).toBe(true);
    expect(held.map((j) => j.state)).toEqual(["running", "running"]);
  });

  it("shows a job to its owner only: for another user it does not exist, and it cannot be cancelled", async () => {
    const job = await started(ALICE);
    expect(await t.jobs.get(ALICE, job.id)).toMatchObject({ id: job.id, owner: ALICE, state: "running", spec });
    expect(await t.jobs.get(BOB, job.id)).toBeUndefined();
    expect(await t.jobs.ownedByAnother(BOB, job.id)).toBe(true);
    expect(await t.jobs.ownedByAnother(ALICE, job.id)).toBe(false);
    expect(await t.jobs.get(ALICE, "f".repeat(32))).toBeUndefined();
    expect(await t.jobs.cancel(BOB, job.id)).toBeUndefined();
    expect(job.state).toBe("running");
    expect((await t.jobs.get(ALICE, job.id))?.state).toBe("running");
    expect(existsSync(job.partPath)).toBe(true);
  });

  it("cancels a running job: its partial file is deleted at once and the writer is told to stop", async () => {
    const job = await started(ALICE);
    expect(await t.jobs.cancel(ALICE, job.id)).toMatchObject({ id: job.id, state: "cancelled" });
    expect(job.state).toBe("cancelled");
    expect(job.reason).toMatch(/^You cancelled this export\./);
    expect(job.controller.signal.aborted).toBe(true);
    expect(existsSync(job.partPath)).toBe(false);
    expect(existsSync(job.path)).toBe(false);
    expect(await t.jobs.get(ALICE, job.id)).toMatchObject({ state: "cancelled", reason: job.reason });
  });

  it("deletes the partial file of a failed job and keeps the reason for its owner", async () => {
    const job = await started(ALICE);
    await t.jobs.fail(job, "The server ran out of disk space.");
    expect(existsSync(job.partPath)).toBe(false);
    expect(await t.jobs.get(ALICE, job.id)).toMatchObject({
      state: "failed",
      reason: "The server ran out of disk space.",
    });
  });

  it("renames a finished file into place and keeps it for the time limit, then deletes it with the job", async () => {
    const job = await started(ALICE);
    await finished(job);
    expect(existsSync(job.partPath)).toBe(false);
    expect(await t.jobs.get(ALICE, job.id)).toMatchObject({
      state: "done",
      fileName: "f.csv",
      bytes: 7,
      rowsWritten: 1,
    });
    t.clock += LIMITS.ttlMs - 1;
    expect((await t.jobs.get(ALICE, job.id))?.state).toBe("done");
    expect(existsSync(job.path)).toBe(true);
    t.clock += 1;
    expect(await t.jobs.get(ALICE, job.id)).toBeUndefined();
    expect(await t.jobs.ownedByAnother(BOB, job.id)).toBe(false);
    expect(existsSync(job.path)).toBe(false);
  });

  it("a finished job is not changed by a late outcome of its writer", async () => {
    const job = await started(ALICE);
    await t.jobs.cancel(ALICE, job.id);
    await finished(job);
    await t.jobs.fail(job, "late");
    expect(job).toMatchObject({ state: "cancelled", fileName: null });
    expect(await t.jobs.get(ALICE, job.id)).toMatchObject({ state: "cancelled", fileName: null });
    expect(existsSync(job.path)).toBe(false);
  });

  it("keeps at most four finished jobs per user: a new one pushes the oldest out, with its file", async () => {
    const done: RunningJob[] = [];
    for (let i = 0; i < 4; i++) {
      const job = await started(ALICE);
      await finished(job);
      t.clock += 1000;
      done.push(job);
    }
    await started(ALICE);
    expect(await t.jobs.get(ALICE, done[0].id)).toBeUndefined();
    expect(existsSync(done[0].path)).toBe(false);
    for (const j of done.slice(1)) expect(await t.jobs.get(ALICE, j.id)).toBeDefined();
  });

  it("keeps at most eight jobs in all, pushing out the oldest finished of any user", async () => {
    const done: RunningJob[] = [];
    for (const u of [10, 11, 12, 13, 14, 15, 16, 17]) {
      const job = await started(u);
      await finished(job);
      t.clock += 1000;
      done.push(job);
    }
    await started(ALICE);
    expect(await t.jobs.get(10, done[0].id)).toBeUndefined();
    expect(existsSync(done[0].path)).toBe(false);
    expect(await t.jobs.get(11, done[1].id)).toBeDefined();
  });
});

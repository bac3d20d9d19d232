/**
 * The byte bounds of the export files, kept by the job registry as the files grow: the user's oldest finished files
 * pushed out for the per-user bound, anyone's for the total; a growing file stopped in words when only files being
 * written are left (or when it is too large by itself); a finished file's last bytes push older files out, never it.
 */
import { existsSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STORE_KINDS } from "@/lib/store/testing";
import { sizeText } from "./byte-bounds";
import type { JobLimits, JobSpec, RunningJob } from "./export-jobs";
import { jobsOnStore } from "./testing";

const spec: JobSpec = { connectionId: "c1", study: "ONC-101", view: "laboratory", table: "results", format: "csv" };
const ALICE = 1;
const BOB = 2;
// 100 bytes per user, 250 in all: files of tens of bytes stand for files of hundreds of megabytes.
const BOUNDED: JobLimits = {
  ...{ runningPerUser: 3, running: 5, keptPerUser: 10, kept: 20, ttlMs: 15 * 60_000 },
  bytes: { total: 250, perUser: 100 },
};
/** A job's progress is written at most this often (job-runs.ts): the clock passes it between two reports. */
const PROGRESS_MS = 500;

describe.each(STORE_KINDS)("ExportJobs' byte bounds (%s)", (kind) => {
  const t = jobsOnStore(kind, BOUNDED, "byte-bounds-");

  /** A job whose file has grown to `bytes`, as its writer reports after a batch. */
  async function grown(owner: number, bytes: number): Promise<RunningJob> {
    const job = await t.started(owner, spec);
    writeFileSync(job.partPath, Buffer.alloc(bytes));
    await t.jobs.progress(job, 1000);
    return job;
  }
  async function kept(owner: number, bytes: number): Promise<RunningJob> {
    const job = await grown(owner, bytes);
    await t.jobs.done(job, { fileName: "f.csv", bytes, sha256: "0".repeat(64), rows: 1000 });
    t.clock += 1000;
    return job;
  }

  it("pushes the user's oldest finished files out when a growing file takes the user past the bound", async () => {
    const [oldest, older] = [await kept(ALICE, 40), await kept(ALICE, 40)];
    const other = await kept(BOB, 40);
    const growing = await grown(ALICE, 50);
    expect(await t.jobs.get(ALICE, oldest.id)).toBeUndefined();
    expect(existsSync(oldest.path)).toBe(false);
    expect((await t.jobs.get(ALICE, older.id))?.state).toBe("done");
    // Another user's file is not the user's bound's business.
    expect((await t.jobs.get(BOB, other.id))?.state).toBe("done");
    expect(growing).toMatchObject({ state: "running", rowsWritten: 1000 });
    expect(await t.jobs.get(ALICE, growing.id)).toMatchObject({ state: "running", rowsWritten: 1000 });
  });

  it("pushes anyone's oldest finished files out when the files in all pass the total", async () => {
    const files = [await kept(10, 80), await kept(11, 80), await kept(12, 80)];
    await grown(ALICE, 60);
    expect(await t.jobs.get(10, files[0].id)).toBeUndefined();
    expect(existsSync(files[0].path)).toBe(false);
    for (const j of files.slice(1)) expect((await t.jobs.get(j.owner, j.id))?.state).toBe("done");
  });

  it("stops a file that would pass the bound with only files being written left, saying what to do", async () => {
    const writing = await grown(ALICE, 60);
    const growing = await grown(ALICE, 30);
    writeFileSync(growing.partPath, Buffer.alloc(50));
    t.clock += PROGRESS_MS;
    await t.jobs.progress(growing, 2000);
    expect(growing.state).toBe("failed");
    expect(growing.reason).toMatch(/^This export stopped: your export files would take more than the 1 MiB the server/);
    expect(growing.reason).toMatch(/Wait for them to finish \(or cancel them\), then start this one again\.$/);
    expect(growing.controller.signal.aborted).toBe(true);
    expect(existsSync(growing.partPath)).toBe(false);
    expect(await t.jobs.get(ALICE, growing.id)).toMatchObject({ state: "failed", reason: growing.reason });
    expect(writing.state).toBe("running");
  });

  it("says a file too large by itself for the bound is to be narrowed", async () => {
    const growing = await grown(ALICE, 101);
    expect(growing.state).toBe("failed");
    expect(growing.reason).toMatch(/its file would be larger than .* Narrow the export with the view's filters/);
  });

  it("lets a finished file's last bytes push older files out, never the file itself", async () => {
    const old = await kept(ALICE, 50);
    const job = await grown(ALICE, 40);
    writeFileSync(job.partPath, Buffer.alloc(60));
    await t.jobs.done(job, { fileName: "f.csv", bytes: 60, sha256: "0".repeat(64), rows: 1000 });
    expect(await t.jobs.get(ALICE, old.id)).toBeUndefined();
    expect(job.state).toBe("done");
    expect(existsSync(job.path)).toBe(true);
  });
});

describe("sizeText", () => {
  it("says a bound in GiB or MiB", () => {
    expect(sizeText(4 * 2 ** 30)).toBe("4 GiB");
    expect(sizeText(1.5 * 2 ** 30)).toBe("1.5 GiB");
    expect(sizeText(512 * 2 ** 20)).toBe("512 MiB");
  });
});

/**
 * The byte bounds of the export files, kept by the job registry as the files grow: the user's oldest finished files
 * pushed out for the per-user bound, anyone's for the total; a growing file stopped in words when only files being
 * written are left (or when it is too large by itself); a finished file's last bytes push older files out, never it.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sizeText } from "./byte-bounds";
import { type ExportJob, ExportJobs, type JobLimits, type JobSpec } from "./export-jobs";

const spec: JobSpec = { connectionId: "c1", study: "ONC-101", view: "laboratory", table: "results", format: "csv" };
const ALICE = 1;
const BOB = 2;
// 100 bytes per user, 250 in all: files of tens of bytes stand for files of hundreds of megabytes.
const BOUNDED: JobLimits = {
  ...{ runningPerUser: 3, running: 5, keptPerUser: 10, kept: 20, ttlMs: 15 * 60_000 },
  bytes: { total: 250, perUser: 100 },
};

let dir: string;
let clock: number;
let jobs: ExportJobs;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "byte-bounds-"));
  clock = 1_000_000;
  jobs = new ExportJobs(dir, BOUNDED, () => clock);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function started(owner: number): ExportJob {
  const opened = jobs.open(owner, spec);
  if (!("job" in opened)) throw new Error(opened.refused);
  return opened.job;
}

describe("ExportJobs' byte bounds", () => {
  /** A job whose file has grown to `bytes`, as its writer reports after a batch. */
  function grown(owner: number, bytes: number): ExportJob {
    const job = started(owner);
    writeFileSync(job.path, Buffer.alloc(bytes));
    jobs.progress(job, 1000);
    return job;
  }
  function kept(owner: number, bytes: number): ExportJob {
    const job = grown(owner, bytes);
    jobs.done(job, { fileName: "f.csv", bytes, sha256: "0".repeat(64), rows: 1000 });
    clock += 1000;
    return job;
  }

  it("pushes the user's oldest finished files out when a growing file takes the user past the bound", () => {
    const [oldest, older] = [kept(ALICE, 40), kept(ALICE, 40)];
    const other = kept(BOB, 40);
    const growing = grown(ALICE, 50);
    expect(jobs.get(ALICE, oldest.id)).toBeUndefined();
    expect(existsSync(oldest.path)).toBe(false);
    expect(jobs.get(ALICE, older.id)?.state).toBe("done");
    // Another user's file is not the user's bound's business.
    expect(jobs.get(BOB, other.id)?.state).toBe("done");
    expect(growing).toMatchObject({ state: "running", rowsWritten: 1000 });
  });

  it("pushes anyone's oldest finished files out when the files in all pass the total", () => {
    const files = [kept(10, 80), kept(11, 80), kept(12, 80)];
    grown(ALICE, 60);
    expect(jobs.get(10, files[0].id)).toBeUndefined();
    expect(existsSync(files[0].path)).toBe(false);
    expect(files.slice(1).every((j) => jobs.get(j.owner, j.id)?.state === "done")).toBe(true);
  });

  it("stops a file that would pass the bound with only files being written left, saying what to do", () => {
    const writing = grown(ALICE, 60);
    const growing = grown(ALICE, 30);
    writeFileSync(growing.path, Buffer.alloc(50));
    jobs.progress(growing, 2000);
    expect(growing.state).toBe("failed");
    expect(growing.reason).toMatch(/^This export stopped: your export files would take more than the 1 MiB the server/);
    expect(growing.reason).toMatch(/Wait for them to finish \(or cancel them\), then start this one again\.$/);
    expect(growing.controller.signal.aborted).toBe(true);
    expect(existsSync(growing.path)).toBe(false);
    expect(writing.state).toBe("running");
  });

  it("says a file too large by itself for the bound is to be narrowed", () => {
    const growing = grown(ALICE, 101);
    expect(growing.state).toBe("failed");
    expect(growing.reason).toMatch(/its file would be larger than .* Narrow the export with the view's filters/);
  });

  it("lets a finished file's last bytes push older files out, never the file itself", () => {
    const old = kept(ALICE, 50);
    const job = grown(ALICE, 40);
    writeFileSync(job.path, Buffer.alloc(60));
    jobs.done(job, { fileName: "f.csv", bytes: 60, sha256: "0".repeat(64), rows: 1000 });
    expect(jobs.get(ALICE, old.id)).toBeUndefined();
    expect(job.state).toBe("done");
  });
});

describe("sizeText", () => {
  it("says a bound in GiB or MiB", () => {
    expect(sizeText(4 * 2 ** 30)).toBe("4 GiB");
    expect(sizeText(1.5 * 2 ** 30)).toBe("1.5 GiB");
    expect(sizeText(512 * 2 ** 20)).toBe("512 MiB");
  });
});

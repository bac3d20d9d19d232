/**
 * Two instances of the portal over one store and one export directory, as behind a round-robin proxy: a job opened
 * on one is seen, downloaded and cancelled through the other; the limits count the jobs of both; a job whose
 * instance stopped answers failed in words and its partial file goes; the start-up cleanup keeps every live job's
 * file; a file is handed out only once whole, under its kept name. On SQLite and on PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session-user";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { prepareExportDir } from "./export-dir";
import { ExportJobs, type JobLimits, type JobSpec, type RunningJob } from "./export-jobs";
import { cancelExport, downloadExport, exportStatus } from "./job-routes";
import { RUNNER_STOPPED, STALE_MS } from "./job-rows";

const spec: JobSpec = { connectionId: "c1", study: "ONC-101", view: "laboratory", table: "results", format: "csv" };
const ALICE = 1;
const BOB = 2;
const CAROL = 3;
const ANA: SessionUser = { id: ALICE, email: "ana@example.org", name: "Ana", role: "user" };
const LIMITS: JobLimits = { runningPerUser: 2, running: 3, keptPerUser: 2, kept: 4, ttlMs: 15 * 60_000 };
/** A job's progress is written at most this often (job-runs.ts): the clock passes it between two reports. */
const PROGRESS_MS = 500;

const params = (job: { id: string }) => Promise.resolve({ jobId: job.id });
const whole = (bytes: Buffer) => ({ fileName: "f.csv", bytes: bytes.length, sha256: "0".repeat(64), rows: 10 });

describe.each(STORE_KINDS)("export jobs on two instances (%s)", (kind) => {
  let dir: string;
  let clock: number;
  let store: Store;
  let a: ExportJobs;
  let b: ExportJobs;
  const instance = (limits: JobLimits, name: string) =>
    new ExportJobs(async () => store, dir, limits, { now: () => clock, instance: name, heartbeatMs: 0 });
  // One store for the file, emptied before each test: each PostgreSQL store made and dropped is a schema.
  beforeAll(async () => {
    store = await testStore(kind);
  });
  afterAll(async () => {
    await store.close();
  });
  beforeEach(async () => {
    dir = prepareExportDir(join(mkdtempSync(join(tmpdir(), "job-instances-")), "exports"));
    clock = 1_000_000;
    await store.db.deleteFrom("export_jobs").execute();
    [a, b] = [instance(LIMITS, "a"), instance(LIMITS, "b")];
  });
  afterEach(() => {
    a.close();
    b.close();
    vi.useRealTimers();
    rmSync(join(dir, ".."), { recursive: true, force: true });
  });

  /** A job opened on `on`, its partial file written as its runner would. */
  async function started(on: ExportJobs, owner: number, content = "partial"): Promise<RunningJob> {
    const opened = await on.open(owner, spec);
    if (!("job" in opened)) throw new Error(opened.refused);
    writeFileSync(opened.job.partPath, content, { mode: 0o600 });
    return opened.job;
  }

  it("answers a job's state, file and cancel on the instance that does not run it", async () => {
    const job = await started(a, ALICE);
    job.total = 5000;
    await a.progress(job, 1000);
    const status = await exportStatus(ANA, params(job), b);
    expect(await status.json()).toMatchObject({ id: job.id, state: "running", rowsWritten: 1000, total: 5000 });
    // Another user's job is one that does not exist, on either instance.
    expect(await b.get(BOB, job.id)).toBeUndefined();
    expect(await b.ownedByAnother(BOB, job.id)).toBe(true);

    const bytes = randomBytes(64 * 1024);
    writeFileSync(job.partPath, bytes);
    await a.done(job, whole(bytes));
    const file = await downloadExport(ANA, params(job), b);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);

    const other = await started(a, ALICE);
    const cancelled = await cancelExport(ANA, params(other), b);
    expect(await cancelled.json()).toMatchObject({
      state: "cancelled",
      reason: expect.stringMatching(/^You cancelled/),
    });
    expect(existsSync(other.partPath)).toBe(false);
    expect((await a.get(ALICE, other.id))?.state).toBe("cancelled");
    // The runner hears of it at its next progress step: its writer stops, and its place is let go.
    expect(other.controller.signal.aborted).toBe(false);
    clock += PROGRESS_MS;
    await a.progress(other, 2000);
    expect(other).toMatchObject({ state: "cancelled", reason: expect.stringMatching(/^You cancelled/) });
    expect(other.controller.signal.aborted).toBe(true);
    expect(a.running()).not.toContain(other);
  });

  it("holds a job cancelled elsewhere as running until its runner stops", async () => {
    const one = instance({ ...LIMITS, runningPerUser: 1 }, "one");
    const two = instance({ ...LIMITS, runningPerUser: 1 }, "two");
    const job = await started(one, ALICE);
    await two.cancel(ALICE, job.id);
    expect(await two.open(ALICE, spec)).toEqual({ refused: expect.stringContaining("You have 1 exports running") });
    await one.progress(job, 1000);
    expect("job" in (await two.open(ALICE, spec))).toBe(true);
  });

  it("counts the running jobs of both instances against the limits, per user and in all", async () => {
    await started(a, ALICE);
    await started(b, ALICE);
    for (const on of [a, b])
      expect(await on.open(ALICE, spec)).toEqual({ refused: expect.stringContaining("You have 2 exports running") });
    await started(a, BOB);
    expect(await b.open(CAROL, spec)).toEqual({ refused: expect.stringContaining("as many exports as it can") });
  });

  it("admits no more jobs than the limit when both instances open at once", async () => {
    const users = [10, 11, 12, 13, 14, 15];
    const opened = await Promise.all(users.map((u, i) => (i % 2 === 0 ? a : b).open(u, spec)));
    expect(opened.filter((o) => "job" in o)).toHaveLength(LIMITS.running);
    const rows = await store.db.selectFrom("export_jobs").select("id").execute();
    expect(rows).toHaveLength(LIMITS.running);
  });

  it("keeps the user's finished files of both instances within the bound, the oldest going with its row", async () => {
    const first = await started(a, ALICE);
    await a.done(first, whole(Buffer.from("partial")));
    clock += 1000;
    const second = await started(b, ALICE);
    await b.done(second, whole(Buffer.from("partial")));
    clock += 1000;
    await started(b, ALICE);
    expect(await a.get(ALICE, first.id)).toBeUndefined();
    expect(existsSync(first.path)).toBe(false);
    expect((await a.get(ALICE, second.id))?.state).toBe("done");
    expect(existsSync(second.path)).toBe(true);
  });

  it("deletes an expired job's row and file in the other instance's sweep", async () => {
    const job = await started(a, ALICE);
    await a.done(job, whole(Buffer.from("partial")));
    clock += LIMITS.ttlMs;
    await b.open(BOB, spec);
    expect(await store.db.selectFrom("export_jobs").select("id").where("id", "=", job.id).execute()).toEqual([]);
    expect(existsSync(job.path)).toBe(false);
  });

  it("measures the files of both instances against the byte bounds", async () => {
    const bounded = { ...LIMITS, keptPerUser: 10, kept: 20, bytes: { total: 250, perUser: 100 } };
    const [one, two] = [instance(bounded, "one"), instance(bounded, "two")];
    const old = await started(one, ALICE, "x".repeat(60));
    await one.done(old, whole(Buffer.alloc(60)));
    clock += 1000;
    const writing = await started(one, ALICE, "x".repeat(30));
    await one.progress(writing, 1000);
    const growing = await started(two, ALICE, "x".repeat(50));
    await two.progress(growing, 1000);
    // The older finished file of the other instance made room.
    expect(await two.get(ALICE, old.id)).toBeUndefined();
    expect(existsSync(old.path)).toBe(false);
    writeFileSync(growing.partPath, Buffer.alloc(80));
    clock += PROGRESS_MS;
    await two.progress(growing, 2000);
    // Only files being written are left: the growing one stops, the other instance's goes on.
    expect(growing.state).toBe("failed");
    expect(growing.reason).toMatch(/^This export stopped: your export files would take more than/);
    expect((await one.get(ALICE, writing.id))?.state).toBe("running");
  });

  it("answers a job whose instance stopped as failed, in words, and deletes its partial file", async () => {
    const job = await started(a, ALICE);
    await a.progress(job, 1000);
    clock += STALE_MS;
    expect((await b.get(ALICE, job.id))?.state).toBe("running");
    clock += 1;
    expect(await b.get(ALICE, job.id)).toMatchObject({ state: "failed", reason: RUNNER_STOPPED });
    expect(RUNNER_STOPPED).toMatch(/^The server stopped while writing this export\. Start the export again\.$/);
    expect(existsSync(job.partPath)).toBe(false);
    // Its place is free (Alice may run two); a runner that was only slow learns of it at its next step and stops.
    await started(b, ALICE);
    await started(b, ALICE);
    await a.progress(job, 2000);
    expect(job).toMatchObject({ state: "failed", reason: RUNNER_STOPPED });
    expect(job.controller.signal.aborted).toBe(true);
  });

  it("keeps a live job from being taken as stopped by its heartbeat, even while its rows are prepared", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const beating = new ExportJobs(async () => store, dir, LIMITS, { now: () => clock, heartbeatMs: 5000 });
    const job = await started(beating, ALICE);
    let ready = () => {};
    const preparing = beating.prepare(job, () => new Promise<void>((r) => (ready = r)));
    const heartbeat = async () =>
      (await store.db.selectFrom("export_jobs").select("heartbeat_at").where("id", "=", job.id).executeTakeFirst())
        ?.heartbeat_at;
    clock += STALE_MS;
    vi.advanceTimersByTime(5000);
    await vi.waitUntil(async () => (await heartbeat()) === new Date(clock).toISOString());
    clock += STALE_MS;
    expect((await b.get(ALICE, job.id))?.state).toBe("running");
    // A cancel on the other instance: the heartbeat tells the runner, whose preparation keeps its place till it ends.
    await b.cancel(ALICE, job.id);
    vi.advanceTimersByTime(5000);
    await vi.waitUntil(() => job.controller.signal.aborted);
    expect(await heartbeat()).not.toBeNull();
    ready();
    await preparing;
    expect(await heartbeat()).toBeNull();
    beating.close();
  });

  it("deletes at start-up only the files no job names: never a running or kept job's", async () => {
    const live = await started(a, ALICE);
    const kept = await started(b, BOB);
    await b.done(kept, whole(Buffer.from("partial")));
    const orphans = [".csv", ".xlsx.part", ".zip"].map((ext) => join(dir, randomBytes(16).toString("hex") + ext));
    for (const path of orphans) writeFileSync(path, "left by a server that stopped");
    writeFileSync(join(dir, "notes.txt"), "not an export file");
    const starting = instance(LIMITS, "c");
    expect(await starting.cleanUp()).toBe(orphans.length);
    expect(orphans.filter(existsSync)).toEqual([]);
    expect(readFileSync(live.partPath, "utf8")).toBe("partial");
    expect(existsSync(kept.path)).toBe(true);
    expect(existsSync(join(dir, "notes.txt"))).toBe(true);
    expect(statSync(prepareExportDir(dir)).mode & 0o777).toBe(0o700);
  });

  it("hands out a file only once whole, under its kept name; never the partial one being written", async () => {
    const job = await started(a, ALICE, "the first rows of");
    expect(existsSync(job.path)).toBe(false);
    const early = await downloadExport(ANA, params(job), b);
    expect(early.status).toBe(409);
    expect(await early.text()).not.toContain("the first rows");
    const bytes = Buffer.from("the first rows of the whole file");
    writeFileSync(job.partPath, bytes);
    await a.done(job, whole(bytes));
    expect(existsSync(job.partPath)).toBe(false);
    expect(statSync(job.path).mode & 0o777).toBe(0o600);
    const res = await downloadExport(ANA, params(job), b);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

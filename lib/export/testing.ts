/**
 * Helpers of the export tests: a table from plain arrays, a stream that keeps what is written to it, and a job
 * registry over a test store (lib/store/testing.ts) and a temporary directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Store, StoreKind } from "@/lib/store/store";
import { testStore } from "@/lib/store/testing";
import type { DataCell } from "@/lib/tables/types";
import { ExportJobs, type JobLimits, type JobSpec, type RunningJob } from "./export-jobs";
import type { ExportColumn, ExportTable } from "./export-table";

export function tableOf(columns: ExportColumn[], rows: DataCell[][], over: Partial<ExportTable> = {}): ExportTable {
  return {
    title: "Test table",
    fileLabel: "test",
    columns,
    count: rows.length,
    rows: () => rows.map((r) => [...r]),
    filters: [],
    asOf: Date.UTC(2026, 10, 23, 8, 30),
    ...over,
  };
}

/** A writable that collects the bytes; `bytes()` once the writer has ended it. */
export function collector() {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on("data", (c: Buffer) => chunks.push(c));
  return { stream, bytes: () => Buffer.concat(chunks) };
}

export const noProgress = { signal: new AbortController().signal, progress: () => undefined };

/** What a test of the job registry works with; its fields are set before each test. */
export interface JobsOnStore {
  dir: string;
  /** The registry's clock: a test moves it on. */
  clock: number;
  store: Store;
  jobs: ExportJobs;
  /** A job the registry opened for `owner`; a refusal fails the test. */
  started(owner: number, spec: JobSpec): Promise<RunningJob>;
}

/**
 * A job registry on a store of `kind` for the calling describe block, with a fresh directory and the clock at
 * 1,000,000 for each test. One store for the file, emptied before each test: each PostgreSQL store made and dropped
 * is a schema.
 */
export function jobsOnStore(kind: StoreKind, limits: JobLimits, dirPrefix: string): JobsOnStore {
  const t = {
    async started(owner: number, spec: JobSpec) {
      const opened = await t.jobs.open(owner, spec);
      if (!("job" in opened)) throw new Error(opened.refused);
      return opened.job;
    },
  } as JobsOnStore;
  beforeAll(async () => {
    t.store = await testStore(kind);
  });
  afterAll(async () => {
    await t.store.close();
  });
  beforeEach(async () => {
    t.dir = mkdtempSync(join(tmpdir(), dirPrefix));
    t.clock = 1_000_000;
    await t.store.db.deleteFrom("export_jobs").execute();
    t.jobs = new ExportJobs(async () => t.store, t.dir, limits, { now: () => t.clock, heartbeatMs: 0 });
  });
  afterEach(() => {
    t.jobs.close();
    rmSync(t.dir, { recursive: true, force: true });
  });
  return t;
}

/**
 * A job registry on a fresh SQLite store and directory for each test of the file, on the real clock, with room for
 * every job those tests start.
 */
export function jobsOnSqlite(dirPrefix: string): { readonly dir: string; readonly jobs: ExportJobs } {
  const t = {} as { dir: string; store: Store; jobs: ExportJobs };
  beforeEach(async () => {
    t.dir = mkdtempSync(join(tmpdir(), dirPrefix));
    t.store = await testStore("sqlite");
    const limits = { runningPerUser: 3, running: 5, keptPerUser: 5, kept: 10, ttlMs: 60_000 };
    t.jobs = new ExportJobs(async () => t.store, t.dir, limits, { heartbeatMs: 0 });
  });
  afterEach(async () => {
    await t.store.close();
    rmSync(t.dir, { recursive: true, force: true });
  });
  return t;
}

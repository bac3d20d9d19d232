/**
 * A pack job's run from the study's data to the job's file: done with the ZIP's rows, size and SHA-256 (as the file
 * on disk has them), owner-only, named `<study>_export-pack_<date>.zip`, recorded once; a cancel while writing and
 * a failure of the rows or of the disk leave no file, say why, and record nothing.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { RunningJob } from "../export-jobs";
import { jobsOnSqlite } from "../testing";
import { readZip, syntheticPack, syntheticPeople } from "./pack-test-support";
import * as record from "./record-pack-export";
import { type PackRunContext, type PackSource, runPackExport } from "./run-pack-export";
import * as writer from "./write-study-pack";

const ALICE = 1;
const t = jobsOnSqlite("run-pack-export-");
// The record goes to the audit trail (./record-pack-export.test.ts): here only its call is checked.
let recorded: MockInstance<typeof record.recordPackExport>;
beforeEach(() => {
  recorded = vi.spyOn(record, "recordPackExport").mockImplementation(async () => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const ctx: PackRunContext = {
  ...syntheticPeople,
  record: { userId: ALICE, address: "192.0.2.7", access: { connection: { id: "c1" }, study: "S-1" } },
};

/** A source whose data is ready; its preparation never fails. */
function given(data: Awaited<ReturnType<PackSource["prepare"]>>): PackSource {
  return {
    prepare: async () => data,
    explain: () => {
      throw new Error("nothing failed to prepare");
    },
  };
}

async function job(): Promise<RunningJob> {
  const opened = await t.jobs.open(ALICE, {
    connectionId: "c1",
    study: "S-1",
    view: "export-pack",
    table: "pack",
    format: "zip",
  });
  if (!("job" in opened)) throw new Error(opened.refused);
  return opened.job;
}

describe("runPackExport", () => {
  it("writes the ZIP owner-only, names it, and records its rows, size and SHA-256 once", async () => {
    const j = await job();
    await runPackExport(t.jobs, j, given(syntheticPack(2500)), ctx);
    const bytes = readFileSync(j.path);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    // LB as CSV and as Dataset-JSON (2 × 2,500 rows), and the data dictionary's rows: progress ends at the total.
    expect(j).toMatchObject({ state: "done", fileName: "S-1_export-pack_2026-01-02.zip", bytes: bytes.length, sha256 });
    expect(j.rowsWritten).toBe(j.total);
    expect(j.total).toBeGreaterThanOrEqual(5000);
    expect(statSync(j.path).mode & 0o777).toBe(0o600);
    expect(j.path.endsWith(".zip")).toBe(true);
    const files = await readZip(bytes);
    expect(files.get("sdtm/LB.csv")?.toString("utf8").split("\r\n")[2]).toBe('2,"15838"');
    expect(recorded).toHaveBeenCalledTimes(1);
    const [call] = recorded.mock.calls[0];
    expect(call).toMatchObject({ ...ctx.record, summary: { zipBytes: bytes.length, zipSha256: sha256 } });
    expect(call.summary.rows).toBe(j.total);
  });

  it("shows the plan's total while it writes, stops at a cancel, and leaves no file", async () => {
    const j = await job();
    const running = runPackExport(t.jobs, j, given(syntheticPack(200_000)), ctx);
    await vi.waitUntil(() => j.rowsWritten >= 10_000);
    expect(j.total).toBeGreaterThanOrEqual(400_000);
    await t.jobs.cancel(ALICE, j.id);
    await running;
    expect(j.state).toBe("cancelled");
    expect(j.reason).toMatch(/^You cancelled this export\./);
    expect(j.rowsWritten).toBeLessThan(400_000);
    expect(existsSync(j.path)).toBe(false);
    expect(existsSync(j.partPath)).toBe(false);
    expect(recorded).not.toHaveBeenCalled();
  });

  it("prepares the rows within the job: a failure to prepare them fails it in the source's words", async () => {
    const j = await job();
    const refused = new Error("the partner does not grant the study");
    const source: PackSource = {
      prepare: () => Promise.reject(refused),
      explain: (err) => (err === refused ? "No access to this study. Ask the sponsor." : "another error"),
    };
    await runPackExport(t.jobs, j, source, ctx);
    expect(j).toMatchObject({ state: "failed", reason: "No access to this study. Ask the sponsor.", total: null });
    expect(existsSync(j.path)).toBe(false);
    expect(existsSync(j.partPath)).toBe(false);
    expect(recorded).not.toHaveBeenCalled();
  });

  it("says what to do in general words when the source cannot word a failure to prepare", async () => {
    const j = await job();
    const source: PackSource = {
      prepare: () => Promise.reject(new Error("unexpected")),
      explain: () => {
        throw new Error("no words for it");
      },
    };
    await runPackExport(t.jobs, j, source, ctx);
    expect(j.state).toBe("failed");
    expect(j.reason).toMatch(/^The file could not be written because of an error on the server\. Try again;/);
  });

  it("stays cancelled, unexplained, when its preparation fails after the cancel", async () => {
    const j = await job();
    let fail = (_err: Error) => {};
    const explain = vi.fn(() => "words");
    const source: PackSource = { prepare: () => new Promise((_, reject) => (fail = reject)), explain };
    const running = runPackExport(t.jobs, j, source, ctx);
    await t.jobs.cancel(ALICE, j.id);
    fail(new Error("the partner service stopped answering"));
    await running;
    expect(j.state).toBe("cancelled");
    expect(explain).not.toHaveBeenCalled();
  });

  it("can be cancelled while the rows are prepared: it stays cancelled and writes nothing when they come", async () => {
    const written = vi.spyOn(writer, "writeStudyPack");
    const j = await job();
    let ready = (_data: ReturnType<typeof syntheticPack>) => {};
    const source: PackSource = { ...given(syntheticPack(100)), prepare: () => new Promise((r) => (ready = r)) };
    const running = runPackExport(t.jobs, j, source, ctx);
    expect(j).toMatchObject({ state: "running", total: null });
    await t.jobs.cancel(ALICE, j.id);
    ready(syntheticPack(100));
    await running;
    expect(j).toMatchObject({ state: "cancelled", total: null, rowsWritten: 0 });
    expect(written).not.toHaveBeenCalled();
    expect(j.reason).toMatch(/^You cancelled this export\./);
    expect(existsSync(j.path)).toBe(false);
    expect(existsSync(j.partPath)).toBe(false);
    expect(recorded).not.toHaveBeenCalled();
  });

  it("fails when the rows cannot be read, leaves no file and says what to do", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const j = await job();
    await runPackExport(t.jobs, j, given(syntheticPack(20_000, 15_000)), ctx);
    expect(j.state).toBe("failed");
    expect(j.reason).toMatch(/could not be written.*Try again; if it happens again, tell the portal's administrator\./);
    expect(existsSync(j.path)).toBe(false);
    expect(existsSync(j.partPath)).toBe(false);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("row 15000 could not be read"));
    expect(recorded).not.toHaveBeenCalled();
  });

  it("fails when the file cannot be created", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const j = await job();
    rmSync(t.dir, { recursive: true });
    await runPackExport(t.jobs, j, given(syntheticPack(5000)), ctx);
    expect(j.state).toBe("failed");
    expect(j.reason).toMatch(/could not be written/);
    expect(recorded).not.toHaveBeenCalled();
  });

  it("hands out no pack that could not be recorded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    recorded.mockImplementation(async () => {
      throw new Error("database is locked");
    });
    const j = await job();
    await runPackExport(t.jobs, j, given(syntheticPack(100)), ctx);
    expect(j.state).toBe("failed");
    expect(existsSync(j.path)).toBe(false);
    expect(existsSync(j.partPath)).toBe(false);
  });
});

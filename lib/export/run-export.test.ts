/**
 * A job's run from table to file: the file written owner-only with its size and SHA-256 as recorded, the name made
 * of study, view and data date; a cancel while writing and a failure of the rows or of the disk leave no file, and
 * a failure says what happened and what to do.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { AuditUnavailableError } from "@/lib/audit/unavailable";
import type { RunningJob } from "./export-jobs";
import type { ExportTable } from "./export-table";
import * as record from "./record-export";
import { type RunContext, runExport } from "./run-export";
import { jobsOnSqlite, tableOf } from "./testing";

const ALICE = 1;
const t = jobsOnSqlite("run-export-");
// The record goes to the audit trail (./record-export.test.ts): here only its call is checked.
let recorded: MockInstance<typeof record.recordExport>;
beforeEach(() => {
  recorded = vi.spyOn(record, "recordExport").mockImplementation(async () => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const ctx: RunContext = {
  format: "csv",
  study: "ONC-101",
  connectionName: "Northstar",
  partnerId: "NORTHSTAR",
  user: "Ana <ana@example.org>",
  exportedAt: new Date(),
  bom: false,
  record: {
    user: { id: ALICE, email: "ana@example.org" },
    address: "192.0.2.7",
    connection: { id: "c1", name: "Northstar", partnerId: "NORTHSTAR" },
  },
};

async function job(format: "csv" | "xlsx" = "csv"): Promise<RunningJob> {
  const opened = await t.jobs.open(ALICE, {
    connectionId: "c1",
    study: "ONC-101",
    view: "laboratory",
    table: "results",
    format,
  });
  if (!("job" in opened)) throw new Error(opened.refused);
  return opened.job;
}

const table = (n: number, over: Partial<ExportTable> = {}) =>
  tableOf(
    [{ header: "Subject" }, { header: "Value", type: "number" }],
    Array.from({ length: n }, (_, i) => [`S${i}`, i]),
    { fileLabel: "laboratory-results", ...over },
  );

describe("runExport", () => {
  it("writes the file owner-only, names it, records its rows, size and SHA-256", async () => {
    const j = await job();
    await runExport(t.jobs, j, table(2500), ctx);
    expect(j).toMatchObject({ state: "done", rowsWritten: 2500, total: 2500 });
    expect(j.fileName).toBe("ONC-101_laboratory-results_2026-11-23.csv");
    const bytes = readFileSync(j.path);
    expect(j.bytes).toBe(bytes.length);
    expect(j.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(statSync(j.path).mode & 0o777).toBe(0o600);
    expect(recorded).toHaveBeenCalledTimes(1);
    expect(recorded.mock.calls[0][0]).toMatchObject({
      user: { id: ALICE },
      study: "ONC-101",
      view: "laboratory",
      table: "results",
      format: "csv",
      rows: 2500,
      bytes: bytes.length,
      sha256: j.sha256,
      fileName: "ONC-101_laboratory-results_2026-11-23.csv",
      address: "192.0.2.7",
    });
  });

  it("writes an Excel file the same way", async () => {
    const j = await job("xlsx");
    await runExport(t.jobs, j, table(10), { ...ctx, format: "xlsx" });
    expect(j.state).toBe("done");
    expect(j.fileName).toBe("ONC-101_laboratory-results_2026-11-23.xlsx");
    // A ZIP: the XLSX container.
    expect(readFileSync(j.path).subarray(0, 2).toString()).toBe("PK");
  });

  it("stops at a cancel while writing and leaves no file", async () => {
    const j = await job();
    const rows = table(50_000);
    // Paced at 10,000 rows a second (five seconds in all), so that the cancel lands while the file is being written
    // whatever the machine's speed: unpaced, a fast turn could write every row before the cancel is heard.
    const running = runExport(t.jobs, j, rows, { ...ctx, rowsPerSecond: 10_000 });
    await vi.waitUntil(() => j.rowsWritten >= 2000);
    await t.jobs.cancel(ALICE, j.id);
    await running;
    expect(j.state).toBe("cancelled");
    expect(j.rowsWritten).toBeLessThan(50_000);
    expect(existsSync(j.path)).toBe(false);
    expect(existsSync(j.partPath)).toBe(false);
    expect(recorded).not.toHaveBeenCalled();
  });

  it("fails when the rows cannot be read, leaves no file and says what to do", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const j = await job();
    const broken = table(3000, {
      *rows() {
        for (let i = 0; i < 3000; i++) {
          if (i === 1500) throw new Error("no such row");
          yield [`S${i}`, i];
        }
      },
    });
    await runExport(t.jobs, j, broken, ctx);
    expect(j.state).toBe("failed");
    expect(j.reason).toMatch(/could not be written.*Try again; if it happens again, tell the portal's administrator\./);
    expect(existsSync(j.path)).toBe(false);
    expect(existsSync(j.partPath)).toBe(false);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("no such row"));
  });

  it("fails when the file cannot be created", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const j = await job();
    rmSync(t.dir, { recursive: true });
    await runExport(t.jobs, j, table(5000), ctx);
    expect(j.state).toBe("failed");
    expect(j.reason).toMatch(/could not be written/);
  });
  it("hands out no file that the audit trail could not record, and says why", async () => {
    recorded.mockImplementation(async () => {
      throw new AuditUnavailableError("SQLITE_FULL");
    });
    const j = await job();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await runExport(t.jobs, j, table(10), ctx);
    expect(j.state).toBe("failed");
    expect(j.reason).toMatch(/^The audit trail cannot be written just now .* so this action was not done\. Try again/);
    expect(existsSync(j.path)).toBe(false);
    expect(existsSync(j.partPath)).toBe(false);
  });
});

/**
 * A job's file as its owner downloads it: the whole file with its type, size and name, read a mebibyte at a time
 * (each chunk passes the page-rendering thread's response piping); a job still running has no file to download.
 * Another user's job and the audit entry it makes are end-to-end tests (e2e/portal/export-access.spec.ts).
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "@/lib/auth/session-user";
import type { RunningJob } from "./export-jobs";
import { downloadExport } from "./job-routes";
import { jobsOnSqlite } from "./testing";

const ANA: SessionUser = { id: 1, email: "ana@example.org", name: "Ana", role: "user" };
const t = jobsOnSqlite("job-routes-");

async function job(): Promise<RunningJob> {
  const spec = { connectionId: "c1", study: "ONC-101", view: "laboratory", table: "results", format: "csv" as const };
  const opened = await t.jobs.open(ANA.id, spec);
  if (!("job" in opened)) throw new Error(opened.refused);
  return opened.job;
}

const params = (j: RunningJob) => Promise.resolve({ jobId: j.id });

describe("downloadExport", () => {
  it("answers the whole file, a mebibyte at a time, with its type, size and name", async () => {
    const j = await job();
    // Two and a half mebibytes: two whole chunks and a half one.
    const bytes = randomBytes(2.5 * 1024 * 1024);
    writeFileSync(j.partPath, bytes);
    await t.jobs.done(j, {
      fileName: "ONC-101_laboratory-results_2026-11-27.csv",
      bytes: bytes.length,
      sha256: "",
      rows: 1,
    });
    const res = await downloadExport(ANA, params(j), t.jobs);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="ONC-101_laboratory-results_2026-11-27.csv"',
    );
    const chunks: Uint8Array[] = [];
    const reader = res.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(chunks.map((c) => c.length)).toEqual([1024 * 1024, 1024 * 1024, 512 * 1024]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it("has no file to download while the job is still running", async () => {
    const res = await downloadExport(ANA, params(await job()), t.jobs);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/still being written/);
  });
});

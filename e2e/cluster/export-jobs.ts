/**
 * Export jobs over HTTP through the proxy, as the browser runs them (docs/exports.md, Jobs): a start, its state
 * asked for again and again (each time, maybe, of another instance), its file read back with csv-parse.
 */
import { createHash } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { answeredBy } from "./cluster";

export interface TableExport {
  connectionId: string;
  study: string;
  view: string;
  table: string;
  format: "csv";
}

/** A job's state as its owner is told it; "gone" when the portal answers it has no such job, in `message`. */
export interface JobAnswer {
  state: "running" | "done" | "failed" | "cancelled" | "gone";
  rowsWritten: number;
  total: number | null;
  sha256: string | null;
  message: string | null;
}

/** Starts an export through the proxy: its ID, and the port of the instance that took the start. */
export async function startExport(page: Page, body: TableExport): Promise<{ id: string; port: number }> {
  const res = await page.request.post("/exports", { data: { ...body, query: "" } });
  expect(res.status(), await res.text()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  return { id, port: answeredBy(res.headers())! };
}

/** The job's state, asked through the proxy or of one instance (`base`). */
export async function jobAnswer(page: Page, id: string, base = ""): Promise<JobAnswer> {
  const res = await page.request.get(`${base}/exports/${id}`);
  const body = (await res.json()) as Partial<JobAnswer> & { error?: string; reason?: string | null };
  if (res.status() === 404) return { state: "gone", rowsWritten: 0, total: null, sha256: null, message: body.error! };
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return {
    state: body.state!,
    rowsWritten: body.rowsWritten ?? 0,
    total: body.total ?? null,
    sha256: body.sha256 ?? null,
    message: body.reason ?? null,
  };
}

/** Asks through the proxy until the job is no longer running (at most a minute). */
export async function untilSettled(page: Page, id: string): Promise<JobAnswer> {
  let last: JobAnswer | undefined;
  await expect
    .poll(
      async () => {
        last = await jobAnswer(page, id);
        return last.state;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .not.toBe("running");
  return last!;
}

/** The job's file through the proxy: its data rows (the header left out) and its SHA-256. */
export async function exportCsv(page: Page, id: string): Promise<{ rows: number; sha256: string }> {
  const res = await page.request.get(`/exports/${id}/file`);
  expect(res.status()).toBe(200);
  const bytes = await res.body();
  const records = parse(bytes, { bom: true }) as string[][];
  return { rows: records.length - 1, sha256: createHash("sha256").update(bytes).digest("hex") };
}

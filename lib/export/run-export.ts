/**
 * A job's run: the table's rows ordered off the rendering thread (its filters and sort: ./row-order.ts), then
 * written into the job's file under its temporary name (owner-only, created new), counted and hashed (SHA-256)
 * as they are written, as CSV or XLSX; then the export is recorded and the job done (its file renamed into place),
 * or it failed or was cancelled and its partial file is deleted. Never throws: every outcome ends in the job's state.
 */
import { createWriteStream, rmSync } from "node:fs";
import { pipeline } from "node:stream/promises";
import { aboutLines, type ExportContext } from "./about-lines";
import { type ExportFormat, exportFileName } from "./export-file-name";
import type { ExportJobs, RunningJob } from "./export-jobs";
import type { ExportTable } from "./export-table";
import { failureReason } from "./failure-reason";
import { hashTap } from "./hash-tap";
import { type ExportRecord, recordExport } from "./record-export";
import type { WriteOptions } from "./write-batches";
import { type WrittenFile, writeCsvFile } from "./write-csv";
import { type AboutLines, excelRefusal, writeXlsx } from "./write-xlsx";

export interface RunContext extends ExportContext {
  /** The job's format: a table's file is CSV or XLSX (the pack's ZIP runs in pack/run-pack-export.ts). */
  format: ExportFormat;
  bom: boolean;
  /** EXPORT_MAX_ROWS_PER_SECOND; 0: no limit. */
  rowsPerSecond?: number;
  /** Who and what, for the record of the export. */
  record: Pick<ExportRecord, "user" | "connection" | "address">;
}

export async function runExport(jobs: ExportJobs, job: RunningJob, table: ExportTable, ctx: RunContext) {
  const options = {
    signal: job.controller.signal,
    rowsPerSecond: ctx.rowsPerSecond,
    // Also measures the file against the byte bounds, and hears of a cancel on another instance: either may stop
    // the job at a later batch (job-runs.ts).
    progress: (n: number) => void jobs.progress(job, n),
  };
  try {
    // A cancel cannot stop a sort under way on the order thread: until it ends the job counts as running.
    const { ordered } = table;
    if (ordered) await jobs.prepare(job, () => ordered(options.signal));
    options.signal.throwIfAborted();
    job.total = table.count;
    const tooLarge = ctx.format === "xlsx" ? excelRefusal(table.count) : null;
    if (tooLarge) return await jobs.fail(job, tooLarge);
    const { rows, bytes, sha256 } =
      ctx.format === "csv"
        ? await writeCsvFile(table, job.partPath, { ...options, bom: ctx.bom })
        : await writeXlsxFile(table, aboutLines(table, ctx), job.partPath, options);
    const fileName = exportFileName(ctx.study, table.fileLabel, table.asOf, ctx.format);
    const { study, view, table: tableId } = job.spec;
    // Recorded before it can be downloaded: a file that cannot be recorded is never handed out.
    await recordExport({
      ...ctx.record,
      ...{ study, view, table: tableId, format: ctx.format, filters: table.filters, snapshot: table.snapshot },
      ...{ rows, bytes, sha256, fileName, dataAsOf: table.asOf },
    });
    await jobs.done(job, { fileName, bytes, sha256, rows });
  } catch (err) {
    if (!job.controller.signal.aborted) {
      // For the administrator: a message of the file system or a writer, never row content or secrets.
      console.error(`Export ${job.id} failed: ${err instanceof Error ? err.message : String(err)}`);
      await jobs.fail(job, failureReason(err));
    }
    rmSync(job.partPath, { force: true });
  }
}

/** An Excel file: the workbook streamed into the file through a counter and SHA-256. */
async function writeXlsxFile(
  table: ExportTable,
  about: AboutLines,
  path: string,
  options: WriteOptions,
): Promise<WrittenFile> {
  const tap = hashTap();
  const file = createWriteStream(path, { flags: "wx", mode: 0o600 });
  const saved = pipeline(tap, file);
  // A file that cannot be written stops the writer at its next batch, as a cancel would.
  const broken = new AbortController();
  let fileError: unknown;
  saved.catch((err: unknown) => {
    fileError = err;
    broken.abort();
  });
  try {
    const signal = AbortSignal.any([options.signal, broken.signal]);
    const rows = await writeXlsx(table, about, tap, { ...options, signal });
    await saved;
    return { rows, bytes: tap.bytes(), sha256: tap.sha256() };
  } catch (err) {
    tap.destroy();
    await saved.catch(() => undefined);
    // The file's own error when it broke first; the writer's otherwise (taken before closing the file).
    throw fileError ?? err;
  }
}

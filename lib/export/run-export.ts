/**
 * A job's run: the table's rows streamed into the job's file (owner-only, created new) through a counter and
 * SHA-256, as CSV or XLSX; then the job is done and the export recorded, or it failed or was cancelled and its
 * partial file is deleted. Never throws: every outcome ends in the job's state.
 */
import { createWriteStream, rmSync } from "node:fs";
import { pipeline } from "node:stream/promises";
import { aboutLines, type ExportContext } from "./about-lines";
import { type ExportFormat, exportFileName } from "./export-file-name";
import type { ExportJob, ExportJobs } from "./export-jobs";
import type { ExportTable } from "./export-table";
import { failureReason } from "./failure-reason";
import { hashTap } from "./hash-tap";
import { type ExportRecord, recordExport } from "./record-export";
import { writeCsv } from "./write-csv";
import { writeXlsx } from "./write-xlsx";

export interface RunContext extends ExportContext {
  /** The job's format: a table's file is CSV or XLSX (the pack's ZIP runs in pack/run-pack-export.ts). */
  format: ExportFormat;
  bom: boolean;
  /** EXPORT_MAX_ROWS_PER_SECOND; 0: no limit. */
  rowsPerSecond?: number;
  /** Who and what, for the record of the export. */
  record: Pick<ExportRecord, "user" | "connection" | "address">;
}

export async function runExport(jobs: ExportJobs, job: ExportJob, table: ExportTable, ctx: RunContext) {
  job.total = table.count;
  const tap = hashTap();
  const file = createWriteStream(job.path, { flags: "wx", mode: 0o600 });
  const saved = pipeline(tap, file);
  // A file that cannot be written stops the writer at its next batch, as a cancel would.
  const broken = new AbortController();
  let fileError: unknown;
  saved.catch((err: unknown) => {
    fileError = err;
    broken.abort();
  });
  const signal = AbortSignal.any([job.controller.signal, broken.signal]);
  const options = {
    signal,
    rowsPerSecond: ctx.rowsPerSecond,
    progress: (n: number) => {
      job.rowsWritten = n;
    },
  };
  try {
    signal.throwIfAborted();
    const rows =
      ctx.format === "csv"
        ? await writeCsv(table, tap, { ...options, bom: ctx.bom })
        : await writeXlsx(table, aboutLines(table, ctx), tap, options);
    await saved;
    const sha256 = tap.sha256();
    const fileName = exportFileName(ctx.study, table.fileLabel, table.asOf, ctx.format);
    jobs.done(job, { fileName, bytes: tap.bytes(), sha256, rows });
    const { study, view, table: tableId } = job.spec;
    recordExport({
      ...ctx.record,
      study,
      view,
      table: tableId,
      format: ctx.format,
      filters: table.filters,
      rows,
      bytes: tap.bytes(),
      sha256,
      fileName,
      dataAsOf: table.asOf,
    });
  } catch (err) {
    // The file's own error when it broke first; the writer's otherwise (taken before closing the file).
    const failure = fileError ?? err;
    tap.destroy();
    await saved.catch(() => undefined);
    if (!job.controller.signal.aborted) {
      // For the administrator: a message of the file system or a writer, never row content or secrets.
      console.error(`Export ${job.id} failed: ${failure instanceof Error ? failure.message : String(failure)}`);
      jobs.fail(job, failureReason(failure));
    }
    rmSync(job.path, { force: true });
  }
}

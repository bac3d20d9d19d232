"use client";
/**
 * The one export control of every table and chart, and of the study's export pack: "CSV" and "Excel" buttons that
 * have the server write exactly the rows the view shows (its filters, search and sort, across all pages;
 * docs/exports.md), or "Export pack (ZIP)" (docs/export-pack.md); then progress in rows with a Cancel button, the
 * download when the file is ready, and what went wrong in words.
 */
import type { JobStatus } from "@/lib/export/answers";
import styles from "./export.module.css";
import { type ExportPhase, type ExportTarget, useExportJob } from "./use-export-job";

export type ExportControlProps = ExportTarget & {
  /** What is exported, for the control's label: "Subjects of study ONC-101". */
  label: string;
};

const n = (x: number) => x.toLocaleString("en");

export function ExportControl({ label, ...target }: ExportControlProps) {
  const { phase, start, cancel } = useExportJob(target);
  const busy = phase.kind === "starting" || (phase.kind === "job" && phase.job.state === "running");
  return (
    <fieldset className={styles.control} aria-label={`Export ${label}`}>
      {"pack" in target ? (
        <button type="button" disabled={busy} onClick={() => start("zip")}>
          Export pack (ZIP)
        </button>
      ) : (
        <>
          <span aria-hidden="true">Export:</span>
          <button type="button" disabled={busy} onClick={() => start("csv")} aria-label="Download CSV">
            CSV
          </button>
          <button type="button" disabled={busy} onClick={() => start("xlsx")} aria-label="Download Excel">
            Excel
          </button>
        </>
      )}
      <ExportState phase={phase} onCancel={cancel} />
    </fieldset>
  );
}

function ExportState({ phase, onCancel }: { phase: ExportPhase; onCancel: () => void }) {
  if (phase.kind === "idle") return null;
  if (phase.kind === "starting") return <span role="status">Preparing the rows…</span>;
  if (phase.kind === "error")
    return (
      <span role="alert" className={styles.error}>
        {phase.message}
      </span>
    );
  return <JobState job={phase.job} onCancel={onCancel} />;
}

function JobState({ job, onCancel }: { job: JobStatus; onCancel: () => void }) {
  if (job.state === "running")
    return (
      <>
        <span role="status">
          {job.total === null ? "Preparing the rows…" : `Writing ${n(job.rowsWritten)} of ${n(job.total)} rows`}
        </span>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </>
    );
  if (job.state === "done")
    return (
      <span role="status">
        Done: {n(job.rowsWritten)} rows. <a href={`/exports/${job.id}/file`}>Download {job.fileName} again</a>
      </span>
    );
  return (
    <span role="alert" className={styles.error}>
      {job.state === "cancelled" ? "Cancelled. " : "The export failed. "}
      {job.reason}
    </span>
  );
}

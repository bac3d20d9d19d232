/**
 * The name of an export file: study, view and the date the data is as of, e.g.
 * `ONC-101_laboratory-results_2026-11-23.csv`. Only letters, digits, `.`, `_` and `-` survive, so that the name is
 * safe in a Content-Disposition header and on any file system; a name with nothing left is "export".
 */
export type ExportFormat = "csv" | "xlsx";

/** The file of an export job: a table's format, or `zip` for the study export pack (docs/export-pack.md). */
export type JobFormat = ExportFormat | "zip";

const safe = (part: string) =>
  part
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|-+$/g, "")
    .slice(0, 80);

export function exportFileName(study: string, label: string, asOf: number, extension: JobFormat): string {
  const date = new Date(asOf).toISOString().slice(0, 10);
  const base = [safe(study), safe(label), date].filter(Boolean).join("_");
  return `${base || "export"}.${extension}`;
}

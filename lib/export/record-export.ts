/**
 * The one place an export is recorded when its file is written: who took which rows of which study, through which
 * connection, and the file's SHA-256. For now it records nothing; the audit trail (issue 11) is to be called here.
 */
import type { ExportFormat } from "./export-file-name";

export interface ExportRecord {
  user: { id: number; email: string };
  connection: { id: string; name: string; partnerId: string };
  study: string;
  view: string;
  table: string;
  format: ExportFormat;
  /** The view's filters, search and sort in words (the About sheet's lines). */
  filters: string[];
  rows: number;
  bytes: number;
  sha256: string;
}

export function recordExport(_record: ExportRecord): void {
  // Intentionally empty until the audit trail exists: the caller (./run-export.ts) stays as it is.
}

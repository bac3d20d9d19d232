/**
 * The one place a table's or chart's export is recorded, when its file is written: who took which rows of which
 * study, through which connection, and the file's SHA-256 (an `export.file` entry of the audit trail, docs/audit.md).
 */
import { recordAudit } from "@/lib/audit/record-audit";
import { portalStore } from "@/lib/store/portal-store";
import type { Store } from "@/lib/store/store";
import type { ExportFormat } from "./export-file-name";

export interface ExportRecord {
  user: { id: number; email: string };
  /** The source address of the request that started the export; null when unknown. */
  address: string | null;
  connection: { id: string; name: string; partnerId: string };
  study: string;
  view: string;
  table: string;
  format: ExportFormat;
  /** The view's filters, search and sort in words (the About sheet's lines). */
  filters: string[];
  /** The study snapshot the rows are, in words (the About sheet's Snapshot line), where the portal keeps them. */
  snapshot?: string;
  rows: number;
  bytes: number;
  sha256: string;
  fileName: string;
  /** When the rows were loaded from the partner (ms since the epoch). */
  dataAsOf: number;
}

export async function recordExport(r: ExportRecord, store?: Store): Promise<void> {
  await recordAudit(store ?? (await portalStore()), {
    actor: r.user.id,
    address: r.address,
    action: "export.file",
    connectionId: r.connection.id,
    study: r.study,
    details: {
      view: r.view,
      table: r.table,
      format: r.format,
      filters: r.filters,
      ...(r.snapshot === undefined ? {} : { snapshot: r.snapshot }),
      rows: r.rows,
      bytes: r.bytes,
      sha256: r.sha256,
      fileName: r.fileName,
      dataAsOf: new Date(r.dataAsOf).toISOString(),
    },
  });
}

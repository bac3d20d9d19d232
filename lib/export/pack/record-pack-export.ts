/**
 * The one place a study export pack is recorded, once its ZIP is written whole: an `export.pack` entry of the audit
 * trail with the number of files and rows and the ZIP's size and SHA-256 (docs/audit.md). A cancelled or failed
 * pack is never recorded: no file was handed out.
 */
import { recordAudit } from "@/lib/audit/record-audit";
import { portalStore } from "@/lib/store/portal-store";
import type { Store } from "@/lib/store/store";
import type { PackSummary } from "./write-study-pack";

export interface PackExport {
  userId: number;
  /** The source address of the request that asked for the pack; null when unknown. */
  address: string | null;
  access: { connection: { id: string }; study: string };
  summary: PackSummary;
}

export async function recordPackExport({ userId, address, access, summary }: PackExport, store?: Store): Promise<void> {
  await recordAudit(store ?? (await portalStore()), {
    actor: userId,
    address,
    action: "export.pack",
    connectionId: access.connection.id,
    study: access.study,
    details: {
      files: summary.manifest.files.length,
      rows: summary.rows,
      bytes: summary.zipBytes,
      sha256: summary.zipSha256,
      fileName: summary.fileName,
      dataAsOf: summary.manifest.dataAsOf,
      // Which study snapshot the pack is (docs/snapshots.md, Exports): past or latest, and its fingerprint.
      ...(summary.manifest.snapshot && {
        snapshot: summary.manifest.snapshot.fingerprint,
        snapshotKind: summary.manifest.snapshot.kind,
      }),
    },
  });
}

/**
 * Which study snapshot an export's rows are (docs/snapshots.md, Exports): on a past snapshot's page, that snapshot;
 * for the latest data, the newest study snapshot holding exactly the loads the rows came from, once the loads being
 * kept are written. Named by its time and fingerprint on the About sheet, in the export pack's manifest and in the
 * audit entry, so that a reader can open the very snapshot from the Changes section's list.
 */
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import { type DataSnapshot, studyFingerprint, studySnapshotOf } from "@/lib/snapshots/study-snapshots";
import type { UserStudy } from "@/lib/study/open-user-study";
import { SnapshotGoneError } from "@/lib/study/study-history";
import type { StudyRows } from "@/lib/study/study-rows";

/** The study with its rows() noting each record type's "data as of" in `loads`, as the export reads them. */
export function notingLoads(study: UserStudy, loads: Map<string, number>): UserStudy {
  const rows = (async (recordType) => {
    const hit = await study.rows(recordType);
    loads.set(recordType, hit.loadedAt);
    return hit;
  }) as StudyRows;
  return { ...study, rows };
}

/**
 * The snapshot of the rows: `past`, the past snapshot's id, or the latest data's `loads`. Undefined: the portal keeps
 * no snapshots; null: none holds these loads (keeping them failed).
 */
export async function dataSnapshot(
  study: UserStudy,
  loads: ReadonlyMap<string, number>,
  past?: number,
): Promise<DataSnapshot | null | undefined> {
  if (past !== undefined) {
    const at = studySnapshotOf(await study.history.snapshots(), past);
    if (!at) throw new SnapshotGoneError();
    return { kind: "past", takenAt: at.takenAt, fingerprint: studyFingerprint(at) };
  }
  const holding = await study.history.holding(loads);
  if (!holding.keeps) return undefined;
  const at = holding.snapshot;
  return at ? { kind: "latest", takenAt: at.takenAt, fingerprint: studyFingerprint(at) } : null;
}

/** The snapshot in words, for an About sheet and an audit entry; undefined where the portal keeps none. */
export function dataSnapshotWords(s: DataSnapshot | null | undefined): string | undefined {
  if (s === undefined) return undefined;
  if (s === null) return "Latest data, not kept as a study snapshot (the portal's store could not keep it)";
  const when = `${utcDateTimeWords(s.takenAt)} UTC`;
  return s.kind === "past"
    ? `Past snapshot of ${when} (read-only), fingerprint ${s.fingerprint}`
    : `Latest data: study snapshot of ${when}, fingerprint ${s.fingerprint}`;
}

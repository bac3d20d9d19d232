/**
 * A study's snapshots as a reader sees them (docs/snapshots.md, Study snapshots): the snapshots of its record types
 * taken together, one per record type, make one study snapshot. Record types are kept one by one as their loads
 * end, so the snapshots of one identity's study, in the order they were kept, are cut into study snapshots where a
 * record type comes again: a Refresh, or a load after retention let the one before go. A study snapshot stands for
 * the study as it was then: each record type in it as its latest snapshot up to that time, kept with it or before.
 */
import { createHash } from "node:crypto";
import type { SnapshotMeta } from "./snapshot-store";

export interface StudySnapshot {
  /** The id of its last snapshot: what addresses name it by. */
  id: number;
  /** When its last snapshot was taken: its "data as of". */
  takenAt: number;
  /** When its first snapshot was taken: the record types it holds were loaded between the two. */
  firstTakenAt: number;
  /** The snapshots kept with it, by record type. */
  kept: ReadonlyMap<string, SnapshotMeta>;
  /** Each record type as it stood then: kept with it, or the latest before it (an unchanged record type). */
  inEffect: ReadonlyMap<string, SnapshotMeta>;
}

/**
 * Which study snapshot exported data are (an export's About sheet, the export pack's manifest, their audit entries):
 * a past snapshot reopened, or the one holding the latest data's loads.
 */
export interface DataSnapshot {
  kind: "past" | "latest";
  takenAt: number;
  fingerprint: string;
}

/** The study snapshots of one identity's snapshots of one study (in any order), newest first. */
export function studySnapshots(snapshots: readonly SnapshotMeta[]): StudySnapshot[] {
  const ordered = [...snapshots].sort((a, b) => a.id - b.id);
  const groups: Map<string, SnapshotMeta>[] = [];
  let group = new Map<string, SnapshotMeta>();
  for (const s of ordered) {
    if (group.has(s.recordType)) {
      groups.push(group);
      group = new Map();
    }
    group.set(s.recordType, s);
  }
  if (group.size > 0) groups.push(group);
  const inEffect = new Map<string, SnapshotMeta>();
  const out: StudySnapshot[] = [];
  for (const kept of groups) {
    for (const [type, s] of kept) inEffect.set(type, s);
    const metas = [...kept.values()];
    out.push({
      id: Math.max(...metas.map((s) => s.id)),
      takenAt: Math.max(...metas.map((s) => s.takenAt)),
      firstTakenAt: Math.min(...metas.map((s) => s.takenAt)),
      kept,
      inEffect: new Map(inEffect),
    });
  }
  return out.reverse();
}

/**
 * A study snapshot's fingerprint: SHA-256 of its record types' snapshot fingerprints in record-type order, so that
 * the same data read again give the same one (exports and the audit trail name it).
 */
/**
 * The study snapshot an address names by number: the one of that number, else the one that kept the load of that
 * number. A study snapshot is numbered by its last load, so one that took in a record type loaded after its number
 * was written into an address (kept in the background, or loaded first by another page) is numbered anew: the old
 * number still names one of its loads.
 */
export function studySnapshotOf(snapshots: readonly StudySnapshot[], id: number | null): StudySnapshot | undefined {
  if (id === null) return undefined;
  return snapshots.find((s) => s.id === id) ?? snapshots.find((s) => [...s.kept.values()].some((k) => k.id === id));
}

export function studyFingerprint(s: StudySnapshot): string {
  const parts = [...s.inEffect].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(JSON.stringify(parts.map(([type, m]) => [type, m.fingerprint])))
    .digest("hex");
}

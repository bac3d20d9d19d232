/**
 * The Changes section's one loader (docs/snapshots.md, Changes): the study's snapshots, the two compared (by default
 * the latest and the one before it), and per record type the records added, changed and removed between them,
 * counted per record type and per subject, and listed as the URL's filters keep them. A study narrowed by the study
 * filter lists the changes of its subjects only.
 */
import {
  CHANGED_RECORD_TYPES,
  type ChangedRecordType,
  type ChangeKind,
  type RecordChange,
} from "@/lib/snapshots/changes";
import { type StudySnapshot, studyFingerprint } from "@/lib/snapshots/study-snapshots";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { SectionData } from "@/lib/study/section-data";
import type { ChangesQuery } from "./query";

/** A change as the listing shows it: with its record type. */
export interface ChangeRow extends RecordChange {
  recordType: ChangedRecordType;
}

export interface KindCounts {
  added: number;
  changed: number;
  removed: number;
}

/** Why a record type has no changes to list: it was not loaded again between the two, or is missing from one. */
export type Uncompared = "not-reloaded" | "not-in-older" | "not-in-newer";

export interface TypeCount extends KindCounts {
  recordType: ChangedRecordType;
  /** Subjects with a change of this record type. */
  subjects: number;
  uncompared: Uncompared | null;
}

export interface SubjectCount extends KindCounts {
  subjectId: string | null;
  /** The record types of its changes, in the record types' order. */
  recordTypes: ChangedRecordType[];
}

/** A study snapshot as the page names it. */
export interface SnapshotChoice {
  id: number;
  takenAt: number;
  firstTakenAt: number;
  /** Record types kept with it (the others as they stood before it). */
  kept: number;
  fingerprint: string;
}

export interface ChangesView extends SectionData {
  /** Every study snapshot, newest first. */
  snapshots: SnapshotChoice[];
  /** The two compared; null where the study has fewer than two. */
  older: SnapshotChoice | null;
  newer: SnapshotChoice | null;
  /** Whether the URL named a snapshot the study does not have (the default was compared instead). */
  unknownChoice: boolean;
  types: TypeCount[];
  /** Per subject, the changes of the record type and kind the filter keeps. */
  subjects: SubjectCount[];
  /** The filters that name something the changes have. */
  filter: Pick<ChangesQuery, "type" | "kind" | "subject">;
  /** Every change of the study (or of its filtered subjects). */
  total: number;
  /** The changes the filter keeps, record type by record type. */
  listing: ChangeRow[];
}

const choice = (s: StudySnapshot): SnapshotChoice => ({
  id: s.id,
  takenAt: s.takenAt,
  firstTakenAt: s.firstTakenAt,
  kept: s.kept.size,
  fingerprint: studyFingerprint(s),
});

/**
 * The pair compared: the URL's two where both are the study's (in either order); one named, with the one before it
 * (or after, when it is the first); none, the latest and the previous. `unknown`: the URL named one the study
 * does not have (retention removed it, or it never was).
 */
function pair(snapshots: StudySnapshot[], query: ChangesQuery) {
  const find = (id: number | null) => snapshots.find((s) => s.id === id);
  const [from, to] = [find(query.from), find(query.to)];
  const unknown = (query.from !== null && !from) || (query.to !== null && !to);
  if (from && to && from !== to)
    return { older: from.id < to.id ? from : to, newer: from.id < to.id ? to : from, unknown };
  const one = to ?? from ?? snapshots[0];
  const i = snapshots.indexOf(one);
  if (i === snapshots.length - 1) return { older: one, newer: snapshots[i - 1], unknown };
  return { older: snapshots[i + 1], newer: one, unknown };
}

async function changesOf(study: UserStudy, type: ChangedRecordType, older: StudySnapshot, newer: StudySnapshot) {
  const [a, b] = [older.inEffect.get(type), newer.inEffect.get(type)];
  if (!b) return { uncompared: "not-in-newer" as const, changes: [] };
  if (!a) return { uncompared: "not-in-older" as const, changes: [] };
  if (a.id === b.id) return { uncompared: "not-reloaded" as const, changes: [] };
  return { uncompared: null, changes: await study.history.changes(type, a.id, b.id) };
}

const count = (changes: readonly RecordChange[], kind: ChangeKind) => changes.filter((c) => c.kind === kind).length;

export async function loadChanges(study: UserStudy, query: ChangesQuery): Promise<ChangesView> {
  const [snapshots, patients] = await Promise.all([study.history.snapshots(), study.rows("Patient")]);
  // Narrowed by the study filter: its subjects' changes only.
  const kept = study.whole ? new Set(patients.value.rows.map((p) => p.subjectId)) : null;
  const { older, newer, unknown } = snapshots.length >= 2 ? pair(snapshots, query) : { older: null, newer: null };
  const base = {
    asOf: newer?.takenAt ?? patients.loadedAt,
    rejected: [],
    snapshots: snapshots.map(choice),
    older: older ? choice(older) : null,
    newer: newer ? choice(newer) : null,
    unknownChoice: unknown ?? false,
  };
  if (!older || !newer)
    return {
      ...base,
      types: [],
      subjects: [],
      filter: { type: null, kind: null, subject: null },
      total: 0,
      listing: [],
    };
  const compared = await Promise.all(CHANGED_RECORD_TYPES.map((type) => changesOf(study, type, older, newer)));
  const all: ChangeRow[] = compared.flatMap(({ changes }, i) =>
    changes
      .filter((c) => kept === null || (c.subjectId !== null && kept.has(c.subjectId)))
      .map((c) => ({ ...c, recordType: CHANGED_RECORD_TYPES[i] })),
  );
  const types = CHANGED_RECORD_TYPES.map((recordType, i): TypeCount => {
    const of = all.filter((c) => c.recordType === recordType);
    const subjects = new Set(of.map((c) => c.subjectId)).size;
    const counts = { added: count(of, "added"), changed: count(of, "changed"), removed: count(of, "removed") };
    return { recordType, ...counts, subjects, uncompared: compared[i].uncompared };
  });
  const filter = {
    type: query.type,
    kind: query.kind,
    subject: query.subject !== null && all.some((c) => c.subjectId === query.subject) ? query.subject : null,
  };
  const ofTypeAndKind = all.filter(
    (c) => (filter.type === null || c.recordType === filter.type) && (filter.kind === null || c.kind === filter.kind),
  );
  return {
    ...base,
    types,
    subjects: bySubject(ofTypeAndKind),
    filter,
    total: all.length,
    listing: filter.subject === null ? ofTypeAndKind : ofTypeAndKind.filter((c) => c.subjectId === filter.subject),
  };
}

/** The changes per subject, in subject order (records without a subject last). */
function bySubject(changes: readonly ChangeRow[]): SubjectCount[] {
  const out = new Map<string | null, SubjectCount>();
  for (const c of changes) {
    let s = out.get(c.subjectId);
    if (!s) {
      s = { subjectId: c.subjectId, added: 0, changed: 0, removed: 0, recordTypes: [] };
      out.set(c.subjectId, s);
    }
    s[c.kind]++;
    if (!s.recordTypes.includes(c.recordType)) s.recordTypes.push(c.recordType);
  }
  for (const s of out.values())
    s.recordTypes.sort((a, b) => CHANGED_RECORD_TYPES.indexOf(a) - CHANGED_RECORD_TYPES.indexOf(b));
  return [...out.values()].sort((a, b) =>
    a.subjectId === null ? 1 : b.subjectId === null ? -1 : a.subjectId.localeCompare(b.subjectId, "en"),
  );
}

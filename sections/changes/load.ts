/**
 * The Changes section's one loader (docs/snapshots.md, Changes): the study's snapshots, the two compared (by default
 * the latest and the one before it), and per record type the records added, changed and removed between them,
 * counted per record type and per subject, and listed as the URL's filters keep them. A study narrowed by the study
 * filter lists the changes of its subjects only.
 */
import { type StudySnapshot, studyFingerprint, studySnapshotOf } from "@/lib/snapshots/study-snapshots";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { SectionData } from "@/lib/study/section-data";
import {
  type ChangeRow,
  changesBySubject,
  type SubjectCount,
  studyChanges,
  type TypeCount,
} from "@/sections/frame/study-changes";
import type { ChangesQuery } from "./query";

export type { ChangeRow, KindCounts, SubjectCount, TypeCount, Uncompared } from "@/sections/frame/study-changes";

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
  const find = (id: number | null) => studySnapshotOf(snapshots, id);
  const [from, to] = [find(query.from), find(query.to)];
  const unknown = (query.from !== null && !from) || (query.to !== null && !to);
  if (from && to && from !== to)
    return { older: from.id < to.id ? from : to, newer: from.id < to.id ? to : from, unknown };
  const one = to ?? from ?? snapshots[0];
  const i = snapshots.indexOf(one);
  if (i === snapshots.length - 1) return { older: one, newer: snapshots[i - 1], unknown };
  return { older: snapshots[i + 1], newer: one, unknown };
}

export async function loadChanges(study: UserStudy, query: ChangesQuery): Promise<ChangesView> {
  const [snapshots, patients] = await Promise.all([study.history.snapshots(), study.rows("Patient")]);
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
  const { all, types } = await studyChanges(study, older, newer);
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
    subjects: changesBySubject(ofTypeAndKind),
    filter,
    total: all.length,
    listing: filter.subject === null ? ofTypeAndKind : ofTypeAndKind.filter((c) => c.subjectId === filter.subject),
  };
}

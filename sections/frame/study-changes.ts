/**
 * What changed in a study between two of its study snapshots (docs/snapshots.md, Changes), record type by record
 * type: the records added, changed and removed, counted per record type and per subject. The Changes section lists
 * them between any two snapshots; the study overview since the user's last review. A study narrowed by the study
 * filter has the changes of its subjects only.
 */
import {
  CHANGED_RECORD_TYPES,
  type ChangedRecordType,
  type ChangeKind,
  type RecordChange,
} from "@/lib/snapshots/changes";
import type { StudySnapshot } from "@/lib/snapshots/study-snapshots";
import type { UserStudy } from "@/lib/study/open-user-study";
import { exactFilter } from "@/lib/tables/filters";
import { AE_LISTING, aeRowId, responseAssessmentHref, rowHash, sectionHref, subjectHref } from "./addresses";

/** A change as a listing shows it: with its record type. */
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

async function changesOf(study: UserStudy, type: ChangedRecordType, older: StudySnapshot, newer: StudySnapshot) {
  const [a, b] = [older.inEffect.get(type), newer.inEffect.get(type)];
  if (!b) return { uncompared: "not-in-newer" as const, changes: [] };
  if (!a) return { uncompared: "not-in-older" as const, changes: [] };
  if (a.id === b.id) return { uncompared: "not-reloaded" as const, changes: [] };
  return { uncompared: null, changes: await study.history.changes(type, a.id, b.id) };
}

const count = (changes: readonly RecordChange[], kind: ChangeKind) => changes.filter((c) => c.kind === kind).length;

/** Which changes to count: of these record types (default all), of this one subject (default any). */
export interface ChangesScope {
  recordTypes?: readonly ChangedRecordType[];
  subject?: string | null;
}

/** Every change between the two (of the study filter's subjects only), and their counts per record type. */
export async function studyChanges(
  study: UserStudy,
  older: StudySnapshot,
  newer: StudySnapshot,
  scope: ChangesScope = {},
): Promise<{ all: ChangeRow[]; types: TypeCount[] }> {
  const recordTypes = scope.recordTypes ?? CHANGED_RECORD_TYPES;
  const patients = await study.rows("Patient");
  // Narrowed by the study filter: its subjects' changes only.
  const kept = study.whole ? new Set(patients.value.rows.map((p) => p.subjectId)) : null;
  const subject = scope.subject ?? null;
  const keeps = (c: RecordChange) =>
    (kept === null || (c.subjectId !== null && kept.has(c.subjectId))) && (subject === null || c.subjectId === subject);
  const compared = await Promise.all(recordTypes.map((type) => changesOf(study, type, older, newer)));
  const all: ChangeRow[] = compared.flatMap(({ changes }, i) =>
    changes.filter(keeps).map((c) => ({ ...c, recordType: recordTypes[i] })),
  );
  const types = recordTypes.map((recordType, i): TypeCount => {
    const of = all.filter((c) => c.recordType === recordType);
    const subjects = new Set(of.map((c) => c.subjectId)).size;
    const counts = { added: count(of, "added"), changed: count(of, "changed"), removed: count(of, "removed") };
    return { recordType, ...counts, subjects, uncompared: compared[i].uncompared };
  });
  return { all, types };
}

/** The changes per subject, in subject order (records without a subject last). */
export function changesBySubject(changes: readonly ChangeRow[]): SubjectCount[] {
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

/** Where a record stands in its section today: an adverse event's row, an assessment's; others their subject. */
export function recordHref(
  studyHref: string,
  r: { recordType: string; key: string; subjectId: string | null },
): string | null {
  if (r.subjectId === null) return null;
  if (r.recordType === "AdverseEvent") {
    const filter = new URLSearchParams({ [`${AE_LISTING.prefix}f_key`]: exactFilter(r.key) });
    return `${sectionHref(studyHref, "adverse-events")}?${filter}${rowHash(aeRowId(r.key))}`;
  }
  if (r.recordType === "DiagnosticReport") return responseAssessmentHref(studyHref, r.subjectId, r.key);
  return subjectHref(studyHref, r.subjectId);
}

/** Where a changed record stands today (./recordHref); none for a removed one. */
export const changedRecordHref = (studyHref: string, c: ChangeRow): string | null =>
  c.kind === "removed" ? null : recordHref(studyHref, c);

/**
 * The studies list's rows (docs/design.md, The studies list): per study its access state (./studies-home-state.ts,
 * which gives the connection's health too) and what the portal holds of it (counts and the time of the latest data),
 * from what the portal already knows: the user's own audit entries (lib/audit/connection-history.ts), their failed
 * loads (./load-failures.ts) and the study cache's entries (StudyCache.held). Nothing here asks the partner service.
 */
import type { HistoryEntry } from "@/lib/audit/connection-history";
import type { HeldRecordType } from "@/lib/study-cache/study-cache";
import type { LoadFailure } from "./load-failures";
import { type AccessWord, type State, studyAccess } from "./studies-home-state";
import { subjectListOf } from "./subject-list";

/** What a count on a study's row counts; each opens the section that lists those records. */
export const COUNT_KINDS = {
  subjects: "subjects",
  AdverseEvent: "adverse events",
  laboratory: "laboratory results",
  "vital-signs": "vital-sign measurements",
  MedicationStatement: "medication records",
  DiagnosticReport: "response assessments",
} as const;
export type CountKind = keyof typeof COUNT_KINDS;

/** The section that lists each count's records, by its slug; the home page checks them against the sections' slugs. */
export const COUNT_PAGES = {
  subjects: "subjects",
  AdverseEvent: "adverse-events",
  laboratory: "laboratory",
  "vital-signs": "vital-signs",
  MedicationStatement: "medications",
  DiagnosticReport: "tumour-response",
} as const satisfies Record<CountKind, string>;

export interface StudyCount {
  kind: CountKind;
  label: string;
  n: number;
}

export interface HeldSummary {
  /** When the newest of the held record types was loaded (epoch ms). */
  loadedAt: number;
  counts: StudyCount[];
}

export interface StudyRow {
  study: string;
  access: State<AccessWord>;
  /** Null: the portal holds nothing of the study ("not loaded yet"). */
  held: HeldSummary | null;
}

const SUBJECT_LIST = ["Group", "Patient", "AdverseEvent", "DiagnosticReport"] as const;

/**
 * What the cache holds of a study, as counts: subjects (the subject list's rows, when all its record types are
 * held) and each record type's records; null when nothing is held.
 */
export function heldSummary(held: HeldRecordType[]): HeldSummary | null {
  if (held.length === 0) return null;
  const of = new Map(held.map((h) => [h.recordType, h.value]));
  const counts: StudyCount[] = [];
  if (SUBJECT_LIST.every((k) => of.has(k))) {
    const [group, patients, events, assessments] = SUBJECT_LIST.map((k) => of.get(k)!);
    const n = subjectListOf(group as never, patients as never, events as never, assessments as never).rows.length;
    counts.push({ kind: "subjects", label: COUNT_KINDS.subjects, n });
  }
  for (const kind of Object.keys(COUNT_KINDS) as CountKind[]) {
    const rows = of.get(kind)?.rows;
    if (kind !== "subjects" && rows) counts.push({ kind, label: COUNT_KINDS[kind], n: rows.length });
  }
  return { loadedAt: Math.max(...held.map((h) => h.loadedAt)), counts };
}

/** A study's row: its access (from the entries and the failed loads of the user's connection) and what is held. */
export function studyRow(
  study: string,
  history: HistoryEntry[],
  held: HeldRecordType[],
  failures: LoadFailure[] = [],
): StudyRow {
  return { study, access: studyAccess(history, study, failures), held: heldSummary(held) };
}

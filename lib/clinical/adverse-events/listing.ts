/**
 * The listing of a study's adverse events (docs/clinical-rules.md, Adverse events in a study): one row per
 * distinct event, with its duration and what is odd about it, and the filters that a count of the tables opens,
 * so that the listing shows exactly the subjects and events behind that count.
 */

import { daysBetween } from "../common/dates";
import { type AdverseEventRow, type Grade, isRelated } from "./rows";
import type { AeStudy, SubgroupKind } from "./study";
import { worstGrades } from "./summary";

export interface AeListingRow extends AdverseEventRow {
  /** end - start + 1 (both days count); null without both dates or when the end is before the start. */
  durationDays: number | null;
  related: boolean;
  /** Whether the subject is a member of the study's Group (counted in the tables). */
  inGroup: boolean;
  /** What is odd about the record, in words; empty when nothing is. */
  flags: string[];
}

export const FLAG_END_BEFORE_START = "End before start";
export const FLAG_NO_GRADE = "No grade";
/** The subject has graded and ungraded events of this term (counted at the highest known grade, † in the table). */
export const FLAG_MIXED_GRADES = "Graded and ungraded";
export const FLAG_NO_START = "No start date";
export const FLAG_NOT_IN_GROUP = "Not in the Group";

/** The listing's rows, parallel to `study.events`. */
export function aeListingRows(study: AeStudy): AeListingRow[] {
  const mixed = mixedGradePairs(study);
  return study.events.map((e, i) => {
    const span = e.start !== null && e.end !== null ? daysBetween(e.start, e.end) : Number.NaN;
    const flags: string[] = [];
    if (span < 0) flags.push(FLAG_END_BEFORE_START);
    if (e.grade === null) flags.push(FLAG_NO_GRADE);
    if (study.inGroup[i] && e.subjectId !== null && mixed.get(e.term)?.has(e.subjectId)) flags.push(FLAG_MIXED_GRADES);
    if (e.start === null) flags.push(FLAG_NO_START);
    if (!study.inGroup[i]) flags.push(FLAG_NOT_IN_GROUP);
    // Object.assign, not a spread with further properties: at 17,600 events the spread took 110-300 ms and this
    // 5-20 ms (docs/benchmarks.md, bench:load, 2026-11-26).
    return Object.assign({}, e, {
      durationDays: span >= 0 ? span + 1 : null,
      related: isRelated(e.causality),
      inGroup: study.inGroup[i],
      flags,
    });
  });
}

/** Per term, the Group's subjects with both graded and ungraded events of it (the data note's pairs). */
function mixedGradePairs(study: AeStudy): Map<string, Set<string>> {
  const pairs = new Map<string, Set<string>>();
  for (const [term, subjects] of worstGrades(study)) {
    const both = [...subjects].filter(([, w]) => w.grade !== 0 && w.ungraded).map(([subjectId]) => subjectId);
    if (both.length > 0) pairs.set(term, new Set(both));
  }
  return pairs;
}

export type GradeFilter = Grade | "ge3" | "missing";
/** The flags a data note counts, as a filter's value. */
export const FLAG_FILTERS = {
  "end-before-start": FLAG_END_BEFORE_START,
  "no-start": FLAG_NO_START,
  "mixed-grades": FLAG_MIXED_GRADES,
} as const;
export type FlagFilter = keyof typeof FLAG_FILTERS;
/** The CTCAE version filter's value for the events sent without a version. */
export const NO_CTCAE_VERSION = "none";
export type WorstFilter = Grade | "missing";

export interface AeListingFilter {
  /** `group`: events of the Group's members only (the tables' events); `outside`: the others. */
  scope: "all" | "group" | "outside";
  /** Exactly this subject (Patient.id): the events a subject list's count stands for. */
  subject: string | null;
  /** Exactly this term. */
  term: string | null;
  /** Subjects whose worst grade among the events chosen so far is this (`missing`: none of them graded). */
  worst: WorstFilter | null;
  /** Events of this grade, of grade 3 or more, or without a grade. */
  grade: GradeFilter | null;
  related: boolean;
  ongoing: boolean;
  /** Events carrying this flag (what a data note counts). */
  flag: FlagFilter | null;
  /** Events graded with this CTCAE version as sent (NO_CTCAE_VERSION: without one), as the data notes count them. */
  ctcae: string | null;
  /** Members whose subgroup has this value. */
  subgroup: Partial<Record<SubgroupKind, string>>;
}

export const NO_LISTING_FILTER: AeListingFilter = {
  scope: "all",
  subject: null,
  term: null,
  worst: null,
  grade: null,
  related: false,
  ongoing: false,
  flag: null,
  ctcae: null,
  subgroup: {},
};

/**
 * The rows that pass the filter. The worst grade is a subject's, over the events that pass the scope, subgroup
 * and term: with a term, the subjects counted in that term's grade column of the table by term.
 */
export function filterListing(study: AeStudy, rows: readonly AeListingRow[], f: AeListingFilter): AeListingRow[] {
  const subgroups = Object.entries(f.subgroup) as [SubgroupKind, string][];
  let chosen = rows.filter((r) => {
    if (f.scope === "group" ? !r.inGroup : f.scope === "outside" ? r.inGroup : false) return false;
    if (f.subject !== null && r.subjectId !== f.subject) return false;
    if (f.term !== null && r.term !== f.term) return false;
    if (subgroups.length === 0) return true;
    const subject = r.inGroup && r.subjectId !== null ? study.bySubjectId.get(r.subjectId) : undefined;
    return subject !== undefined && subgroups.every(([kind, value]) => subject.subgroup[kind] === value);
  });
  if (f.worst !== null) {
    const wanted = f.worst === "missing" ? 0 : f.worst;
    const worst = new Map<string | null, number>();
    for (const r of chosen) worst.set(r.subjectId, Math.max(worst.get(r.subjectId) ?? 0, r.grade ?? 0));
    chosen = chosen.filter((r) => worst.get(r.subjectId) === wanted);
  }
  const flag = f.flag === null ? null : FLAG_FILTERS[f.flag];
  const version = f.ctcae === NO_CTCAE_VERSION ? null : f.ctcae;
  return chosen.filter(
    (r) =>
      gradeMatches(r.grade, f.grade) &&
      (!f.related || r.related) &&
      (!f.ongoing || r.ongoing === true) &&
      (flag === null || r.flags.includes(flag)) &&
      (f.ctcae === null || r.ctcaeVersion === version),
  );
}

function gradeMatches(grade: Grade | null, filter: GradeFilter | null): boolean {
  if (filter === null) return true;
  if (filter === "missing") return grade === null;
  if (filter === "ge3") return grade !== null && grade >= 3;
  return grade === filter;
}

/** The distinct subjects of some rows, in the order they first appear. */
export function subjectsOf(rows: readonly AeListingRow[]): string[] {
  const out = new Set<string>();
  for (const r of rows) if (r.subjectId !== null) out.add(r.subjectId);
  return [...out];
}

/**
 * The listing of a study's adverse events (docs/clinical-rules.md, Adverse events in a study): one row per
 * distinct event, with its duration and what is odd about it, and the filters that a count of the tables opens,
 * so that the listing shows exactly the subjects and events behind that count.
 */

import { daysBetween, studyDay } from "../common/dates";
import {
  type AeListingFilter,
  FLAG_END_BEFORE_START,
  FLAG_FILTERS,
  FLAG_MIXED_GRADES,
  FLAG_NO_GRADE,
  FLAG_NO_START,
  FLAG_NOT_IN_GROUP,
  FLAG_UNREADABLE_END,
  type FlagFilter,
  type GradeFilter,
  NO_CTCAE_VERSION,
} from "./listing-filter";
import { type AdverseEventRow, type Grade, isRelated, isRelatedUnder } from "./rows";
import { socOf } from "./soc-table";
import type { AeStudy, SubgroupKind } from "./study";
import { worstGrades } from "./summary";
import { isTreatmentEmergent, type TeaeStatus } from "./teae";

export interface AeListingRow extends AdverseEventRow {
  /** end - start + 1 (both days count); null without both dates or when the end is before the start. */
  durationDays: number | null;
  /** Related as assessed (Certain, Probably/Likely, Possible), and in the conservative reading. */
  related: boolean;
  relatedConservative: boolean;
  /** The term's system organ class (CTCAE v5.0), or "Unmapped". */
  soc: string;
  /** Whether the event is treatment-emergent, and why. */
  teae: TeaeStatus;
  /** The start's study day: day 1 is the subject's first dose; null when either date is unknown. */
  studyDay: number | null;
  /** Whether the subject is a member of the study's Group (counted in the tables). */
  inGroup: boolean;
  /** What is odd about the record, in words; empty when nothing is. */
  flags: string[];
}

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
    if (e.unreadableEnd !== undefined) flags.push(FLAG_UNREADABLE_END);
    const firstDose = e.subjectId === null ? undefined : study.firstDoses.get(e.subjectId);
    // Object.assign, not a spread with further properties: at 17,600 events the spread took 110-300 ms and this
    // 5-20 ms (docs/benchmarks.md, bench:load, 2026-11-26).
    return Object.assign({}, e, {
      durationDays: span >= 0 ? span + 1 : null,
      related: isRelated(e.causality),
      relatedConservative: isRelatedUnder(e.causality, "conservative"),
      soc: socOf(e.term),
      teae: study.teae[i],
      studyDay: firstDose === undefined || e.start === null ? null : studyDay(e.start, firstDose),
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

/**
 * The rows that pass the filter. The worst grade is a subject's, over the events that pass the scope, the TEAE
 * choice, subject, subgroup, term and SOC: with a term, the subjects counted in that term's grade column of the
 * table by term; with a SOC, those of the SOC's row.
 */
export function filterListing(study: AeStudy, rows: readonly AeListingRow[], f: AeListingFilter): AeListingRow[] {
  const subgroups = Object.entries(f.subgroup) as [SubgroupKind, string][];
  let chosen = rows.filter((r) => {
    if (f.scope === "group" ? !r.inGroup : f.scope === "outside" ? r.inGroup : false) return false;
    if (f.teae && !isTreatmentEmergent(r.teae)) return false;
    if (f.subject !== null && r.subjectId !== f.subject) return false;
    if (f.term !== null && r.term !== f.term) return false;
    if (f.soc !== null && r.soc !== f.soc) return false;
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
  const version = f.ctcae === NO_CTCAE_VERSION ? null : f.ctcae;
  const related = (r: AeListingRow) => (f.relatedness === "conservative" ? r.relatedConservative : r.related);
  return chosen.filter(
    (r) =>
      gradeMatches(r.grade, f.grade) &&
      (!f.related || related(r)) &&
      (!f.ongoing || r.ongoing === true) &&
      flagMatches(r, f.flag) &&
      (f.ctcae === null || r.ctcaeVersion === version),
  );
}

function flagMatches(r: AeListingRow, flag: FlagFilter | null): boolean {
  if (flag === null) return true;
  return flag === "no-first-dose" ? r.teae === "no-first-dose" : r.flags.includes(FLAG_FILTERS[flag]);
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

/**
 * The adverse-event tables of the clinical study report (docs/clinical-rules.md, Adverse events in a study):
 * the overview (subjects with any AE, grade >= 3, grade 5, a related AE, an ongoing AE; the number of events)
 * and the table by term and worst grade, each n (%) of N = the Group's members. Only events of members count;
 * each subject counts once per line. Pure: from an AeStudy (./ae-study.ts) to plain numbers.
 */

import { percentOf } from "../common/percent";
import { type AdverseEventRow, type Grade, isRelatedUnder, type Relatedness } from "./rows";
import { type AeStudy, type SubgroupKind, subgroupValues } from "./study";

export { percentOf } from "../common/percent";

export interface AeOverview {
  /** N: the Group's members. */
  n: number;
  any: number;
  gradeAtLeast3: number;
  grade5: number;
  related: number;
  ongoing: number;
  /** Distinct events of members (a number of events, not of subjects). */
  events: number;
}

/** The overview; `relatedness`: which causality values the related line counts (./rows.ts, isRelatedUnder). */
export function aeOverview(study: AeStudy, relatedness: Relatedness = "assessed"): AeOverview {
  const any = new Set<string>();
  const ge3 = new Set<string>();
  const g5 = new Set<string>();
  const related = new Set<string>();
  const ongoing = new Set<string>();
  let events = 0;
  study.events.forEach((e, i) => {
    if (!study.inGroup[i] || e.subjectId === null) return;
    events++;
    any.add(e.subjectId);
    if (e.grade !== null && e.grade >= 3) ge3.add(e.subjectId);
    if (e.grade === 5) g5.add(e.subjectId);
    if (isRelatedUnder(e.causality, relatedness)) related.add(e.subjectId);
    if (e.ongoing === true) ongoing.add(e.subjectId);
  });
  return {
    n: study.subjects.length,
    any: any.size,
    gradeAtLeast3: ge3.size,
    grade5: g5.size,
    related: related.size,
    ongoing: ongoing.size,
    events,
  };
}

/** The columns of the table by term: subjects by their worst grade of the term. */
export const GRADE_COLUMNS = ["any", "g1", "g2", "g3", "g4", "g5", "ge3", "missing"] as const;
export type GradeColumn = (typeof GRADE_COLUMNS)[number];

export interface TermRow {
  term: string;
  /** Distinct events of members with this term. */
  events: number;
  /** Subjects, each once, by their worst grade of this term. */
  counts: Record<GradeColumn, number>;
  /** Subjects with both graded and ungraded events of this term: counted at their highest known grade. */
  mixed: number;
  /** Per subgroup value (in `AeByTerm.subgroups` order): subjects with any grade, and with grade >= 3. */
  bySubgroup: { any: number; ge3: number }[];
}

export interface AeByTerm {
  n: number;
  subgroup: SubgroupKind | null;
  /** The subgroup's values with their N; empty without a subgroup. */
  subgroups: { value: string; n: number }[];
  /** Terms by falling number of subjects (any grade), then by name. */
  rows: TermRow[];
}

/** A subject's worst grade of one term: 0 when none of its events of the term has a grade. */
interface Worst {
  grade: Grade | 0;
  ungraded: boolean;
}

/** What a row of the table stands for: by default the event's term (./soc-table.ts groups by another). */
export type RowKey = (e: AdverseEventRow) => string;
const termOf: RowKey = (e) => e.term;

/** Each member's worst grade per term (or per other key), from the members' events only. */
export function worstGrades(study: AeStudy, keyOf: RowKey = termOf): Map<string, Map<string, Worst>> {
  const byTerm = new Map<string, Map<string, Worst>>();
  study.events.forEach((e, i) => {
    if (!study.inGroup[i] || e.subjectId === null) return;
    const key = keyOf(e);
    let subjects = byTerm.get(key);
    if (!subjects) {
      subjects = new Map();
      byTerm.set(key, subjects);
    }
    const w = subjects.get(e.subjectId) ?? { grade: 0, ungraded: false };
    if (e.grade === null) w.ungraded = true;
    else if (e.grade > w.grade) w.grade = e.grade;
    subjects.set(e.subjectId, w);
  });
  return byTerm;
}

/**
 * The table by term: per term, the members by their worst grade of it. With `keyOf`, the rows are of another key
 * of the events (a system organ class, ./soc-table.ts), each row's `term` then being that key.
 */
export function aeByTerm(study: AeStudy, subgroup: SubgroupKind | null, keyOf: RowKey = termOf): AeByTerm {
  const subgroups = subgroup ? subgroupValues(study, subgroup) : [];
  const index = new Map(subgroups.map((s, i) => [s.value, i]));
  const events = new Map<string, number>();
  study.events.forEach((e, i) => {
    if (!study.inGroup[i]) return;
    const key = keyOf(e);
    events.set(key, (events.get(key) ?? 0) + 1);
  });
  const rows: TermRow[] = [];
  for (const [term, subjects] of worstGrades(study, keyOf)) {
    const counts: Record<GradeColumn, number> = { any: 0, g1: 0, g2: 0, g3: 0, g4: 0, g5: 0, ge3: 0, missing: 0 };
    const bySubgroup = subgroups.map(() => ({ any: 0, ge3: 0 }));
    let mixed = 0;
    for (const [subjectId, w] of subjects) {
      counts.any++;
      if (w.grade === 0) counts.missing++;
      else counts[`g${w.grade}`]++;
      if (w.grade >= 3) counts.ge3++;
      if (w.grade !== 0 && w.ungraded) mixed++;
      const value = subgroup ? study.bySubjectId.get(subjectId)?.subgroup[subgroup] : undefined;
      const cell = value === undefined ? undefined : bySubgroup[index.get(value)!];
      if (cell) {
        cell.any++;
        if (w.grade >= 3) cell.ge3++;
      }
    }
    rows.push({ term, events: events.get(term) ?? 0, counts, mixed, bySubgroup });
  }
  rows.sort((a, b) => b.counts.any - a.counts.any || a.term.localeCompare(b.term));
  return { n: study.subjects.length, subgroup, subgroups, rows };
}

/** A cell as the report writes it: `7 (17.5%)`; `0` without the percentage; `n` alone when N is 0. */
export function nPercent(n: number, of: number): string {
  const p = percentOf(n, of);
  return n === 0 || p === null ? String(n) : `${n} (${p.toFixed(1)}%)`;
}

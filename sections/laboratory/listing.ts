/**
 * A chosen test's results listing (docs/clinical-rules.md, Listing): the results of the URL's unit, visit, quick
 * choice, shift-table cell, part (baseline, after baseline, after the window) and bound of the value, in the
 * partner's order, each with the part it plays in the shift tables, its ×ULN and its CTCAE v5.0 grade
 * (docs/clinical-rules.md, CTCAE grades of laboratory results). One stable array per choice and cached entry, so
 * that the server table sorts it once.
 */
import { type Placement, phaseAt, type ResultPhase } from "@/lib/clinical/laboratory/baseline";
import { ctcaeGrade, type LabGrade, timesUlnRounded } from "@/lib/clinical/laboratory/ctcae";
import { type ResultChoice, resultMatches } from "@/lib/clinical/laboratory/results";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { derivedOf } from "@/lib/study/derived";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import type { PhaseChoice, ShiftCell } from "./query";

/**
 * What the results listing shows: a unit, a visit, a quick choice, a shift-table cell, a part (undefined: every),
 * and an upper bound of the value (null: none).
 */
export interface ListingChoice {
  unit: string | null | undefined;
  visit: string | null | undefined;
  show: ResultChoice;
  shift: ShiftCell | null;
  phase: PhaseChoice | null;
  /** Only numeric results of at most this value: those a log value axis leaves out, at 0. */
  valueMax: number | null;
}

/** A listed result, with what the listing shows beside the record. */
export interface LabListingRow extends MeasurementRow {
  phase: ResultPhase;
  /** The value over its own record's upper limit, to two decimals. */
  timesUln: number | null;
  /** null: the test has no CTCAE criteria here, or the result has no value. */
  grade: LabGrade | null;
}

/** What the listing needs of a series: its results (positions in the rows, ascending) and their placement. */
export interface ListedSeries {
  unit: string | null;
  indexes: Uint32Array;
  placement: Placement;
}

/** Whether the result at position `k` of a series is of the part the URL names. */
function inPhase(s: ListedSeries, k: number, subjectId: string | null, phase: PhaseChoice): boolean {
  const part = phaseAt(s.placement, k);
  if (phase === "after" || phase === "late") return part === phase;
  if (part !== "baseline") return false;
  const basis = subjectId === null ? undefined : s.placement.subjects.get(subjectId)?.basis;
  if (phase === "baseline-first-dose") return basis === "first dose";
  return phase === "baseline-fallback" ? basis !== "first dose" : true;
}

/** The result at position `k` of a series, with its part, ×ULN and grade. */
function listed(rows: readonly MeasurementRow[], s: ListedSeries, k: number): LabListingRow {
  const row = rows[s.indexes[k]];
  const phase = phaseAt(s.placement, k);
  // The baseline's multiples grade only the results after it (docs/clinical-rules.md, CTCAE grades).
  const b = phase === "after" || phase === "late" ? s.placement.subjects.get(row.subjectId as string)?.baseline : null;
  const base = b === null || b === undefined ? null : rows[s.indexes[b]];
  return {
    ...row,
    phase,
    timesUln: timesUlnRounded(row.value, row.range),
    grade: ctcaeGrade(row, base && base.value !== null ? { value: base.value, range: base.range } : null),
  };
}

/**
 * The listing of a choice; `key` names the test and the window, and `exposure` is the study drug's exposure, which
 * the placement depends on.
 */
export function listingRows(
  lab: CachedRows<MeasurementRow>,
  exposure: object,
  key: string,
  all: readonly ListedSeries[],
  choice: ListingChoice,
  cellSubjects: string[] | null,
): LabListingRow[] {
  // "*" (unquoted) is "any", apart from every JSON value, so that "every unit" and "no unit" never share a name.
  const part = (v: unknown) => (v === undefined ? "*" : JSON.stringify(v));
  const parts = [key, choice.unit, choice.visit, choice.show, choice.shift, choice.phase, choice.valueMax];
  return derivedOf("laboratory:list", parts.map(part).join("|"), [lab, exposure], () => {
    const series = choice.unit === undefined ? all : all.filter((s) => s.unit === choice.unit);
    const inCell = cellSubjects ? new Set(cellSubjects) : null;
    const picked: [number, ListedSeries, number][] = [];
    for (const s of series)
      for (let k = 0; k < s.indexes.length; k++) {
        const row = lab.rows[s.indexes[k]];
        if (choice.visit !== undefined && row.visit !== choice.visit) continue;
        if (inCell && (row.subjectId === null || !inCell.has(row.subjectId))) continue;
        if (choice.phase && !inPhase(s, k, row.subjectId, choice.phase)) continue;
        if (choice.valueMax !== null && !(row.value !== null && row.value <= choice.valueMax)) continue;
        if (resultMatches(row, choice.show)) picked.push([s.indexes[k], s, k]);
      }
    return picked.sort((a, b) => a[0] - b[0]).map(([, s, k]) => listed(lab.rows, s, k));
  });
}

/**
 * The distribution of one series (a test in one unit) by visit, and the lines of chosen subjects across the same
 * visits (docs/clinical-rules.md, Laboratory, Distribution by visit). Visits come in the study's visit order
 * (./visit-order, the vital signs' rule, computed once over all the study's laboratory records, so that every test
 * shows its visits in one order), results without a visit last. Each visit also carries its median collection
 * time, shown in the chart but not used to order: subjects start on different dates. Only numeric results count:
 * text results are shown as text, never plotted.
 */

import { visitRank } from "../common/visit-order";
import type { MeasurementRow } from "../measurements/rows";
import { collectedKey } from "./series";
import { type BoxStats, boxStats } from "./stats";

/** A visit's box: its five numbers, Tukey's whiskers and outliers (docs/clinical-rules.md, Box plots). */
export type VisitBox = BoxStats & {
  /** The visit's name; null for results without a visit. */
  visit: string | null;
  /** The median collection time (as sent; the lower middle one of an even count); null when none is dated. */
  medianAt: string | null;
  /** Numeric results at the visit. */
  n: number;
};

export interface SubjectPoint {
  visit: string | null;
  value: number;
  collectedAt: string | null;
  /** The subject's numeric results at this visit: the point is the last collected of them. */
  results: number;
}

type Row = Pick<MeasurementRow, "visit" | "collectedAt" | "value" | "subjectId">;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each visit's numeric values (above 0 only, for a log axis, when `positive`) and collection times. */
function byVisit(rows: readonly Row[], indexes: ArrayLike<number>, positive: boolean) {
  const visits = new Map<string | null, { values: number[]; dates: string[] }>();
  for (let k = 0; k < indexes.length; k++) {
    const row = rows[indexes[k]];
    if (row.value === null || (positive && !(row.value > 0))) continue;
    let v = visits.get(row.visit);
    if (!v) {
      v = { values: [], dates: [] };
      visits.set(row.visit, v);
    }
    v.values.push(row.value);
    const at = collectedKey(row);
    if (at !== null) v.dates.push(at);
  }
  return visits;
}

/**
 * The visits of a series in the study's `order` (./visit-order), each with its box plot's numbers and count; with
 * `positive`, of the results above 0 only (a log axis cannot show the others: docs/clinical-rules.md, Box plots).
 */
export function visitDistribution(
  rows: readonly Row[],
  indexes: ArrayLike<number>,
  order: readonly string[],
  positive = false,
): VisitBox[] {
  const boxes: VisitBox[] = [];
  for (const [visit, { values, dates }] of byVisit(rows, indexes, positive)) {
    dates.sort(byText);
    const medianAt = dates.length ? dates[Math.floor((dates.length - 1) / 2)] : null;
    boxes.push({ visit, medianAt, n: values.length, ...(boxStats(values) as BoxStats) });
  }
  const rank = visitRank(order);
  return boxes.sort((a, b) => rank(a.visit) - rank(b.visit));
}

/**
 * A subject's points across the series' visits: at each visit the subject's last collected numeric result (an
 * undated one counts as collected before any dated one; ties keep the partner's order, the later wins).
 */
export function subjectPoints(rows: readonly Row[], indexes: ArrayLike<number>, subjectId: string): SubjectPoint[] {
  const points = new Map<string | null, SubjectPoint>();
  for (let k = 0; k < indexes.length; k++) {
    const row = rows[indexes[k]];
    if (row.subjectId !== subjectId || row.value === null) continue;
    const at = collectedKey(row);
    const seen = points.get(row.visit);
    const later = !seen || seen.collectedAt === null || (at !== null && byText(at, seen.collectedAt) >= 0);
    const point = later ? { visit: row.visit, value: row.value, collectedAt: at, results: 0 } : seen;
    point.results = (seen?.results ?? 0) + 1;
    points.set(row.visit, point);
  }
  return [...points.values()];
}

/**
 * Every test's (every item's) records at one visit, which the Laboratory and Vital signs sections list for `at=`
 * (VISIT_LISTING, ./addresses.ts), and the words that name the visit in the listing's heading and caption.
 */
import { ROWS_PER_PAUSE, type Sliced } from "@/lib/clinical/common/sliced";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { derivedInSlices, derivedOfInSlices } from "@/lib/study/derived";

/** The records of one visit (null: the records without a visit), in the partner's order. */
export interface VisitRecords {
  visit: string | null;
  rows: readonly MeasurementRow[];
}

/** The visit in words: "at visit Week 4", or "without a visit". */
export const atVisit = (visit: string | null) => (visit === null ? "without a visit" : `at visit ${visit}`);

const NONE: readonly MeasurementRow[] = Object.freeze([]);

/**
 * The records of the cached `entry` at the visit `at`, or null when no record has that visit; the records without a
 * visit (`at` null) are always a listing, empty where every record has one, as their data note's listing is.
 * `name` (written in the code) names the set of the entry's visits, computed once per entry, and the family of each
 * visit's records. A visit is checked against that set before it names anything: an address naming a visit the data
 * lacks leaves no entry behind, so that what requests can add is bounded by the visits the data has.
 */
export async function visitRecords(
  name: string,
  entry: { rows: readonly MeasurementRow[] },
  at: string | null,
): Promise<VisitRecords | null> {
  const visits = await derivedInSlices(`${name}:visits`, [entry], () => visitsOf(entry.rows));
  if (!visits.has(at)) return at === null ? { visit: null, rows: NONE } : null;
  // JSON tells the records without a visit (null) from a visit named "null".
  const rows = await derivedOfInSlices(`${name}:visit`, JSON.stringify(at), [entry], () => rowsAt(entry.rows, at));
  return { visit: at, rows };
}

function* visitsOf(rows: readonly MeasurementRow[]): Sliced<ReadonlySet<string | null>> {
  const visits = new Set<string | null>();
  for (let i = 0; i < rows.length; i++) {
    visits.add(rows[i].visit);
    if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
  }
  return visits;
}

function* rowsAt(rows: readonly MeasurementRow[], at: string | null): Sliced<readonly MeasurementRow[]> {
  const found: MeasurementRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].visit === at) found.push(rows[i]);
    if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
  }
  return found;
}

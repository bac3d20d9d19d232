/**
 * Laboratory results grouped by test and unit (docs/clinical-rules.md, Laboratory tests and units). A test is its
 * service code, or its test name when the record has no code; the two kinds of key cannot meet (`code:` and
 * `name:` prefixes), so a test without a code never merges with a coded one whose code equals its name. Within a
 * test, each unit is its own series (results without a unit are one more series): values in two units are never
 * mixed in one statistic, chart or shift table.
 */
import { calendarDate } from "../common/dates";
import { complete, ROWS_PER_PAUSE, type Sliced } from "../common/sliced";
import type { MeasurementRow } from "../measurements/rows";

export type LabRow = Pick<MeasurementRow, "test" | "code" | "unit">;

/** The key of a row's test: its service code, else its test name. */
export const testKeyOf = (row: Pick<MeasurementRow, "test" | "code">): string =>
  row.code !== null ? `code:${row.code}` : `name:${row.test}`;

export interface LabSeries {
  /** The unit of every result of the series; null: the results without a unit. */
  unit: string | null;
  /** Positions of the series' results in the rows, in the rows' order. */
  indexes: Uint32Array;
}

export interface LabTest {
  key: string;
  code: string | null;
  /** The test names the results carry, in order of appearance (one, unless the partner renamed a coded test). */
  names: string[];
  /** One series per unit, in order of appearance. */
  series: LabSeries[];
  results: number;
}

/** The tests of a study's results, in order of appearance (the partner serves a visit's tests in panel order). */
export const indexLabTests = (rows: readonly LabRow[]): LabTest[] => complete(indexLabTestsSliced(rows));

/** indexLabTests() in slices (./sliced.ts). */
export function* indexLabTestsSliced(rows: readonly LabRow[]): Sliced<LabTest[]> {
  const tests = new Map<string, { code: string | null; names: Set<string>; units: Map<string | null, number[]> }>();
  for (let i = 0; i < rows.length; i++) {
    if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
    const row = rows[i];
    const key = testKeyOf(row);
    let test = tests.get(key);
    if (!test) {
      test = { code: row.code, names: new Set(), units: new Map() };
      tests.set(key, test);
    }
    test.names.add(row.test);
    let unit = test.units.get(row.unit);
    if (!unit) {
      unit = [];
      test.units.set(row.unit, unit);
    }
    unit.push(i);
  }
  return [...tests].map(([key, t]) => {
    const series = [...t.units].map(([unit, indexes]) => ({ unit, indexes: Uint32Array.from(indexes) }));
    return {
      key,
      code: t.code,
      names: [...t.names],
      series,
      results: series.reduce((n, s) => n + s.indexes.length, 0),
    };
  });
}

/** A test's name as shown: its names joined (a renamed coded test shows both). */
export const testName = (test: Pick<LabTest, "names">) => test.names.join(" / ");

const ISO_START = /^\d{4}-\d{2}-\d{2}(?:$|[T ])/;
// A study's million results share a few tens of thousands of collection times (one per blood draw): each is
// checked once (bounded), since the check is most of the cost of a pass over the results.
const checked = new Map<string, boolean>();
const REMEMBERED = 200_000;

/**
 * The collection time a result can be ordered by: the time as sent when it starts with a real ISO calendar date
 * (`YYYY-MM-DD...`, which orders as text, as the partner's `YYYY-MM-DDThh:mm:ss` does), else null: no usable date.
 */
export function collectedKey(row: Pick<MeasurementRow, "collectedAt">): string | null {
  const at = row.collectedAt;
  if (at === null) return null;
  let dated = checked.get(at);
  if (dated === undefined) {
    dated = ISO_START.test(at) && calendarDate(at) !== null;
    if (checked.size >= REMEMBERED) checked.clear();
    checked.set(at, dated);
  }
  return dated ? at : null;
}

/**
 * One subject's laboratory results as a grid (docs/clinical-rules.md,
 * Laboratory grid): a row per test, a column per visit in date order, each
 * cell the results of that test at that visit. Nothing is merged away: two
 * results of one test at one visit are both shown, a change of unit along a
 * row is marked, and the range text of every result stays at hand. A test's
 * unit is said once, by its row (GridRow.units); a cell names the unit of
 * each result only where the test comes in more than one.
 */
import { displayDateTime } from "../common/date-time";
import { calendarDate } from "../common/dates";
import { unitOrNone } from "../common/units";
import type { MeasurementRow } from "../measurements/rows";
import { type RangeFlag, resultFlag } from "./reference-range";

/** A test's key: its service code, or its name when the partner sent no code. */
export const testKey = (r: Pick<MeasurementRow, "code" | "test">): string => r.code ?? r.test;

export interface GridColumn {
  /** Visit label and calendar date: a column is one visit on one day. */
  key: string;
  visit: string | null;
  date: string | null;
}

export interface GridResult {
  id: string;
  value: number | null;
  text: string | null;
  unit: string | null;
  /** L, N or H against the record's own range; null when there is no value or no bounds. */
  flag: RangeFlag | null;
  range: string | null;
  collectedAt: string | null;
  /** What the cell shows for this result: `52 H`, `52 U/L H` in a test of several units, `Trace`. */
  display: string;
}

export interface GridCell {
  results: GridResult[];
  /** The results' displays, `; ` between two results of one visit. */
  text: string;
  /**
   * Hover text: the result's collection time and raw range text; with more than one result, a line each, led by
   * what the cell shows for it.
   */
  title: string;
  /** `2 results at this visit` when there is more than one. */
  note: string | null;
  /** `Unit changed from U/L to no unit` at the first result in a new unit. */
  unitChange: string | null;
}

export interface GridRow {
  key: string;
  test: string;
  code: string | null;
  /** The units of the test's numeric results, in date order; null is "no unit". More than one: a unit change. */
  units: (string | null)[];
  /** One entry per column; null where the test has no result at that visit. */
  cells: (GridCell | null)[];
}

export interface LabGrid {
  columns: GridColumn[];
  rows: GridRow[];
  counts: {
    /** Cells that hold more than one result. */
    repeated: number;
    /** Tests whose numeric results come in more than one unit (no unit counts as one). */
    unitChanges: number;
    /** Numeric results without a unit. */
    withoutUnit: number;
    /** Results given as text. */
    text: number;
  };
}

const unitName = (unit: string | null) => (unit === null ? "no unit" : unitOrNone(unit));

/** A result as its cell shows it; `withUnit` where its test comes in more than one unit. */
export function resultDisplay(
  r: Pick<MeasurementRow, "value" | "text" | "unit">,
  flag: RangeFlag | null,
  withUnit: boolean,
): string {
  if (r.value === null) return r.text ?? "(no value)";
  const mark = flag === "H" || flag === "L" ? ` ${flag}` : "";
  return withUnit ? `${r.value} ${unitOrNone(r.unit)}${mark}` : `${r.value}${mark}`;
}

function gridResult(r: MeasurementRow): GridResult {
  const flag = resultFlag(r.value, r.range);
  const { id, value, text, unit, range, collectedAt } = r;
  return { id, value, text, unit, flag, range, collectedAt, display: "" };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const columnKey = (visit: string | null, date: string | null) => `${visit ?? ""}|${date ?? ""}`;

/** Columns in date order; a date tie keeps the order the records came in, and undated visits go last. */
function gridColumns(rows: readonly MeasurementRow[], keys: readonly string[]): GridColumn[] {
  const byKey = new Map<string, GridColumn>();
  rows.forEach((r, i) => {
    if (!byKey.has(keys[i])) byKey.set(keys[i], { key: keys[i], visit: r.visit, date: calendarDate(r.collectedAt) });
  });
  const order = (c: GridColumn) => c.date ?? "\uffff";
  return [...byKey.values()].sort((a, b) => compareText(order(a), order(b)));
}

export function labGrid(rows: readonly MeasurementRow[]): LabGrid {
  // Each row's column once: reading a date is the costly part for a subject with thousands of results.
  const keys = rows.map((r) => columnKey(r.visit, calendarDate(r.collectedAt)));
  const columns = gridColumns(rows, keys);
  const index = new Map(columns.map((c, i) => [c.key, i]));
  const tests = new Map<string, { row: GridRow; results: GridResult[][] }>();
  rows.forEach((r, i) => {
    const key = testKey(r);
    let test = tests.get(key);
    if (!test) {
      test = { row: { key, test: r.test, code: r.code, units: [], cells: [] }, results: columns.map(() => []) };
      tests.set(key, test);
    }
    test.results[index.get(keys[i])!].push(gridResult(r));
  });
  const counts = { repeated: 0, unitChanges: 0, withoutUnit: 0, text: 0 };
  const out: GridRow[] = [];
  for (const { row, results } of tests.values()) {
    fillRow(row, results);
    for (const cell of row.cells) {
      if (cell === null) continue;
      if (cell.results.length > 1) counts.repeated++;
      for (const g of cell.results) {
        if (g.value !== null && g.unit === null) counts.withoutUnit++;
        if (g.value === null && g.text !== null) counts.text++;
      }
    }
    if (row.units.length > 1) counts.unitChanges++;
    out.push(row);
  }
  return { columns, rows: out, counts };
}

/** The cells of one test, left to right, marking where the unit of its numeric results changes. */
function fillRow(row: GridRow, results: GridResult[][]): void {
  // Within a visit, in the order of collection (stable for equal times).
  for (const list of results) list.sort((a, b) => compareText(a.collectedAt ?? "", b.collectedAt ?? ""));
  for (const list of results)
    for (const g of list) if (g.value !== null && !row.units.includes(g.unit)) row.units.push(g.unit);
  const withUnit = row.units.length > 1;
  let previous: string | null | undefined;
  for (const list of results) {
    if (list.length === 0) {
      row.cells.push(null);
      continue;
    }
    for (const g of list) g.display = resultDisplay(g, g.flag, withUnit);
    let unitChange: string | null = null;
    for (const g of list) {
      if (g.value === null) continue;
      if (previous !== undefined && previous !== g.unit && unitChange === null)
        unitChange = `Unit changed from ${unitName(previous)} to ${unitName(g.unit)}`;
      previous = g.unit;
    }
    row.cells.push({
      results: list,
      text: list.map((g) => g.display).join("; "),
      title: list.length === 1 ? hoverText(list[0]) : list.map((g) => `${g.display}: ${hoverText(g)}`).join("\n"),
      note: list.length > 1 ? `${list.length} results at this visit` : null,
      unitChange,
    });
  }
}

function hoverText(g: GridResult): string {
  const range = g.range === null ? "no reference range" : `reference range ${g.range}`;
  return `collected ${g.collectedAt === null ? "(no time)" : displayDateTime(g.collectedAt)}, ${range}`;
}

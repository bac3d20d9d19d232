/**
 * A table's rows as the server hands them to the browser: one text, not an array of objects. React's payload
 * serializer visits every value of a component's props with a callback of its own, and the browser (and the server
 * rendering the page's HTML) reads them back the same way; a thousand rows of ten cells were twenty thousand such
 * visits per page. One text is one visit, written and read by the engine's own JSON (docs/benchmarks.md,
 * bench:views, 2026-11-26). Columnar: the properties once, then each row's values in their order.
 */
import type { DataCell, DataRow } from "./types";

/** Rows packed by packRows; a branded object, so that a plain string cannot be passed by mistake. */
export interface PackedRows<R extends DataRow = DataRow> {
  readonly packedRows: string;
  /** The rows' type, for the checker only. */
  readonly __rows?: R;
}

/** What a table component takes: rows, or rows packed on the server. */
export type TableRows = DataRow[] | PackedRows;

/** A number JSON cannot write (NaN, Infinity): kept as its text in an object, so that the round trip is exact. */
type Packed = DataCell | { n: string };

interface PackedForm {
  keys: string[];
  /** A row whose properties are exactly `keys`: its values; any other row as it is. */
  rows: (Packed[] | DataRow)[];
}

export function packRows<R extends DataRow>(rows: readonly R[]): PackedRows<R> {
  const keys = rows.length > 0 ? Object.keys(rows[0]) : [];
  const packed = rows.map((row) => valuesOf(row, keys) ?? row);
  return { packedRows: JSON.stringify({ keys, rows: packed } satisfies PackedForm) };
}

/** The row's values in the order of `keys`; null when its properties are others, or a number JSON cannot write. */
function valuesOf(row: DataRow, keys: string[]): Packed[] | null {
  const values: Packed[] = new Array(keys.length);
  let count = 0;
  for (const key in row) {
    if (keys[count] !== key) return null;
    const v = row[key];
    values[count++] = typeof v === "number" && !Number.isFinite(v) ? { n: String(v) } : v;
  }
  return count === keys.length ? values : null;
}

export function unpackRows<R extends DataRow>({ packedRows }: PackedRows<R>): R[] {
  const { keys, rows } = JSON.parse(packedRows) as PackedForm;
  return rows.map((r) => {
    if (!Array.isArray(r)) return r as R;
    const row: DataRow = {};
    for (let i = 0; i < keys.length; i++) {
      const v = r[i];
      row[keys[i]] = v !== null && typeof v === "object" ? Number(v.n) : v;
    }
    return row as R;
  });
}

/** The rows, unpacked when they came packed. */
export const plainRowsOf = (rows: TableRows): DataRow[] => (Array.isArray(rows) ? rows : unpackRows(rows));

/** A table's props with its rows packed, for a server component handing the table to the browser. */
export function packTable<T extends { rows: DataRow[] }>(table: T): Omit<T, "rows"> & { rows: PackedRows } {
  return { ...table, rows: packRows(table.rows) };
}

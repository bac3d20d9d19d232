/**
 * The rendering thread's side of ./row-codec.ts: each page's columns made into rows again, the same compact objects
 * the mapper makes.
 */
import { type Cell, type Column, type EncodedPage, FIRST_OWN, NULL, perShape, type Row, UNDEFINED } from "./row-codec";

type Build = (columns: Column[], table: string[], at: number) => Row;

/** The rendering thread's side: the table of interned strings so far, and the rows of each page. */
export class RowDecoder {
  /** The load's interned strings, each kept once; `intern` keeps them (a StringPool's, for the size estimate). */
  private readonly table: string[] = [];
  private readonly builders = new Map<string, Build>();

  constructor(private readonly intern: (s: string) => string = (s) => s) {}

  decode(page: EncodedPage): Row[] {
    for (const s of page.strings) this.table.push(this.intern(s));
    if (page.count === 0) return [];
    if (page.keys.length === 0) return (page.columns[0] as { values: Row[] }).values;
    const build = this.builder(page.keys);
    const rows = new Array<Row>(page.count);
    for (let i = 0; i < page.count; i++) rows[i] = build(page.columns, this.table, i);
    return rows;
  }

  /**
   * A function that makes one row as an object literal of the page's keys. Made with `new Function` from the
   * mapper's own property names (quoted by JSON.stringify, never from a record's data), once per row shape: a
   * literal gives the rows one hidden class with every property inside the object, as the mapper's literal does;
   * properties added one by one would put most of them in a second object per row, for the collector to trace.
   */
  private builder(keys: string[]): Build {
    return perShape(this.builders, keys, () => {
      const fields = keys.map((k, j) => `${JSON.stringify(k)}: cell(columns[${j}], table, at)`).join(", ");
      return new Function("cell", `return (columns, table, at) => ({ ${fields} });`)(cell) as Build;
    });
  }
}

function cell(column: Column, table: string[], at: number): Cell {
  if (column.kind === "string") {
    const ref = column.refs[at];
    if (ref >= 0) return table[ref];
    if (ref === NULL) return null;
    if (ref === UNDEFINED) return undefined;
    const k = FIRST_OWN - ref;
    return column.own.slice(k === 0 ? 0 : column.ends[k - 1], column.ends[k]);
  }
  if (column.kind === "number") {
    const absent = column.absent[at];
    return absent === 0 ? column.values[at] : absent === 1 ? null : undefined;
  }
  return column.values[at];
}

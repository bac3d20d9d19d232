/**
 * Rows as columns, to cross from the loading thread to the rendering thread (docs/architecture.md, Study loads).
 *
 * A structured clone of a million row objects would cost the rendering thread about what mapping them cost, and
 * would give every row its own copies of the strings the mapper interned (codes, units, visits: about 40 MB a
 * million rows). Here the loading thread sends each interned string once, in a table that grows with the load, and
 * each page of rows as columns: string columns as indexes into that table (a string it did not intern, such as a
 * record ID, goes in a list of its own), number columns as a typed array, anything else as it is. The rendering
 * thread rebuilds the rows with one object literal per row shape, so that they are the same compact objects the
 * mapper makes (one hidden class, every property in the object).
 */

type Cell = unknown;
type Row = Record<string, Cell>;

/** No value: the row's property is null, or undefined. */
const NULL = -1;
const UNDEFINED = -2;
/** A string column's index at or below this is a string of the column's own list: -(index) - 3. */
const FIRST_OWN = -3;

export type Column =
  | { kind: "string"; refs: Int32Array; own: string[] }
  | { kind: "number"; values: Float64Array; absent: Uint8Array }
  | { kind: "value"; values: Cell[] };

export interface EncodedPage {
  /** The page's place in the search (0 for the first page): rows keep the service's order. */
  index: number;
  count: number;
  /** The row's property names, in the mapper's order; empty for a page without rows. */
  keys: string[];
  /** Strings interned since the last page: the table's next entries. */
  strings: string[];
  columns: Column[];
}

/** The loading thread's side: an `intern` for the mapper, and the encoding of each mapped page. */
export class RowEncoder {
  private readonly table = new Map<string, number>();
  private fresh: string[] = [];

  /** The table's strings by place: `intern` gives back the first copy, whose hash V8 then keeps (./size.ts too). */
  private readonly kept: string[] = [];

  readonly intern = (s: string): string => {
    const at = this.table.get(s);
    if (at !== undefined) return this.kept[at];
    this.table.set(s, this.kept.length);
    this.kept.push(s);
    this.fresh.push(s);
    return s;
  };

  private readonly extractors = new Map<string, Extract>();

  /** A page of rows as columns, and the buffers to transfer rather than copy. */
  encode(index: number, mapped: readonly object[]): { page: EncodedPage; transfer: ArrayBuffer[] } {
    const rows = mapped as Row[];
    const keys = rows.length > 0 ? Object.keys(rows[0]) : [];
    const sameShape = rows.every((r) => sameKeys(r, keys));
    const columns = sameShape ? this.extractor(keys)(rows).map((values) => this.column(values)) : [];
    const page: EncodedPage = {
      index,
      count: rows.length,
      keys: sameShape ? keys : [],
      strings: this.fresh,
      // Rows of mixed shapes (no mapper makes them) go whole, as one column of rows.
      ...(sameShape ? { columns } : { columns: [{ kind: "value", values: rows }] }),
    };
    this.fresh = [];
    const transfer = columns.flatMap((c) =>
      c.kind === "string" ? [c.refs.buffer] : c.kind === "number" ? [c.values.buffer, c.absent.buffer] : [],
    );
    return { page, transfer: transfer as ArrayBuffer[] };
  }

  /**
   * A function that reads every row's values into one array per key, made once per row shape as the decoder's
   * builder is (RowDecoder.builder): each property read by its name is a fast, monomorphic load, where `row[key]`
   * with the key changing column to column was the encoder's largest cost (bench:portal, CPU profile).
   */
  private extractor(keys: string[]): Extract {
    return perShape(this.extractors, keys, () => {
      const made = keys.map((_, j) => `const c${j} = new Array(n);`).join(" ");
      const reads = keys.map((k, j) => `c${j}[i] = r[${JSON.stringify(k)}];`).join(" ");
      const all = keys.map((_, j) => `c${j}`).join(", ");
      const loop = `for (let i = 0; i < n; i++) { const r = rows[i]; ${reads} }`;
      return new Function("rows", `const n = rows.length; ${made} ${loop} return [${all}];`) as Extract;
    });
  }

  private column(values: Cell[]): Column {
    let strings = true;
    let numbers = true;
    for (let i = 0; i < values.length && (strings || numbers); i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      if (typeof v !== "string") strings = false;
      if (typeof v !== "number") numbers = false;
    }
    if (strings) return this.stringColumn(values as (string | null | undefined)[]);
    if (numbers) return numberColumn(values as (number | null | undefined)[]);
    return { kind: "value", values };
  }

  private stringColumn(values: (string | null | undefined)[]): Column {
    const refs = new Int32Array(values.length);
    const own: string[] = [];
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null) refs[i] = NULL;
      else if (v === undefined) refs[i] = UNDEFINED;
      else refs[i] = this.table.get(v) ?? FIRST_OWN - own.push(v) + 1;
    }
    return { kind: "string", refs, own };
  }
}

type Extract = (rows: Row[]) => Cell[][];

function numberColumn(values: (number | null | undefined)[]): Column {
  const numbers = new Float64Array(values.length);
  const absent = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v === "number") numbers[i] = v;
    else absent[i] = v === null ? 1 : 2;
  }
  return { kind: "number", values: numbers, absent };
}

/** A function made once per row shape (its property names in order) and kept in `made`. */
function perShape<F>(made: Map<string, F>, keys: string[], make: () => F): F {
  const shape = keys.join("\u0000");
  let f = made.get(shape);
  if (f === undefined) {
    f = make();
    made.set(shape, f);
  }
  return f;
}

function sameKeys(row: Row, keys: string[]): boolean {
  let n = 0;
  for (const k in row) if (k !== keys[n++]) return false;
  return n === keys.length;
}

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
    return column.own[FIRST_OWN - ref];
  }
  if (column.kind === "number") {
    const absent = column.absent[at];
    return absent === 0 ? column.values[at] : absent === 1 ? null : undefined;
  }
  return column.values[at];
}

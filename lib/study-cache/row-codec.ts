/**
 * Rows as columns, to cross from the loading thread to the rendering thread (docs/performance.md, Study loads).
 *
 * A structured clone of a million row objects would cost the rendering thread about what mapping them cost, and
 * would give every row its own copies of the strings the mapper interned (codes, units, visits: about 40 MB a
 * million rows). Here the loading thread sends each interned string once, in a table that grows with the load, and
 * each page of rows as columns: string columns as indexes into that table (the strings it did not intern, such as
 * record IDs, go as one text with their ends: one string to copy rather than a thousand), number columns as a typed
 * array, anything else as it is. The rendering thread rebuilds the rows (./row-decoder.ts) with one object literal
 * per row shape, so that they are the same compact objects the mapper makes (one hidden class, every property in the
 * object).
 */

export type Cell = unknown;
export type Row = Record<string, Cell>;

/** No value: the row's property is null, or undefined. */
export const NULL = -1;
export const UNDEFINED = -2;
/** A string column's index at or below this is a string of the column's own list: -(index) - 3. */
export const FIRST_OWN = -3;

export type Column =
  | { kind: "string"; refs: Int32Array; own: string; ends: Uint32Array }
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
      c.kind === "string"
        ? [c.refs.buffer, c.ends.buffer]
        : c.kind === "number"
          ? [c.values.buffer, c.absent.buffer]
          : [],
    );
    return { page, transfer: transfer as ArrayBuffer[] };
  }

  /**
   * A function that reads every row's values into one array per key, made once per row shape as the decoder's
   * builder is (RowDecoder.builder, ./row-decoder.ts): each property read by its name is a fast, monomorphic load,
   * where `row[key]` with the key changing column to column was the encoder's largest cost (bench:portal, CPU
   * profile).
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

  /**
   * A mapper interns a property's every value or none of them: a column whose first value is not in the table is a
   * column of the row's own strings (IDs), whose values are not looked up one by one. Were one of them in the table
   * all the same, it would only go as the row's own, with the same text.
   */
  private stringColumn(values: (string | null | undefined)[]): Column {
    const refs = new Int32Array(values.length);
    const own: string[] = [];
    const first = values.find((v) => typeof v === "string");
    const interned = first !== undefined && this.table.has(first);
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null) refs[i] = NULL;
      else if (v === undefined) refs[i] = UNDEFINED;
      else refs[i] = (interned ? this.table.get(v) : undefined) ?? FIRST_OWN - own.push(v) + 1;
    }
    const ends = new Uint32Array(own.length);
    let end = 0;
    for (let k = 0; k < own.length; k++) {
      end += own[k].length;
      ends[k] = end;
    }
    return { kind: "string", refs, own: own.join(""), ends };
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
export function perShape<F>(made: Map<string, F>, keys: string[], make: () => F): F {
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

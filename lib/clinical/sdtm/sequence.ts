/**
 * The order of a dataset and its --SEQ (docs/export-pack.md, Order and --SEQ): records by subject ID in code-point
 * order (records naming no subject last), then by the domain's own order; --SEQ counts 1, 2, 3... within each
 * subject in that order. The order depends on the records' content only, never on the order the partner sent
 * them in, so that the same data gives the same file.
 */
import type { SdtmDataset, SdtmRecord } from "./dataset";

/** Text in code-point order (not the locale's), null last. */
export function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Numbers ascending, null last. */
export function compareNumber(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/** The first comparison that tells two rows apart. */
export function byKeys<R>(...keys: ((a: R, b: R) => number)[]): (a: R, b: R) => number {
  return (a, b) => {
    for (const key of keys) {
      const c = key(a, b);
      if (c !== 0) return c;
    }
    return 0;
  };
}

export interface Sequenced {
  /** Indices into the rows, in the dataset's order. */
  order: Uint32Array;
  /** Parallel to `order`: the record's --SEQ within its subject. */
  seq: Uint32Array;
}

/** Rows ordered by subject, then by `compare`, and numbered within each subject from 1. */
export function sequenceBySubject<R>(
  rows: readonly R[],
  subjectOf: (r: R) => string | null,
  compare: (a: R, b: R) => number,
): Sequenced {
  const order = new Uint32Array(rows.length);
  for (let i = 0; i < rows.length; i++) order[i] = i;
  order.sort((i, j) => compareText(subjectOf(rows[i]), subjectOf(rows[j])) || compare(rows[i], rows[j]) || i - j);
  const seq = new Uint32Array(rows.length);
  for (let k = 0; k < order.length; k++) {
    const same = k > 0 && subjectOf(rows[order[k]]) === subjectOf(rows[order[k - 1]]);
    seq[k] = same ? seq[k - 1] + 1 : 1;
  }
  return { order, seq };
}

function* sequencedRecords<R>(rows: readonly R[], s: Sequenced, record: (row: R, seq: number) => SdtmRecord) {
  for (let k = 0; k < s.order.length; k++) yield record(rows[s.order[k]], s.seq[k]);
}

/** How a domain orders its rows within a subject, and makes a record of one. */
export interface DomainRows<R> {
  subjectOf: (row: R) => string | null;
  compare: (a: R, b: R) => number;
  record: (row: R, seq: number) => SdtmRecord;
}

/** A dataset of one record per row, in subject order, each record made when it is written. */
export function sequencedDataset<R>(
  meta: Pick<SdtmDataset, "name" | "label" | "variables" | "keys">,
  rows: readonly R[],
  domain: DomainRows<R>,
): SdtmDataset {
  const sequenced = sequenceBySubject(rows, domain.subjectOf, domain.compare);
  return { ...meta, count: rows.length, records: () => sequencedRecords(rows, sequenced, domain.record) };
}

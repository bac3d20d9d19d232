/**
 * A record's content as a reviewed mark holds it (docs/review.md, Reviewed marks): its content hash
 * (lib/study-cache/content-hashes.ts: the first 16 hex digits of the SHA-256 of the record's row as the portal keeps
 * it, the same whether it came from the partner or from a snapshot), so that a mark knows when its record changed;
 * and the records of a rows array by key, found once per array.
 */
import { complete, ROWS_PER_PAUSE, type Sliced } from "@/lib/clinical/common/sliced";
import { inSlices } from "@/lib/runtime/in-slices";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { type ChangedRecordType, recordKeyOf } from "@/lib/snapshots/changes";
import { contentHash, contentHashesOf, HASH_BYTES } from "@/lib/study-cache/content-hashes";

export { contentHash };

/** The records of one rows array of a record type, by the key the partner API gives each. */
export interface RecordIndex {
  readonly recordType: ChangedRecordType;
  /** The row of the record with this key; undefined: no record has it, or more than one has (`repeated`). */
  at(key: string): number | undefined;
  /** Keys the partner gave more than one record: such a record cannot be told from the other, nor marked. */
  readonly repeated: ReadonlySet<string>;
  /** The content hash of the row at `i`: the loading thread's, or else computed once. */
  hashAt(i: number): string;
  /** How many rows carry a key of their own (neither missing nor repeated): the records that can be marked. */
  readonly markable: number;
}

/** One map per process, as the rows' hashes (lib/study-cache/content-hashes.ts): pages and routes share an index. */
const kept = () => processSingleton("recordIndexes", () => new WeakMap<readonly object[], RecordIndex>());

/** The index of `rows` (a cached record type's rows), built on first use and kept as long as the array. */
export function recordIndex(recordType: ChangedRecordType, rows: readonly object[]): RecordIndex {
  return keptIndex(recordType, rows) ?? keep(rows, complete(buildIndex(recordType, rows)));
}

/** Indexes being built in slices, by rows array: requests that ask at once wait for one build. */
const building = () =>
  processSingleton("recordIndexBuilds", () => new WeakMap<readonly object[], Promise<RecordIndex>>());

/**
 * recordIndex() for a caller that can wait: an index not yet kept is built in slices (lib/runtime/in-slices.ts). Built
 * at once, a newly loaded million laboratory results held the server's thread 0.8 s, and every page in flight waited
 * (docs/performance.md, Derived values).
 */
export function recordIndexInSlices(recordType: ChangedRecordType, rows: readonly object[]): Promise<RecordIndex> {
  const found = keptIndex(recordType, rows);
  if (found) return Promise.resolve(found);
  const pending = building().get(rows);
  if (pending) return pending.then(() => keptIndex(recordType, rows) ?? recordIndex(recordType, rows));
  const built = inSlices(buildIndex(recordType, rows))
    // An index made meanwhile at once (recordIndex) stays the one: one index per array.
    .then((index) => keptIndex(recordType, rows) ?? keep(rows, index))
    .finally(() => building().delete(rows));
  building().set(rows, built);
  return built;
}

/** Whether `index` is that of `rows` themselves (not of rows they were filtered from). */
export const isIndexOf = (index: RecordIndex, rows: readonly object[]): boolean => kept().get(rows) === index;

function keptIndex(recordType: ChangedRecordType, rows: readonly object[]): RecordIndex | undefined {
  const found = kept().get(rows);
  return found && found.recordType === recordType ? found : undefined;
}

function keep(rows: readonly object[], index: RecordIndex): RecordIndex {
  kept().set(rows, index);
  return index;
}

function* buildIndex(recordType: ChangedRecordType, rows: readonly object[]): Sliced<RecordIndex> {
  const byKey = new Map<string, number>();
  const repeated = new Set<string>();
  // Rows without a key, or whose key another row has too: none of them is markable.
  let unmarkable = 0;
  for (let i = 0; i < rows.length; i++) {
    if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) yield;
    const key = recordKeyOf(recordType, rows[i] as Record<string, unknown>);
    if (key === null) unmarkable++;
    else if (!byKey.has(key)) byKey.set(key, i);
    else if (repeated.has(key)) unmarkable++;
    else {
      repeated.add(key);
      unmarkable += 2;
    }
  }
  for (const key of repeated) byKey.delete(key);
  return {
    recordType,
    at: (key) => byKey.get(key),
    repeated,
    markable: rows.length - unmarkable,
    hashAt: hashesOf(rows),
  };
}

/**
 * The content hash of each row: read from the hashes kept beside the rows (8 bytes a row: the loading thread's, a
 * snapshot's, another instance's), or else (rows read from a chunk stored without them) made at first use and kept.
 */
function hashesOf(rows: readonly object[]): (i: number) => string {
  const loaded = contentHashesOf(rows);
  if (loaded) {
    const bytes = Buffer.from(loaded.buffer, loaded.byteOffset, loaded.byteLength);
    return (i) => bytes.toString("hex", i * HASH_BYTES, (i + 1) * HASH_BYTES);
  }
  const hashes: (string | undefined)[] = [];
  return (i) => {
    let h = hashes[i];
    if (h === undefined) {
      h = contentHash(rows[i]);
      hashes[i] = h;
    }
    return h;
  };
}

/**
 * A record's content as a reviewed mark holds it (docs/review.md, Reviewed marks): its content hash
 * (lib/study-cache/content-hashes.ts: the first 16 hex digits of the SHA-256 of the record's row as the portal keeps
 * it, the same whether it came from the partner or from a snapshot), so that a mark knows when its record changed;
 * and the records of a rows array by key, found once per array.
 */
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
  const found = kept().get(rows);
  if (found && found.recordType === recordType) return found;
  const index = buildIndex(recordType, rows);
  kept().set(rows, index);
  return index;
}

function buildIndex(recordType: ChangedRecordType, rows: readonly object[]): RecordIndex {
  const byKey = new Map<string, number>();
  const repeated = new Set<string>();
  // Rows without a key, or whose key another row has too: none of them is markable.
  let unmarkable = 0;
  for (let i = 0; i < rows.length; i++) {
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

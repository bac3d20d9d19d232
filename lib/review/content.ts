/**
 * A record's content as a reviewed mark holds it (docs/review.md, Reviewed marks): the first 16 hex digits of the
 * SHA-256 of the record's row as the portal keeps it (the row mapper's compact row, the same whether it came from
 * the partner or from a snapshot), so that a mark knows when its record changed; and the records of a rows array by
 * key, found once per array.
 */
import { hash } from "node:crypto";
import { type ChangedRecordType, recordKeyOf } from "@/lib/snapshots/changes";

/**
 * 64 bits: enough to tell a changed record from its marked content; a mark is never a proof of identity. The one-shot
 * `hash` (no Hash object a row) makes marking a million rows a second faster than createHash, with the same digest.
 */
export const contentHash = (row: unknown): string => hash("sha256", JSON.stringify(row), "hex").slice(0, 16);

/** The records of one rows array of a record type, by the key the partner API gives each. */
export interface RecordIndex {
  readonly recordType: ChangedRecordType;
  /** The row of the record with this key; undefined: no record has it, or more than one has (`repeated`). */
  at(key: string): number | undefined;
  /** Keys the partner gave more than one record: such a record cannot be told from the other, nor marked. */
  readonly repeated: ReadonlySet<string>;
  /** The content hash of the row at `i`, computed once. */
  hashAt(i: number): string;
  /** How many rows carry a key of their own (neither missing nor repeated): the records that can be marked. */
  readonly markable: number;
}

const kept = new WeakMap<readonly object[], RecordIndex>();

/** The index of `rows` (a cached record type's rows), built on first use and kept as long as the array. */
export function recordIndex(recordType: ChangedRecordType, rows: readonly object[]): RecordIndex {
  const found = kept.get(rows);
  if (found && found.recordType === recordType) return found;
  const index = buildIndex(recordType, rows);
  kept.set(rows, index);
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
  const hashes: (string | undefined)[] = [];
  const markable = rows.length - unmarkable;
  return {
    recordType,
    at: (key) => byKey.get(key),
    repeated,
    markable,
    hashAt: (i) => {
      let h = hashes[i];
      if (h === undefined) {
        h = contentHash(rows[i]);
        hashes[i] = h;
      }
      return h;
    },
  };
}

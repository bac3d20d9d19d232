/**
 * What changed between two snapshots of a record type (docs/snapshots.md, Changes): the records added, changed and
 * removed, by record key, each changed one with the fields that differ. Chunks both snapshots name hold the same
 * records alike and are not read; only the others are decoded and compared, so a data cut that changed a few
 * subjects costs the reading of those subjects' chunks.
 */
import { isDeepStrictEqual } from "node:util";
import type { Store } from "@/lib/store/store";
import type { CachedRecordType } from "@/lib/study-cache/row-mappers";
import { chunkHashes, readChunks } from "./stored-chunks";

type Row = Record<string, unknown>;

/** The record key of each record type's rows, as the partner API names the record. */
const RECORD_KEYS: Record<Exclude<CachedRecordType, "Group">, (row: Row) => unknown> = {
  Patient: (r) => r.subjectId,
  AdverseEvent: (r) => r.key,
  DiagnosticReport: (r) => r.key,
  imaging: (r) => r.key,
  laboratory: (r) => r.id,
  "vital-signs": (r) => r.id,
  MedicationStatement: (r) => r.id,
};

/** The record types Changes lists: all but the study's Group, whose members are its Patients. */
export type ChangedRecordType = keyof typeof RECORD_KEYS;
export const CHANGED_RECORD_TYPES = Object.keys(RECORD_KEYS) as ChangedRecordType[];

/** A row's record key as the partner API names it; null where the partner gave it none. */
export function recordKeyOf(recordType: ChangedRecordType, row: Row): string | null {
  const raw = RECORD_KEYS[recordType](row);
  return typeof raw === "string" && raw !== "" ? raw : null;
}

export type ChangeKind = "added" | "changed" | "removed";

export interface RecordChange {
  key: string;
  subjectId: string | null;
  kind: ChangeKind;
  before: Row | null;
  after: Row | null;
  /** The properties whose values differ (changed records only). */
  fields: string[];
}

/** A record without a key of its own (a partner's flaw) is named by its place among its chunk's rows. */
function keyed(recordType: ChangedRecordType, rows: readonly Row[], seen: Map<string, number>): Map<string, Row> {
  const out = new Map<string, Row>();
  for (const row of rows) {
    const base = recordKeyOf(recordType, row) ?? "(no key)";
    // The same key twice in one snapshot: the second is its own record, named by its occurrence.
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.set(n === 0 ? base : `${base}#${n + 1}`, row);
  }
  return out;
}

function differing(before: Row, after: Row): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => !isDeepStrictEqual(before[n], after[n]));
}

const subjectOf = (row: Row | null) => (typeof row?.subjectId === "string" ? row.subjectId : null);

/** The records of `older` and `newer` (two snapshots of one record type) that differ, in the newer one's order. */
export async function changesBetween(
  store: Store,
  identity: string,
  recordType: ChangedRecordType,
  older: number,
  newer: number,
): Promise<RecordChange[]> {
  const [a, b] = [await chunkHashes(store, identity, older), await chunkHashes(store, identity, newer)];
  const inB = new Set(b);
  const shared = new Set(a.filter((h) => inB.has(h)));
  const keyedRows = async (hashes: string[]) =>
    keyed(recordType, (await readChunks(store, hashes, { withRowHashes: false })).rows as Row[], new Map());
  const before = await keyedRows(a.filter((h) => !shared.has(h)));
  const after = await keyedRows(b.filter((h) => !shared.has(h)));
  const changes: RecordChange[] = [];
  for (const [key, row] of after) {
    const old = before.get(key);
    if (!old) changes.push({ key, subjectId: subjectOf(row), kind: "added", before: null, after: row, fields: [] });
    else {
      const fields = differing(old, row);
      if (fields.length > 0)
        changes.push({ key, subjectId: subjectOf(row), kind: "changed", before: old, after: row, fields });
    }
  }
  for (const [key, row] of before)
    if (!after.has(key))
      changes.push({ key, subjectId: subjectOf(row), kind: "removed", before: row, after: null, fields: [] });
  return changes;
}

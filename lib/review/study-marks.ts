/**
 * Marking a study's records reviewed, and taking marks away (docs/review.md, Reviewed marks). Marks are written for
 * records the study serves now, with their content now; a request that names one record that cannot be marked
 * marks nothing. A past snapshot's review marks nothing.
 */
import type { ChangedRecordType } from "@/lib/snapshots/changes";
import { recordIndexInSlices } from "./content";
import type { MarkOutcome } from "./mark-outcome";
import { cachedMarks, markKept, unmarkKept } from "./marks-cache";
import type { MarkedRecord } from "./marks-write";
import { type ReviewSource, reviewList } from "./review-source";

/** Records of one record type, by key. */
export interface RecordsOfType {
  recordType: ChangedRecordType;
  keys: readonly string[];
}

export interface StudyMarks {
  /** Marks the records reviewed with their content now. Refused whole if any key is not a markable record. */
  mark(recordType: ChangedRecordType, keys: readonly string[]): Promise<MarkOutcome>;
  /** Marks the records of several record types reviewed; refused whole if any key is not a markable record. */
  markAll(groups: readonly RecordsOfType[]): Promise<MarkOutcome>;
  unmark(recordType: ChangedRecordType, keys: readonly string[]): Promise<MarkOutcome>;
}

export function studyMarks(source: ReviewSource): StudyMarks {
  const markAll = async (groups: readonly RecordsOfType[]): Promise<MarkOutcome> => {
    if (source.readOnly) return { status: "read-only" };
    // Every group is checked before any is written: a request that names one unknown record marks nothing.
    const checked = await Promise.all(groups.map((group) => toMark(source, group)));
    const unknown = checked.reduce((n, g) => n + g.unknown, 0);
    if (unknown > 0) return { status: "unknown-records", unknown };
    const at = source.now?.() ?? new Date();
    for (const g of checked)
      if (g.records.length > 0)
        await markKept(source.store, reviewList(source, g.recordType), g.records, at, g.snapshot);
    return { status: "done", count: groups.reduce((n, g) => n + g.keys.length, 0) };
  };
  return {
    mark: (recordType, keys) => markAll([{ recordType, keys }]),
    markAll,
    unmark: async (recordType, keys) => {
      if (source.readOnly) return { status: "read-only" };
      await unmarkKept(source.store, reviewList(source, recordType), keys, source.now?.() ?? new Date());
      return { status: "done", count: keys.length };
    },
  };
}

/** The records of a record type to write, each with its content now; or how many keys name none. */
async function toMark(source: ReviewSource, { recordType, keys }: RecordsOfType) {
  const { rows, loadedAt } = await source.rows(recordType);
  const index = await recordIndexInSlices(recordType, rows);
  // Each key looked up once (a million of them, for every row of a filter): its row, or unknown.
  const found = new Int32Array(keys.length);
  let unknown = 0;
  for (let i = 0; i < keys.length; i++) {
    const at = index.at(keys[i]);
    if (at === undefined) unknown++;
    else found[i] = at;
  }
  if (unknown > 0) return { recordType, unknown, records: [], snapshot: null };
  // A record already marked with its content now keeps its mark as it is (reviewed then, and unchanged since):
  // marking a filter's rows again writes only those that are new or changed.
  const held = (await cachedMarks(source.store, reviewList(source, recordType))).marks;
  const records: MarkedRecord[] = [];
  for (let i = 0; i < keys.length; i++) {
    const hash = index.hashAt(found[i]);
    if (held.get(keys[i])?.hash !== hash) records.push({ key: keys[i], hash });
  }
  return { recordType, unknown, records, snapshot: await source.snapshotOf(recordType, loadedAt) };
}

/** Marking for a study whose data cannot be asked for: every call fails with `err`. */
export const refusedMarks = (err: Error): StudyMarks => ({
  mark: () => Promise.reject(err),
  markAll: () => Promise.reject(err),
  unmark: () => Promise.reject(err),
});

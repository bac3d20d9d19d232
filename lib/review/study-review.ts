/**
 * A user's review of a study's records (docs/review.md, Reviewed marks): each record of a record type is not
 * reviewed, reviewed (marked, and its content the same as when marked) or changed since reviewed (marked, its
 * content changed since). Marks are written for records the study serves now, with their content now; a record the
 * partner gave no key, or gave its key to another record too, cannot be marked. The user's marks are read once per
 * version of their list and kept in memory (bounded, ./marks-cache.ts); every request asks the store the list's
 * version, so a mark made on another instance is seen at the next request.
 */
import type { ChangedRecordType, RecordChange } from "@/lib/snapshots/changes";
import { changeNotKept, changeWords } from "./change-words";
import { type RecordIndex, recordIndexInSlices } from "./content";
import type { MarkOutcome } from "./mark-outcome";
import { cachedMarks, markKept, unmarkKept } from "./marks-cache";
import { type Mark, type MarkChange, type Marks, type ReviewList, reviewersOf } from "./marks-store";
import type { MarkedRecord } from "./marks-write";
import type { ReviewSource } from "./review-source";
import { refusedComments, type StudyComments, studyComments } from "./study-comments";
import { refusedFindings, type StudyFindings, studyFindings } from "./study-findings";

export type { ReviewSource } from "./review-source";

export type ReviewStatus = "not-reviewed" | "changed" | "reviewed";

/** What the review column says, and what its filter offers. */
export const STATUS_WORDS: Record<ReviewStatus, string> = {
  "not-reviewed": "Not reviewed",
  changed: "Changed since reviewed",
  reviewed: "Reviewed",
};

/** One record type's rows as the user reviewed them. */
export interface RecordTypeReview {
  recordType: ChangedRecordType;
  /** The version of the user's marks it was read at: a table's kept orders of its rows depend on it. */
  version: number;
  /** The record's status; null: it cannot be marked (no key of its own, or not among the rows). */
  status(key: string | null): ReviewStatus | null;
  /** The record's mark, if any (changed or not). */
  markOf(key: string): Mark | undefined;
  index: RecordIndex;
  /** The user's list of marks as held in memory (one object per list): what counts over it are memoised by. */
  list: object;
  /** The records whose marks changed since an earlier version, each with its mark then (Marks.changedSince). */
  changedSince(version: number): readonly MarkChange[] | null;
  /** How many records the user's list holds a mark of, and their keys. */
  marked: { count: number; keys(): Iterable<string> };
}

/**
 * A user's review of a study: their marks, the organisation's comments (./study-comments.ts) and the review of the
 * data-check findings (./study-findings.ts).
 */
export interface StudyReview extends StudyComments, StudyFindings {
  of(recordType: ChangedRecordType): Promise<RecordTypeReview>;
  /** The index of the record type's rows that of() reads them by, without the marks: what can be marked. */
  index(recordType: ChangedRecordType): Promise<RecordIndex>;
  /** Marks the records reviewed with their content now. Refused whole if any key is not a markable record. */
  mark(recordType: ChangedRecordType, keys: readonly string[]): Promise<MarkOutcome>;
  /** Marks the records of several record types reviewed; refused whole if any key is not a markable record. */
  markAll(groups: readonly RecordsOfType[]): Promise<MarkOutcome>;
  unmark(recordType: ChangedRecordType, keys: readonly string[]): Promise<MarkOutcome>;
  /** A changed record in words: when it was reviewed, and what changed since (./change-words.ts). */
  changeWords(recordType: ChangedRecordType, key: string): Promise<string | null>;
  /** The same user's review of other rows of the study (a past snapshot's), read-only. */
  over(rows: ReviewSource["rows"]): StudyReview;
  /** Every reviewer's review of the record type (the user's own among them) through the same organisation. */
  reviewers(recordType: ChangedRecordType): Promise<ReviewerReview[]>;
  /** The user's latest mark of any of the record types, with its record type; null: none. */
  lastMark(recordTypes: readonly ChangedRecordType[]): Promise<{ recordType: ChangedRecordType; mark: Mark } | null>;
}

/** Records of one record type, by key. */
export interface RecordsOfType {
  recordType: ChangedRecordType;
  keys: readonly string[];
}

export interface ReviewerReview {
  userId: number;
  name: string;
  /** The user whose review this is. */
  you: boolean;
  review: RecordTypeReview;
}

export type { MarkOutcome } from "./mark-outcome";

export function studyReview(source: ReviewSource): StudyReview {
  const listOf = (recordType: ChangedRecordType): ReviewList => ({
    organisation: source.organisation,
    study: source.study,
    userId: source.userId,
    recordType,
  });
  const indexOf = async (recordType: ChangedRecordType) =>
    recordIndexInSlices(recordType, (await source.rows(recordType)).rows);
  const of = async (recordType: ChangedRecordType): Promise<RecordTypeReview> => {
    const index = await indexOf(recordType);
    // The marks last, with nothing to wait for after them: a list's copy is brought forward in place
    // (./marks-cache.ts), so marks read before the index's slices could be at a later version than they say.
    return recordTypeReview(recordType, index, await cachedMarks(source.store, listOf(recordType)));
  };
  /** The records of a record type to write, each with its content now; or how many keys name none. */
  const toMark = async ({ recordType, keys }: RecordsOfType) => {
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
    const held = (await cachedMarks(source.store, listOf(recordType))).marks;
    const records: MarkedRecord[] = [];
    for (let i = 0; i < keys.length; i++) {
      const hash = index.hashAt(found[i]);
      if (held.get(keys[i])?.hash !== hash) records.push({ key: keys[i], hash });
    }
    return { recordType, unknown, records, snapshot: await source.snapshotOf(recordType, loadedAt) };
  };
  const markAll = async (groups: readonly RecordsOfType[]): Promise<MarkOutcome> => {
    if (source.readOnly) return { status: "read-only" };
    // Every group is checked before any is written: a request that names one unknown record marks nothing.
    const checked = await Promise.all(groups.map(toMark));
    const unknown = checked.reduce((n, g) => n + g.unknown, 0);
    if (unknown > 0) return { status: "unknown-records", unknown };
    const at = source.now?.() ?? new Date();
    for (const g of checked)
      if (g.records.length > 0) await markKept(source.store, listOf(g.recordType), g.records, at, g.snapshot);
    return { status: "done", count: groups.reduce((n, g) => n + g.keys.length, 0) };
  };
  return {
    of,
    index: indexOf,
    mark: (recordType, keys) => markAll([{ recordType, keys }]),
    markAll,
    unmark: async (recordType, keys) => {
      if (source.readOnly) return { status: "read-only" };
      await unmarkKept(source.store, listOf(recordType), keys, source.now?.() ?? new Date());
      return { status: "done", count: keys.length };
    },
    changeWords: async (recordType, key) => {
      const mark = (await cachedMarks(source.store, listOf(recordType))).marks.get(key);
      if (!mark) return null;
      const change = await changeSinceMark(source, recordType, key, mark);
      return change ? changeWords(mark.at, change) : changeNotKept(mark.at);
    },
    over: (rows) => studyReview({ ...source, rows, readOnly: true }),
    reviewers: async (recordType) => {
      const [{ rows }, reviewers] = await Promise.all([
        source.rows(recordType),
        reviewersOf(source.store, source.organisation, source.study),
      ]);
      const index = await recordIndexInSlices(recordType, rows);
      const of = reviewers.filter((r) => r.recordTypes.includes(recordType));
      return Promise.all(
        of.map(async ({ userId, name }) => {
          const marks = await cachedMarks(source.store, { ...listOf(recordType), userId });
          return { userId, name, you: userId === source.userId, review: recordTypeReview(recordType, index, marks) };
        }),
      );
    },
    ...studyComments(source),
    lastMark: async (recordTypes) => {
      let last: { recordType: ChangedRecordType; mark: Mark } | null = null;
      for (const recordType of recordTypes) {
        const mark = latestOf(await cachedMarks(source.store, listOf(recordType)));
        if (mark && (!last || mark.at > last.mark.at)) last = { recordType, mark };
      }
      return last;
    },
    ...studyFindings(source),
  };
}

/** The latest mark of a list at one version, found once per version (a list may hold a million). */
const latest = new WeakMap<ReadonlyMap<string, Mark>, { version: number; mark: Mark | null }>();

function latestOf(marks: Marks): Mark | null {
  const held = latest.get(marks.marks);
  if (held && held.version === marks.version) return held.mark;
  let mark: Mark | null = null;
  // ISO 8601 UTC times of one form: their order is their text's.
  for (const m of marks.marks.values()) if (!mark || m.at > mark.at) mark = m;
  latest.set(marks.marks, { version: marks.version, mark });
  return mark;
}

/** The statuses of one rows array under one version of the user's marks. */
export function recordTypeReview(recordType: ChangedRecordType, index: RecordIndex, marks: Marks): RecordTypeReview {
  return {
    recordType,
    version: marks.version,
    index,
    list: marks.marks,
    changedSince: (version) => (version === marks.version ? [] : (marks.changedSince?.(version) ?? null)),
    marked: { count: marks.marks.size, keys: () => marks.marks.keys() },
    markOf: (key) => marks.marks.get(key),
    status: (key) => {
      if (key === null) return null;
      const at = index.at(key);
      if (at === undefined) return null;
      const mark = marks.marks.get(key);
      if (!mark) return "not-reviewed";
      return mark.hash === index.hashAt(at) ? "reviewed" : "changed";
    },
  };
}

/** The review of a study whose data cannot be asked for: every part fails with `err`. */
export const refusedReview = (err: Error): StudyReview => ({
  of: () => Promise.reject(err),
  index: () => Promise.reject(err),
  changeWords: () => Promise.reject(err),
  mark: () => Promise.reject(err),
  markAll: () => Promise.reject(err),
  unmark: () => Promise.reject(err),
  over: () => refusedReview(err),
  reviewers: () => Promise.reject(err),
  lastMark: () => Promise.reject(err),
  ...refusedComments(err),
  ...refusedFindings(err),
});

/** The record's change between the snapshot it was marked in and the one its rows are now; null: not known. */
async function changeSinceMark(
  source: ReviewSource,
  recordType: ChangedRecordType,
  key: string,
  mark: Mark,
): Promise<RecordChange | null> {
  if (mark.snapshot === null || !source.changes) return null;
  const { loadedAt } = await source.rows(recordType);
  const now = await source.snapshotOf(recordType, loadedAt);
  if (now === null || now === mark.snapshot) return null;
  // A snapshot deleted since (retention, a purge) or of another identity (new credentials): not known.
  const changes = await source.changes(recordType, mark.snapshot, now).catch(() => []);
  return changes.find((c) => c.key === key && c.kind === "changed") ?? null;
}

/**
 * Reviewed marks in the portal store (docs/review.md, Reviewed marks): one list per partner organisation, study,
 * user and record type, and in it each marked record's key, its content hash when marked, when, and the snapshot of
 * its record type then. Every write moves the list's version on and stamps the rows it writes with it; a mark taken
 * away stays as a row without a hash. So a copy read at an older version is known to be stale, and brought up to
 * date by reading the rows written since (./marks-cache.ts), not the whole list. Written by ./marks-write.ts.
 */
import { sql } from "kysely";
import type { Store } from "@/lib/store/store";

/** One user's marks of one record type of a study, read through one partner organisation. */
export interface ReviewList {
  /** lib/review/organisation.ts */
  organisation: string;
  study: string;
  userId: number;
  recordType: string;
}

export interface Mark {
  /** The record's content hash when marked (./content.ts). */
  hash: string;
  /** When it was marked (ISO 8601 UTC). */
  at: string;
  /** The snapshot of its record type the marked rows were; null: the rows were not kept as one. */
  snapshot: number | null;
}

export interface Marks {
  /** The list's version when read; 0: the list has never been written. */
  version: number;
  marks: ReadonlyMap<string, Mark>;
  /**
   * The records whose marks changed after `version` up to this one, each with its mark then (undefined: none), first
   * change of a record first; null: not known that far back (./marks-cache.ts keeps a bounded log).
   */
  changedSince?: (version: number) => readonly MarkChange[] | null;
}

/** A record whose mark changed, with its mark before the change (undefined: none). */
export interface MarkChange {
  key: string;
  before: Mark | undefined;
}

const listOf = (store: Store, list: ReviewList) =>
  store.db
    .selectFrom("review_lists")
    .where("organisation", "=", list.organisation)
    .where("study", "=", list.study)
    .where("user_id", "=", list.userId)
    .where("record_type", "=", list.recordType);

/** The list's version: 0 where it has never been written. One small read: what a request asks before using a copy. */
export async function marksVersion(store: Store, list: ReviewList): Promise<number> {
  const row = await listOf(store, list).select("version").executeTakeFirst();
  return row?.version ?? 0;
}

/** A user who has marked (or unmarked) records of a study through an organisation, with the record types. */
export interface Reviewer {
  userId: number;
  name: string;
  recordTypes: string[];
}

/**
 * The users with a list of marks of the study through the organisation, by name; a disabled user is left out (their
 * marks stay in the store, and count again if they are enabled again).
 */
export async function reviewersOf(store: Store, organisation: string, study: string): Promise<Reviewer[]> {
  const rows = await store.db
    .selectFrom("review_lists")
    .innerJoin("users", "users.id", "review_lists.user_id")
    .select(["users.id as userId", "users.name as name", "review_lists.record_type as recordType"])
    .where("review_lists.organisation", "=", organisation)
    .where("review_lists.study", "=", study)
    .where("users.disabled_at", "is", null)
    .orderBy("users.name")
    .orderBy("users.id")
    .execute();
  const out = new Map<number, Reviewer>();
  for (const r of rows) {
    const reviewer = out.get(r.userId) ?? { userId: r.userId, name: r.name, recordTypes: [] };
    reviewer.recordTypes.push(r.recordType);
    out.set(r.userId, reviewer);
  }
  return [...out.values()];
}

/** The list's marks by record key, and the version they were read at. */
export async function readMarks(store: Store, list: ReviewList): Promise<Marks> {
  const marks = new Map<string, Mark>();
  const version = await readSince(store, list, 0, (key, mark) => {
    if (mark) marks.set(key, mark);
  });
  return { version, marks };
}

/**
 * What the list's writes after `version` did, record by record (a mark, or null: taken away), told to `apply`; the
 * version read up to. The list's version is read first, and only rows written up to it are told: a write landing
 * meanwhile is read by the next call, never half of it by this one. From version 0 (the whole list) only the marks
 * are told: a mark taken away matters to a copy that held it.
 */
export async function readSince(
  store: Store,
  list: ReviewList,
  version: number,
  apply: (key: string, mark: Mark | null) => void,
): Promise<number> {
  const head = await listOf(store, list).select(["id", "version"]).executeTakeFirst();
  if (!head || head.version <= version) return head?.version ?? 0;
  // A whole list is read in its key order (the primary key's), not through the index by version, which serves the
  // few rows written since a copy was read: a million rows read in place of looked up one by one.
  const byVersion = version === 0 ? sql<number>`+version` : sql<number>`version`;
  // Read whole, a mark taken away is no mark: only a copy catching up needs to be told of it.
  const rows = await store.db
    .selectFrom("review_marks")
    .select(["record_key", "content_hash", "marked_at", "snapshot_id"])
    .where("list_id", "=", head.id)
    .where(byVersion, ">", version)
    .where(byVersion, "<=", head.version)
    .$if(version === 0, (q) => q.where("content_hash", "is not", null))
    .execute();
  // The marks of one write share one time: held once, not once a mark.
  let at = "";
  for (const r of rows) {
    if (r.marked_at !== at) at = r.marked_at;
    apply(r.record_key, r.content_hash === null ? null : { hash: r.content_hash, at, snapshot: r.snapshot_id });
  }
  return head.version;
}

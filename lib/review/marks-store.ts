/**
 * Reviewed marks in the portal store (docs/review.md, Reviewed marks): one list per partner organisation, study,
 * user and record type, and in it each marked record's key, its content hash when marked, when, and the snapshot of
 * its record type then. Every write moves the list's version on and stamps the rows it writes with it; a mark taken
 * away stays as a row without a hash. So a copy read at an older version is known to be stale, and brought up to
 * date by reading the rows written since (./marks-cache.ts), not the whole list. Many marks at once (every row of a
 * filter: up to a million) are put in a temporary table in statements of BATCH marks, each passing its keys and
 * hashes as one value (SQLite's json_each, PostgreSQL's unnest), not one bound parameter per value, then written from
 * there in key order (staged()): that is what the two dialects differ in here.
 */
import { type RawBuilder, sql } from "kysely";
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

export interface MarkedRecord {
  key: string;
  hash: string;
}

/** Marks written per statement. */
const BATCH = 20_000;

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
 * meanwhile is read by the next call, never half of it by this one.
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
  const rows = await store.db
    .selectFrom("review_marks")
    .select(["record_key", "content_hash", "marked_at", "snapshot_id"])
    .where("list_id", "=", head.id)
    .where(byVersion, ">", version)
    .where(byVersion, "<=", head.version)
    .execute();
  // The marks of one write share one time: held once, not once a mark.
  let at = "";
  for (const r of rows) {
    if (r.marked_at !== at) at = r.marked_at;
    apply(r.record_key, r.content_hash === null ? null : { hash: r.content_hash, at, snapshot: r.snapshot_id });
  }
  return head.version;
}

/**
 * Marks the records reviewed at `at` (each with its content hash now), replacing any earlier mark of them, in one
 * transaction: all or none. Returns the list's new version.
 */
export async function markRecords(
  store: Store,
  list: ReviewList,
  records: readonly MarkedRecord[],
  at: Date,
  snapshot: number | null,
): Promise<number> {
  return store.write(async (tx) => {
    const head = await moveOn(tx, list);
    const when = at.toISOString();
    await staged(tx, records, (from) =>
      tx.kind === "sqlite"
        ? sql`INSERT INTO review_marks (list_id, record_key, content_hash, marked_at, snapshot_id, version)
              SELECT ${head.id}, k, h, ${when}, ${snapshot}, ${head.version} FROM ${from} WHERE true ORDER BY k
              ON CONFLICT (list_id, record_key) DO UPDATE SET content_hash = excluded.content_hash,
                marked_at = excluded.marked_at, snapshot_id = excluded.snapshot_id, version = excluded.version`
        : // PostgreSQL refuses to update one row twice in a statement: a key named twice is written once.
          sql`INSERT INTO review_marks (list_id, record_key, content_hash, marked_at, snapshot_id, version)
              SELECT DISTINCT ON (k) ${head.id}::integer, k, h, ${when}, ${snapshot}::integer, ${head.version}::integer
              FROM ${from} ORDER BY k
              ON CONFLICT (list_id, record_key) DO UPDATE SET content_hash = excluded.content_hash,
                marked_at = excluded.marked_at, snapshot_id = excluded.snapshot_id, version = excluded.version`,
    );
    return head.version;
  });
}

/** Takes the marks of these records away (a record not marked is left as it is). Returns the list's version. */
export async function unmarkRecords(
  store: Store,
  list: ReviewList,
  keys: readonly string[],
  at: Date,
): Promise<number> {
  return store.write(async (tx) => {
    const head = await moveOn(tx, list);
    const when = at.toISOString();
    // Kept without its hash, stamped with this version: an instance catching up sees the mark go.
    await staged(
      tx,
      keys.map((key) => ({ key, hash: "" })),
      (from) =>
        sql`UPDATE review_marks SET content_hash = NULL, marked_at = ${when}, snapshot_id = NULL,
              version = ${tx.kind === "sqlite" ? head.version : sql`${head.version}::integer`}
            WHERE list_id = ${head.id} AND content_hash IS NOT NULL AND record_key IN (SELECT k FROM ${from})`,
    );
    return head.version;
  });
}

/**
 * Runs `write` over the records put first in a table of the transaction's own (`k`, `h`), in statements of BATCH.
 * Written from there in key order, a million marks go into the marks' index page after page: in the order they come
 * (a table's order, random to the index where keys are UUIDs), every one of them lands on another page, which made
 * such a write ten times slower.
 */
async function staged(
  tx: Store,
  records: readonly MarkedRecord[],
  write: (from: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<void> {
  const from = sql.raw(tx.kind === "sqlite" ? "temp.review_marks_in" : "review_marks_in");
  await (tx.kind === "sqlite"
    ? sql`CREATE TEMP TABLE IF NOT EXISTS review_marks_in (k TEXT NOT NULL, h TEXT NOT NULL)`
    : sql`CREATE TEMP TABLE IF NOT EXISTS review_marks_in (k text NOT NULL, h text NOT NULL) ON COMMIT DROP`
  ).execute(tx.db);
  try {
    for (let i = 0; i < records.length; i += BATCH) {
      const part = records.slice(i, i + BATCH);
      await (tx.kind === "sqlite"
        ? sql`INSERT INTO temp.review_marks_in (k, h) SELECT j.value ->> 0, j.value ->> 1
              FROM json_each(${JSON.stringify(part.map((r) => [r.key, r.hash]))}) AS j`
        : sql`INSERT INTO review_marks_in (k, h)
              SELECT * FROM unnest(${part.map((r) => r.key)}::text[], ${part.map((r) => r.hash)}::text[])`
      ).execute(tx.db);
    }
    await write(from).execute(tx.db);
  } finally {
    // SQLite's temporary tables last as long as the connection: emptied for the next write, whatever happened.
    if (tx.kind === "sqlite") await sql`DELETE FROM temp.review_marks_in`.execute(tx.db);
  }
}

/** The list, made where it is missing, at its next version. */
async function moveOn(tx: Store, list: ReviewList): Promise<{ id: number; version: number }> {
  await tx.db
    .insertInto("review_lists")
    .values({
      organisation: list.organisation,
      study: list.study,
      user_id: list.userId,
      record_type: list.recordType,
    })
    .onConflict((c) => c.columns(["organisation", "study", "user_id", "record_type"]).doNothing())
    .execute();
  return tx.db
    .updateTable("review_lists")
    .set((e) => ({ version: e("version", "+", 1) }))
    .where("organisation", "=", list.organisation)
    .where("study", "=", list.study)
    .where("user_id", "=", list.userId)
    .where("record_type", "=", list.recordType)
    .returning(["id", "version"])
    .executeTakeFirstOrThrow();
}

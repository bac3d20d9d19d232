/**
 * Users' marks kept in memory per list (docs/review.md, Reviewed marks): a request asks the store the list's version
 * (one small read); a copy of that version is used as it is, an older one is brought up to date with the rows
 * written since (a mark, or one taken away), and the whole list is read only when no copy is held. So a list of a
 * million marks is read once per instance, a mark made on another instance is seen at the next request, and a mark
 * costs the next request the reading of that one row. Marks this instance writes (./marks-write.ts through
 * markKept/unmarkKept) are put in its copy as written, not read back: marking a filter's million rows does not read
 * them again. Bounded by MAX_BYTES (least recently used go first; a copy is counted anew as it grows) and by TTL_MS.
 */
import { objectNumbers } from "@/lib/runtime/held-values";
import { processSingleton } from "@/lib/runtime/process-singleton";
import type { Store } from "@/lib/store/store";
import { TtlLruCache } from "@/lib/study-cache/ttl-lru";
import {
  type Mark,
  type MarkChange,
  type Marks,
  marksVersion,
  type ReviewList,
  readMarks,
  readSince,
} from "./marks-store";
import { type MarkedRecord, markRecords, unmarkRecords } from "./marks-write";

/** Room for about two million marks. */
const MAX_BYTES = 256 * 2 ** 20;
const TTL_MS = 30 * 60_000;
/** A mark's key, hash, time and map entry, roughly. */
const BYTES_PER_MARK = 128;

/**
 * A list's copy: its marks at `version`, brought forward in place (one catch-up at a time), with the log of the
 * changes it was brought forward by since version `logFrom` (at most MAX_LOG), so that what is counted over the marks
 * (the overview's counts over a million results) moves forward by the records a mark changed, not by a pass over all.
 */
interface Held {
  version: number;
  marks: Map<string, Mark>;
  catchingUp?: Promise<void>;
  log: (MarkChange & { version: number })[];
  logFrom: number;
}

/** Changes a copy's log keeps: a mark of a filter's rows beyond it makes the counts over its list start again. */
const MAX_LOG = 20_000;

const heldBytes = (held: Held) => 64 + held.marks.size * BYTES_PER_MARK;

const marksCache = () =>
  processSingleton("reviewMarks", () => new TtlLruCache<Held>({ ttlMs: TTL_MS, maxBytes: MAX_BYTES }));

/** Each store a number of its own: a process has one, but tests open many, whose lists may share IDs. */
export const storeId: (store: Store) => number = objectNumbers();

// NUL cannot occur in a validated study number, a hash or a record type.
const keyOf = (store: Store, l: ReviewList) =>
  [storeId(store), l.organisation, l.study, l.userId, l.recordType].join("\u0000");

/**
 * The marks of every list never written: one map for all, so that what is worked out over a user's marks (the
 * overview's counts) is worked out once for all users without marks, not again at every request.
 */
const NO_MARKS: ReadonlyMap<string, Mark> = new Map();

/** The list's marks at its current version in the store (or later: a write that landed meanwhile). */
export async function cachedMarks(store: Store, list: ReviewList): Promise<Marks> {
  const version = await marksVersion(store, list);
  if (version === 0) return { version: 0, marks: NO_MARKS };
  const hit = await marksCache().get(keyOf(store, list), async () => {
    const read = await readMarks(store, list);
    const held: Held = { version: read.version, marks: new Map(read.marks), log: [], logFrom: read.version };
    return { value: held, bytes: heldBytes(held) };
  });
  const held = hit.value;
  while (held.version < version) {
    const before = held.version;
    held.catchingUp ??= catchUp(store, list, held).finally(() => {
      held.catchingUp = undefined;
    });
    await held.catchingUp;
    // No further: the list is gone from the store (its user removed).
    if (held.version === before) break;
  }
  const at = held.version;
  return { version: at, marks: held.marks, changedSince: (since) => changesOf(held, since, at) };
}

/** The log's changes after `since` up to `upTo`; null where the log no longer reaches back to `since`. */
function changesOf(held: Held, since: number, upTo: number): readonly MarkChange[] | null {
  if (since < held.logFrom) return null;
  return held.log.filter((c) => c.version > since && c.version <= upTo);
}

async function catchUp(store: Store, list: ReviewList, held: Held): Promise<void> {
  const change = forward(held);
  const version = await readSince(store, list, held.version, change.apply);
  change.done(version);
  marksCache().resize(keyOf(store, list), held, heldBytes(held));
}

/**
 * Brings the copy forward by one catch-up's or one write's changes (`apply` each record's new mark, or null: taken
 * away), logging each record's mark before; `done` with the version they bring it to. A change beyond MAX_LOG makes
 * the log start again at that version: earlier versions' changes are then not known (changedSince says null).
 */
function forward(held: Held) {
  const changes: MarkChange[] = [];
  let overflow = false;
  return {
    apply: (key: string, mark: Mark | null) => {
      const before = held.marks.get(key);
      if (!mark && !before) return;
      if (changes.length < MAX_LOG) changes.push({ key, before });
      else overflow = true;
      if (mark) held.marks.set(key, mark);
      else held.marks.delete(key);
    },
    done: (version: number) => {
      held.version = version;
      if (overflow) {
        held.log = [];
        held.logFrom = version;
        return;
      }
      for (const c of changes) held.log.push({ ...c, version });
      const over = held.log.length - MAX_LOG;
      if (over <= 0) return;
      // Changes of the version dropped last that stay in the log are after `logFrom`'s: none is needed from it on.
      held.logFrom = held.log[over - 1].version;
      held.log.splice(0, over);
    },
  };
}

/**
 * This instance's write of version `version`, put in its copy where the copy is at the version just before (and
 * not catching up): then the copy plus the write is the list at `version`. Any other copy catches up from the store.
 */
function kept(
  store: Store,
  list: ReviewList,
  version: number,
  write: (apply: (key: string, mark: Mark | null) => void) => void,
) {
  const key = keyOf(store, list);
  const held = marksCache().peek((k) => k === key)[0]?.value;
  if (!held || held.catchingUp || held.version !== version - 1) return;
  const change = forward(held);
  write(change.apply);
  change.done(version);
  marksCache().resize(key, held, heldBytes(held));
}

/** markRecords, its marks put in this instance's copy as written. */
export async function markKept(
  store: Store,
  list: ReviewList,
  records: readonly MarkedRecord[],
  at: Date,
  snapshot: number | null,
): Promise<number> {
  const version = await markRecords(store, list, records, at, snapshot);
  const when = at.toISOString();
  kept(store, list, version, (apply) => {
    for (const r of records) apply(r.key, { hash: r.hash, at: when, snapshot });
  });
  return version;
}

/** unmarkRecords, the marks taken out of this instance's copy too. */
export async function unmarkKept(store: Store, list: ReviewList, keys: readonly string[], at: Date): Promise<number> {
  const version = await unmarkRecords(store, list, keys, at);
  kept(store, list, version, (apply) => {
    for (const key of keys) apply(key, null);
  });
  return version;
}

/**
 * Users' marks kept in memory per list and version (docs/review.md, Reviewed marks): a request asks the store the
 * list's version (one small read) and reads the marks only when no copy of that version is held, so a list of a
 * million marks is read once per change, on each instance, and a mark made on another instance is seen at the next
 * request. Bounded by MAX_BYTES (least recently used go first) and by the study cache's time to live.
 */
import { processSingleton } from "@/lib/runtime/process-singleton";
import type { Store } from "@/lib/store/store";
import { TtlLruCache } from "@/lib/study-cache/ttl-lru";
import { type Marks, marksVersion, type ReviewList, readMarks } from "./marks-store";

/** Room for about two million marks. */
const MAX_BYTES = 256 * 2 ** 20;
const TTL_MS = 30 * 60_000;
/** A mark's key, hash, time and map entry, roughly. */
const BYTES_PER_MARK = 128;

const marksCache = () =>
  processSingleton("reviewMarks", () => new TtlLruCache<Marks>({ ttlMs: TTL_MS, maxBytes: MAX_BYTES }));

/** Each store a number of its own: a process has one, but tests open many, whose lists may share IDs. */
const storeIds = new WeakMap<Store, number>();
let storesSeen = 0;
const storeId = (store: Store) => {
  let id = storeIds.get(store);
  if (id === undefined) {
    id = ++storesSeen;
    storeIds.set(store, id);
  }
  return id;
};

// NUL cannot occur in a validated study number, a hash or a record type.
const keyOf = (store: Store, l: ReviewList, version: number) =>
  [storeId(store), l.organisation, l.study, l.userId, l.recordType, version].join("\u0000");

/** The list's marks at its current version in the store. */
export async function cachedMarks(store: Store, list: ReviewList): Promise<Marks> {
  const version = await marksVersion(store, list);
  if (version === 0) return { version: 0, marks: new Map() };
  const hit = await marksCache().get(keyOf(store, list, version), async () => {
    const value = await readMarks(store, list);
    return { value, bytes: 64 + value.marks.size * BYTES_PER_MARK };
  });
  return hit.value;
}

/**
 * When each data-check finding was first found (docs/review.md, Data-check findings), kept per organisation and
 * study (./findings-store.ts). The findings of the latest data are recorded once per newer data; before them, those
 * of every kept study snapshot between the newest data recorded (at the first check: the oldest kept) and now,
 * oldest first, so that a finding that appeared in a data cut nobody opened is said to be first found in that cut,
 * not later. A past snapshot's page reads what is kept and records nothing.
 */
import { processSingleton } from "@/lib/runtime/process-singleton";
import type { Store } from "@/lib/store/store";
import { TtlLruCache } from "@/lib/study-cache/ttl-lru";
import { checkedAt, type FindingsPlace, type FirstFound, firstFound, recordCheck } from "./findings-store";
import { storeId } from "./marks-cache";

/** The findings of the latest data, and how to find those of earlier data. */
export interface FindingsNow {
  /** The time of the latest data the checks read (ms): their newest load. */
  at: number;
  keys: readonly string[];
  /** The kept study snapshots, each with the time of the data the checks read in it and how to check them. */
  earlier: readonly EarlierData[];
}

export interface EarlierData {
  at: number;
  /** The findings' keys in those data; null: they cannot be read (no longer kept, a record type not loaded). */
  keys(): Promise<readonly string[] | null>;
}

/** The data-check findings new since a user's last review, per rule: what the study overview lists. */
export interface NewFindings {
  /** The user's latest mark in the study (ISO 8601); null: none. */
  lastReview: string | null;
  /** The study's findings (as its filter narrows it), and how many of them are new. */
  total: number;
  new: number;
  /** The rules with new findings, in the rules' order; `path`: them on the Data checks page, below the study. */
  rules: { title: string; count: number; path: string }[];
  /** Every new finding on the Data checks page, below the study; `allPath`: every finding. */
  path: string;
  allPath: string;
}

/** A walk under way per organisation, study and data: two requests of one instance check once. */
const walking = new Map<string, Promise<void>>();

/** When each finding of the latest data was first found, by key, the latest data recorded first (`record`). */
export async function findingHistory(
  store: Store,
  place: FindingsPlace,
  now: FindingsNow,
  record: boolean,
): Promise<ReadonlyMap<string, FirstFound>> {
  if (record) {
    const id = [place.organisation, place.study, now.at].join(":");
    let walk = walking.get(id);
    if (!walk) {
      walk = recordSince(store, place, now).finally(() => walking.delete(id));
      walking.set(id, walk);
    }
    await walk;
  }
  return keptFirstFound(store, place);
}

/** About what a finding's key, time and map entry take. */
const BYTES_PER_FINDING = 120;

const firstFoundCache = () =>
  processSingleton(
    "firstFound",
    () => new TtlLruCache<ReadonlyMap<string, FirstFound>>({ ttlMs: 30 * 60_000, maxBytes: 64 * 2 ** 20 }),
  );

/**
 * What is kept of when each finding was first found, read from the store once per check recorded (a page of the
 * overview or the data checks reads it at every request; the newest check's time is one small read): a check
 * recorded on another instance is a new time, so it is read anew.
 */
async function keptFirstFound(store: Store, place: FindingsPlace): Promise<ReadonlyMap<string, FirstFound>> {
  const through = await checkedAt(store, place);
  if (through === null) return new Map();
  // NUL occurs in no organisation or study.
  const key = [storeId(store), place.organisation, place.study, through].join("\u0000");
  const hit = await firstFoundCache().get(key, async () => {
    const found = await firstFound(store, place);
    return { value: found, bytes: 64 + found.size * BYTES_PER_FINDING };
  });
  return hit.value;
}

async function recordSince(store: Store, place: FindingsPlace, now: FindingsNow): Promise<void> {
  const through = await checkedAt(store, place);
  if (through !== null && through >= now.at) return;
  // The first check walks every kept snapshot: only the oldest one's findings are "there or earlier".
  const after = through ?? Number.NEGATIVE_INFINITY;
  const between = [...now.earlier].filter((e) => e.at > after && e.at < now.at).sort((a, b) => a.at - b.at);
  let last = after;
  for (const data of between) {
    if (data.at === last) continue;
    const keys = await data.keys();
    if (keys === null) continue;
    await recordCheck(store, place, { at: data.at, keys });
    last = data.at;
  }
  await recordCheck(store, place, { at: now.at, keys: now.keys });
}

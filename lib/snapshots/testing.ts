/** Test support: a study cache that keeps snapshots in a test store, over the in-process partner service. */
import { afterEach, beforeEach } from "vitest";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import type { Store } from "@/lib/store/store";
import { testStore } from "@/lib/store/testing";
import { CACHED_RECORD_TYPES } from "@/lib/study-cache/row-mappers";
import { StudyCache } from "@/lib/study-cache/study-cache";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { advance } from "@/partner-service/data/cuts/data-cuts";
import { createTestService, type TestService } from "@/partner-service/testing";
import { SnapshotStore } from "./snapshot-store";

const fast: RetryPolicy = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 5_000, maxRetryAfterMs: 1_000 };

/** A new cache over `store` and the service (as after a restart), on the service's clock, logging every URL. */
export function snapshotCache(t: TestService, store: Store, pageSize = 50) {
  const urls: string[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return t.fetch(input, init);
  }) as typeof globalThis.fetch;
  const now = () => t.clock.now;
  const snapshots = new SnapshotStore(async () => store, { kept: 20, keptDays: 365 });
  const cache = new StudyCache({
    ttlMs: 3_600_000,
    maxBytes: 64 * 1024 * 1024,
    now,
    snapshots,
    client: { fetch, retry: fast, pageSize, concurrency: 1, now },
  });
  return { cache, urls, snapshots };
}

/**
 * A snapshotCache with a study's data cuts taken through it: takeCut() loads every record type (as `creds`, or
 * another identity) and waits until they are kept; nextCut() moves the service to its next cut, and a minute later
 * refreshes the study and takes the cut; it returns the cut's number (the data-cut record's).
 */
export function cutKit(t: TestService, store: Store, creds: PartnerCredentials, study: string, pageSize = 200) {
  const kit = snapshotCache(t, store, pageSize);
  const takeCut = async (as: PartnerCredentials = creds) => {
    for (const type of CACHED_RECORD_TYPES) await kit.cache.rows(as, study, type);
    await kit.cache.snapshotsKept();
  };
  const nextCut = async () => {
    const cut = advance(t.db);
    t.clock.now += 60_000;
    await kit.cache.refresh(creds, study);
    t.clock.now += 1;
    await takeCut();
    return cut;
  };
  return { ...kit, takeCut, nextCut };
}

export interface CutTest {
  t: TestService;
  store: Store;
  kit: ReturnType<typeof cutKit>;
}

/**
 * For each test of the file: a fresh service (16 subjects, 6 visits), SQLite store and cutKit for the identity's
 * study, closed after it; the returned object holds the current test's.
 */
export function cutKitEach(creds: PartnerCredentials, study: string): CutTest {
  const cut = {} as CutTest;
  beforeEach(async () => {
    cut.t = await createTestService({ data: { subjects: 16, visits: 6 } });
    cut.store = await testStore("sqlite");
    cut.kit = cutKit(cut.t, cut.store, creds, study);
  });
  afterEach(async () => {
    // Snapshots a test's loads are still keeping are written before their store closes.
    await cut.kit.cache.snapshotsKept();
    cut.t.db.close();
    await cut.store.close();
  });
  return cut;
}

/**
 * The process's one study cache, configured from lib/config/env: one per process
 * (lib/runtime/process-singleton.ts), so that the progress route watches the very
 * load a page started.
 */
import { env } from "@/lib/config/env";
import { sharedWindowLimit } from "@/lib/coordination/shared-limits";
import { sharedLoads } from "@/lib/coordination/shared-loads";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { SnapshotStore } from "@/lib/snapshots/snapshot-store";
import { portalStore } from "@/lib/store/portal-store";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import { SIGN_IN_BUDGET } from "@/lib/study-cache/sign-ins";
import { StudyCache } from "@/lib/study-cache/study-cache";
import { TtlLruCache } from "@/lib/study-cache/ttl-lru";

export function studyCache(): StudyCache {
  return processSingleton("studyCache", () => {
    const e = env();
    return new StudyCache({
      ttlMs: e.STUDY_CACHE_TTL_SECONDS * 1000,
      maxBytes: e.STUDY_CACHE_MAX_MB * 1024 * 1024,
      accessRecheckMs: e.STUDY_ACCESS_RECHECK_SECONDS * 1000,
      // Parsing and mapping a large study off the thread that renders pages (docs/performance.md, Study loads).
      loadThread: true,
      // One load at a time across instances when they share Redis (docs/coordination.md, Study loads).
      shared: sharedLoads(),
      // Each user's token requests for unproven credentials, counted across instances (docs/coordination.md).
      signInBudget: sharedWindowLimit(SIGN_IN_BUDGET),
      // Every load kept in the portal store, and served again after a restart (docs/snapshots.md).
      snapshots: snapshotStore(),
      // A study's record types loaded as one data cut, so that its pages have one "Data as of" (docs/snapshots.md).
      together: true,
    });
  });
}

/** The process's snapshots in the portal store: the cache keeps and reads them, Changes compares them. */
export function snapshotStore(): SnapshotStore {
  return processSingleton("snapshotStore", () => {
    const e = env();
    return new SnapshotStore(portalStore, { kept: e.SNAPSHOTS_KEPT, keptDays: e.SNAPSHOTS_KEPT_DAYS });
  });
}

/**
 * Past snapshots' rows reopened (lib/study/study-history.ts), apart from the study cache so that reading last week
 * never evicts today's data: a quarter of the cache's bound, kept as long as its entries.
 */
export function pastRows(): TtlLruCache<CachedRows<unknown>> {
  return processSingleton("pastRows", () => {
    const e = env();
    return new TtlLruCache({ ttlMs: e.STUDY_CACHE_TTL_SECONDS * 1000, maxBytes: (e.STUDY_CACHE_MAX_MB * 2 ** 20) / 4 });
  });
}

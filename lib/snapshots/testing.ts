/** Test support: a study cache that keeps snapshots in a test store, over the in-process partner service. */
import type { RetryPolicy } from "@/lib/partner-client/retry";
import type { Store } from "@/lib/store/store";
import { StudyCache } from "@/lib/study-cache/study-cache";
import type { TestService } from "@/partner-service/testing";
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

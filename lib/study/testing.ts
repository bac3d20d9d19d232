/**
 * For the section loaders' tests: a study cache on the in-process partner
 * service (partner-service/testing.ts) whose fetch records every URL
 * asked for, so that a test can check what was loaded, and how often.
 */
import type { RetryPolicy } from "@/lib/partner-client/retry";
import { StudyCache } from "@/lib/study-cache/study-cache";
import type { SnapshotKeeper } from "@/lib/study-cache/study-cache-types";

const fast: RetryPolicy = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 5_000, maxRetryAfterMs: 1_000 };

export function cacheWithLog(
  fetchImpl: typeof fetch,
  pageSize?: number,
  snapshots?: SnapshotKeeper,
): { cache: StudyCache; urls: string[] } {
  const urls: string[] = [];
  const logged = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return fetchImpl(input, init);
  }) as typeof fetch;
  return {
    cache: new StudyCache({
      ttlMs: 60_000,
      maxBytes: 64 * 1024 * 1024,
      client: { fetch: logged, retry: fast, ...(pageSize ? { pageSize } : {}) },
      snapshots,
    }),
    urls,
  };
}

/**
 * A token bucket per client: `perMinute` requests refill evenly over a
 * minute and a client may burst up to a tenth of a minute's allowance.
 * In memory, per process: it protects this process, which is what it is for.
 */
import { ServiceError } from "./http";

interface Bucket {
  tokens: number;
  updated: number;
}

export interface RateLimiter {
  /** Throws a 429 ServiceError with Retry-After when the key is over its limit. */
  take(key: string, now: number): void;
}

export function createRateLimiter(perMinute: number): RateLimiter {
  if (perMinute <= 0) return { take() {} };
  const capacity = Math.max(1, Math.ceil(perMinute / 10));
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, Bucket>();
  return {
    take(key, now) {
      const b = buckets.get(key) ?? { tokens: capacity, updated: now };
      b.tokens = Math.min(capacity, b.tokens + (now - b.updated) * perMs);
      b.updated = now;
      buckets.set(key, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return;
      }
      const retryAfter = Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
      throw new ServiceError(
        429,
        "throttled",
        `Too many requests for this client. Retry after ${retryAfter} seconds.`,
        {
          "retry-after": String(retryAfter),
        },
      );
    },
  };
}

/**
 * Token buckets by key: `perMinute` requests refill evenly over a minute, and
 * a key may burst up to `burst` of them (by default a tenth of a minute's
 * allowance). In memory, per process: it protects this process, which is what
 * it is for.
 *
 * The buckets are bounded (docs/partner-service.md, Rate limit): a bucket idle
 * long enough to have refilled from empty is the same as no bucket and is
 * dropped, and beyond `maxKeys` the least recently used bucket is dropped (its
 * key starts again with a full bucket), so keys a client makes up cannot grow
 * the process's memory.
 */
import { ServiceError } from "./http";

interface Bucket {
  tokens: number;
  updated: number;
}

export interface RateLimiter {
  /** Takes one request from the key's bucket; throws a 429 ServiceError with Retry-After when it is empty. */
  take(key: string, now: number): void;
  /** Gives back one request taken from the key's bucket (a reservation that was not used). */
  refund(key: string, now: number): void;
  /** Buckets held now (for tests). */
  readonly size: number;
}

export interface RateLimitOptions {
  /** Most requests at once; by default a tenth of a minute's allowance, at least 1. */
  burst?: number;
  /** Most buckets held; the least recently used beyond it is dropped. */
  maxKeys?: number;
  /** The 429's diagnostics before "Retry after <n> seconds." */
  refusal?: string;
}

export const DEFAULT_MAX_KEYS = 10_000;

export function createRateLimiter(perMinute: number, opts: RateLimitOptions = {}): RateLimiter {
  if (perMinute <= 0) return { take() {}, refund() {}, size: 0 };
  const capacity = Math.max(1, opts.burst ?? Math.ceil(perMinute / 10));
  const maxKeys = opts.maxKeys ?? DEFAULT_MAX_KEYS;
  const refusal = opts.refusal ?? "Too many requests for this client.";
  const perMs = perMinute / 60_000;
  /** Time in which an empty bucket fills up: a bucket idle this long is full. */
  const refillMs = capacity / perMs;
  // Kept in order of last use (a used bucket is moved to the end), so the idle ones are at the front.
  const buckets = new Map<string, Bucket>();

  function dropIdle(now: number): void {
    for (const [key, b] of buckets) {
      if (now - b.updated < refillMs) break;
      buckets.delete(key);
    }
  }

  /** The key's bucket, refilled to `now` and moved to the end of the order. */
  function bucket(key: string, now: number): Bucket {
    dropIdle(now);
    const b = buckets.get(key) ?? { tokens: capacity, updated: now };
    b.tokens = Math.min(capacity, b.tokens + Math.max(0, now - b.updated) * perMs);
    b.updated = now;
    buckets.delete(key);
    if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value as string);
    buckets.set(key, b);
    return b;
  }

  return {
    take(key, now) {
      const b = bucket(key, now);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return;
      }
      const retryAfter = Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
      throw new ServiceError(429, "throttled", `${refusal} Retry after ${retryAfter} seconds.`, {
        "retry-after": String(retryAfter),
      });
    },
    refund(key, now) {
      const b = bucket(key, now);
      b.tokens = Math.min(capacity, b.tokens + 1);
    },
    get size() {
      return buckets.size;
    },
  };
}

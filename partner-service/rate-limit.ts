/**
 * Token buckets by key: `perMinute` units refill evenly over a minute, and
 * a key may burst up to `burst` of them (by default a tenth of a minute's
 * allowance). A unit is a request, or for a budget of work whose size is known
 * only once it is done (rows served), whatever `spend` is told. In memory, per
 * process: it protects this process, which is what it is for.
 *
 * The buckets are bounded (docs/partner-service.md, Rate limit): a bucket idle
 * long enough to have refilled from empty (or from what it overdrew) is the
 * same as no bucket and is dropped, and beyond `maxKeys` the least recently
 * used bucket is dropped (its key starts again with a full bucket), so keys a
 * client makes up cannot grow the process's memory.
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
  /** Throws the 429 of `take` unless the key's bucket holds at least one unit; takes nothing. */
  admit(key: string, now: number): void;
  /**
   * Takes `amount` units from the key's bucket, below empty if need be: work already done is always counted, and
   * what it overdrew delays the key's next `admit`.
   */
  spend(key: string, now: number, amount: number): void;
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
  return perMinute <= 0
    ? { take() {}, refund() {}, admit() {}, spend() {}, size: 0 }
    : new TokenBuckets(perMinute, opts);
}

class TokenBuckets implements RateLimiter {
  private readonly capacity: number;
  private readonly maxKeys: number;
  private readonly refusal: string;
  private readonly perMs: number;
  // Kept in order of last use (a used bucket is moved to the end), so the idle ones are at the front.
  private readonly buckets = new Map<string, Bucket>();

  constructor(perMinute: number, opts: RateLimitOptions) {
    this.capacity = Math.max(1, opts.burst ?? Math.ceil(perMinute / 10));
    this.maxKeys = opts.maxKeys ?? DEFAULT_MAX_KEYS;
    this.refusal = opts.refusal ?? "Too many requests for this client.";
    this.perMs = perMinute / 60_000;
  }

  take(key: string, now: number): void {
    this.admit(key, now);
    this.spend(key, now, 1);
  }

  admit(key: string, now: number): void {
    const b = this.bucket(key, now);
    if (b.tokens >= 1) return;
    const retryAfter = Math.max(1, Math.ceil((1 - b.tokens) / this.perMs / 1000));
    throw new ServiceError(429, "throttled", `${this.refusal} Retry after ${retryAfter} seconds.`, {
      "retry-after": String(retryAfter),
    });
  }

  spend(key: string, now: number, amount: number): void {
    this.bucket(key, now).tokens -= amount;
  }

  refund(key: string, now: number): void {
    const b = this.bucket(key, now);
    b.tokens = Math.min(this.capacity, b.tokens + 1);
  }

  get size(): number {
    return this.buckets.size;
  }

  /** The key's bucket, refilled to `now` and moved to the end of the order. */
  private bucket(key: string, now: number): Bucket {
    this.dropIdle(now);
    const b = this.buckets.get(key) ?? { tokens: this.capacity, updated: now };
    b.tokens = Math.min(this.capacity, b.tokens + Math.max(0, now - b.updated) * this.perMs);
    b.updated = now;
    this.buckets.delete(key);
    if (this.buckets.size >= this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as string);
    this.buckets.set(key, b);
    return b;
  }

  /**
   * Drops the least recently used buckets idle long enough to have refilled from empty, or from what they overdrew
   * (spend), up to the first that is not.
   */
  private dropIdle(now: number): void {
    for (const [key, b] of this.buckets) {
      if ((now - b.updated) * this.perMs < this.capacity - Math.min(0, b.tokens)) break;
      this.buckets.delete(key);
    }
  }
}

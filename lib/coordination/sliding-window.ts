/**
 * At most `perWindow` events per key within any `windowMs`, counted in memory: the budgets of the study cache's
 * callers (their sign-ins with unproven credentials), of Refresh, of column saves and of export starts. Bounded: a
 * key whose latest event has left the window is forgotten (it is the same as one never seen), and at most `maxKeys`
 * are kept, the least recently counted going first. The memory implementation of WindowLimit: one process counts
 * for itself (./shared-limits.ts picks it when the portal runs without REDIS_URL).
 */
import type { WindowLimit } from "./limits";

export interface SlidingWindowOptions {
  perWindow: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
}

/** Keys kept by default: one per user of a large portal. */
export const DEFAULT_MAX_KEYS = 10_000;

export class SlidingWindowLimit<K> implements WindowLimit<K> {
  /** Each key's event times, oldest first; the keys in the order of their latest event, oldest first. */
  private readonly events = new Map<K, number[]>();
  private readonly now: () => number;

  constructor(private readonly opts: SlidingWindowOptions) {
    this.now = opts.now ?? Date.now;
  }

  get perWindow(): number {
    return this.opts.perWindow;
  }

  /**
   * Counts one event of `key` and answers 0; or, counting nothing, the milliseconds until one more is allowed.
   * Asynchronous only to share WindowLimit's shape: the check and the count happen in one turn.
   */
  async take(key: K): Promise<number> {
    const now = this.now();
    this.forgetIdle(now);
    const recent = (this.events.get(key) ?? []).filter((at) => now - at < this.opts.windowMs);
    if (recent.length >= this.opts.perWindow)
      return recent[recent.length - this.opts.perWindow] + this.opts.windowMs - now;
    recent.push(now);
    this.events.delete(key);
    this.events.set(key, recent);
    if (this.events.size > (this.opts.maxKeys ?? DEFAULT_MAX_KEYS))
      this.events.delete(this.events.keys().next().value!);
    return 0;
  }

  /** Keys held now, for tests of the bound. */
  get size(): number {
    return this.events.size;
  }

  /** Keys whose latest event has left the window are at the front. */
  private forgetIdle(now: number): void {
    for (const [key, times] of this.events) {
      if (now - times[times.length - 1] < this.opts.windowMs) break;
      this.events.delete(key);
    }
  }
}

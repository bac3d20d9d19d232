/**
 * When each set of credentials last proved, by a request the partner service
 * answered, that it may read a study. The study cache serves a cached study
 * only to credentials whose proof is younger than the interval, so a rotated
 * secret or a revoked grant stops reading cached data within that interval
 * (docs/security.md). Bounded: proofs older than the
 * interval are worth nothing and are dropped, and at most `max` are kept
 * (the oldest go first). Concurrent callers share one proof request.
 */
export interface AccessProofOptions {
  intervalMs: number;
  max?: number;
  now?: () => number;
}

export class AccessProofs {
  // Insertion order doubles as age: a proof is re-inserted when renewed, so the oldest come first.
  private readonly proven = new Map<string, number>();
  // Every key ever proven and not refused since, however long ago (bounded as `proven` is): what a summary may say.
  private readonly answered = new Map<string, number>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly now: () => number;
  private readonly max: number;

  constructor(private readonly opts: AccessProofOptions) {
    this.now = opts.now ?? Date.now;
    this.max = opts.max ?? 4096;
  }

  /** Whether `key` was proven less than the interval ago. */
  isFresh(key: string): boolean {
    const at = this.proven.get(key);
    return at !== undefined && this.now() - at < this.opts.intervalMs;
  }

  /**
   * Whether `key` was proven at some time and not refused since (forget()): enough to summarise what these
   * credentials read (the studies list), never to serve data, which needs a fresh proof (isFresh).
   */
  wasProven(key: string): boolean {
    return this.answered.has(key);
  }

  /**
   * Resolves at once when `key` is fresh; otherwise runs `prove` (one run shared by concurrent callers), records
   * the proof when it succeeds and rejects with its error when it fails (a failure is never recorded).
   */
  ensure(key: string, prove: () => Promise<void>): Promise<void> {
    if (this.isFresh(key)) return Promise.resolve();
    const pending = this.pending.get(key);
    if (pending) return pending;
    const startedAt = this.now();
    // prove() runs in a later microtask, so that `run` is assigned before anything can settle.
    const run: Promise<void> = Promise.resolve()
      .then(prove)
      .then(() => this.record(key, startedAt))
      .finally(() => {
        if (this.pending.get(key) === run) this.pending.delete(key);
      });
    this.pending.set(key, run);
    return run;
  }

  /** Records a proof made at `at` (epoch ms): a request started then was answered. */
  record(key: string, at: number): void {
    const known = this.proven.get(key);
    if (known !== undefined && known >= at) return;
    this.proven.delete(key);
    this.proven.set(key, at);
    this.answered.delete(key);
    this.answered.set(key, at);
    this.prune();
  }

  /** Forgets the proofs whose key matches: their access is known to be gone. */
  forget(matches: (key: string) => boolean): void {
    for (const key of [...this.proven.keys()]) if (matches(key)) this.proven.delete(key);
    for (const key of [...this.answered.keys()]) if (matches(key)) this.answered.delete(key);
  }

  get size(): number {
    return this.proven.size;
  }

  private prune(): void {
    const expired = this.now() - this.opts.intervalMs;
    for (const [key, at] of this.proven) {
      if (at > expired && this.proven.size <= this.max) break;
      this.proven.delete(key);
    }
    for (const [key] of this.answered) {
      if (this.answered.size <= this.max) break;
      this.answered.delete(key);
    }
  }
}

/**
 * At most `max` loads run at once, whatever users ask for: a load holds its rows outside the cache's memory bound
 * until it ends (one laboratory load of a large study is a few hundred MB of rows), so the loads under way, not
 * only the cache, must be bounded. Others wait their turn in order; an aborted wait leaves the line.
 */
export class LoadSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  /** Resolves with the release function once a slot is this caller's. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.running < this.max) {
      this.running++;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener("abort", leave);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal?.reason);
      };
      this.waiting.push(go);
      signal?.addEventListener("abort", leave, { once: true });
    });
    // The slot was handed over by a release: `running` already counts it.
    return this.releaser();
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }
}

/**
 * Turns for work that must not all run at once (password hashes, secret checks, study loads): at most `maxRunning`
 * hold a turn, at most `maxWaiting` more wait in line in order, and the rest are refused at once instead of queueing
 * without bound. A finished turn passes straight to the next in line. No imports: any layer may use it.
 */
export type Release = () => void;

export class Turns {
  private running = 0;
  private readonly waiting: ((release: Release) => void)[] = [];

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * A turn: resolves with its release function (call it once the work is done) when the work may run, or is
   * undefined at once when the line is full. Decided synchronously, so that a caller can count the attempt in the
   * same turn of the event loop. An abort of `signal` while waiting leaves the line and rejects with its reason.
   */
  enter(signal?: AbortSignal): Promise<Release> | undefined {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.running < this.maxRunning) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxWaiting) return undefined;
    return new Promise((resolve, reject) => {
      const go = (release: Release) => {
        signal?.removeEventListener("abort", leave);
        resolve(release);
      };
      const leave = () => {
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal?.reason);
      };
      this.waiting.push(go);
      signal?.addEventListener("abort", leave, { once: true });
    });
  }

  /** Turns held and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The turn passes to the next in line, if any; `running` stays as it is then.
      const next = this.waiting.shift();
      if (next) next(this.releaser());
      else this.running--;
    };
  }
}

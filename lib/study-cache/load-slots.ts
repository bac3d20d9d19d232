/**
 * The study cache's load slots, shared fairly between callers (portal users): at most `maxRunning` loads run at
 * once (a running load's rows are outside the memory bound), a caller holds at most `runningPerCaller` of them, and
 * has at most `queuedPerCaller` running or waiting; one more is refused at once instead of queueing without bound.
 * A freed slot goes to the callers in turn (round robin), so one caller's long line never keeps the others waiting.
 * Loads asked for on no one's behalf (scripts, benchmarks) share one line without the per-caller limits.
 */
import type { Release } from "@/lib/runtime/turns";

/** Loads a caller may have running or waiting: the eight record types of two whole studies. */
export const MAX_LOADS_PER_CALLER = 16;
/**
 * Of the 4 slots, what one caller may hold: all but one, so that another user's load always finds a slot at once,
 * while one user opening a study alone (eight record types) loads nearly as many at once as the cache allows.
 */
export const MAX_RUNNING_PER_CALLER = 3;

/** The line of loads asked for on no one's behalf. */
const NO_ONE = "";

interface Line {
  running: number;
  waiting: ((release: Release) => void)[];
}

export class LoadSlots {
  private running = 0;
  // Only callers with loads running or waiting: at most one per user, each holding at most queuedPerCaller.
  private readonly lines = new Map<string, Line>();
  /** Callers with loads waiting, in the order their next turn comes. */
  private readonly turns: string[] = [];

  constructor(
    readonly maxRunning: number,
    private readonly runningPerCaller = MAX_RUNNING_PER_CALLER,
    readonly queuedPerCaller = MAX_LOADS_PER_CALLER,
  ) {}

  /** Whether `caller` may ask for one more load now. */
  admits(caller = NO_ONE): boolean {
    const line = this.lines.get(caller);
    return caller === NO_ONE || line === undefined || line.running + line.waiting.length < this.queuedPerCaller;
  }

  /**
   * A slot for a load of `caller`'s: resolves with its release function when the load may run, or is undefined at
   * once when the caller has queuedPerCaller loads already. An abort of `signal` while waiting leaves the line.
   */
  enter(caller = NO_ONE, signal?: AbortSignal): Promise<Release> | undefined {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (!this.admits(caller)) return undefined;
    const line = this.lines.get(caller) ?? { running: 0, waiting: [] };
    this.lines.set(caller, line);
    return new Promise((resolve, reject) => {
      const go = (release: Release) => {
        signal?.removeEventListener("abort", leave);
        resolve(release);
      };
      const leave = () => {
        line.waiting.splice(line.waiting.indexOf(go), 1);
        this.tidy(caller, line);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", leave, { once: true });
      line.waiting.push(go);
      if (!this.turns.includes(caller)) this.turns.push(caller);
      this.dispatch();
    });
  }

  /** Loads running and waiting now. */
  get load(): { running: number; waiting: number } {
    let waiting = 0;
    for (const line of this.lines.values()) waiting += line.waiting.length;
    return { running: this.running, waiting };
  }

  /** Gives free slots to the waiting callers in turn, skipping those that hold their share. */
  private dispatch(): void {
    while (this.running < this.maxRunning) {
      const at = this.turns.findIndex((c) => c === NO_ONE || this.lines.get(c)!.running < this.runningPerCaller);
      if (at < 0) return;
      const caller = this.turns[at];
      const line = this.lines.get(caller)!;
      const go = line.waiting.shift()!;
      this.turns.splice(at, 1);
      if (line.waiting.length > 0) this.turns.push(caller);
      this.running++;
      line.running++;
      go(this.releaser(caller, line));
    }
  }

  private releaser(caller: string, line: Line): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      line.running--;
      this.tidy(caller, line);
      this.dispatch();
    };
  }

  /** A caller with nothing running or waiting is forgotten. */
  private tidy(caller: string, line: Line): void {
    if (line.waiting.length === 0) {
      const at = this.turns.indexOf(caller);
      if (at >= 0) this.turns.splice(at, 1);
    }
    if (line.running === 0 && line.waiting.length === 0) this.lines.delete(caller);
  }
}

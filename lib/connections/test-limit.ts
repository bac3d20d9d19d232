/**
 * "Test connection" is limited per portal user. Every test sends the
 * connection's credentials to the partner service, and every refused one uses
 * the partner's allowance of failed token requests for the portal server's
 * address and that client ID, which all the portal's users share
 * (docs/partner-service.md, Rate limit): at TESTS_PER_MINUTE one user cannot
 * use it up. In memory, per process, bounded by age and by count.
 */
import { processSingleton } from "@/lib/runtime/process-singleton";

export const TESTS_PER_MINUTE = 5;
const WINDOW_MS = 60_000;
/** Users kept at most; beyond it the one who tested least recently is forgotten. */
export const MAX_TRACKED_USERS = 10_000;

export class ConnectionTestLimit {
  /** Each user's test times, oldest first; the users in the order of their latest test, oldest first. */
  private readonly tests = new Map<number, number[]>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly perMinute = TESTS_PER_MINUTE,
    private readonly maxUsers = MAX_TRACKED_USERS,
  ) {}

  /** Counts a test of the user's and says true; false, counting nothing, when the minute's tests are used up. */
  take(userId: number): boolean {
    const now = this.now();
    this.forgetIdle(now);
    const recent = (this.tests.get(userId) ?? []).filter((at) => now - at < WINDOW_MS);
    if (recent.length >= this.perMinute) return false;
    recent.push(now);
    this.tests.delete(userId);
    this.tests.set(userId, recent);
    if (this.tests.size > this.maxUsers) this.tests.delete(this.tests.keys().next().value!);
    return true;
  }

  /** Users held now, for tests of the bound. */
  get size(): number {
    return this.tests.size;
  }

  /** A user whose latest test left the window is the same as one never seen; such users are at the front. */
  private forgetIdle(now: number): void {
    for (const [userId, times] of this.tests) {
      if (now - times[times.length - 1] < WINDOW_MS) break;
      this.tests.delete(userId);
    }
  }
}

/** The process's limit, shared by every copy of the server action's module. */
export const connectionTestLimit = () => processSingleton("connectionTestLimit", () => new ConnectionTestLimit());

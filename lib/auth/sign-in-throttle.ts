/**
 * Failed password sign-ins per email address: after MAX_FAILURES within the
 * window, further attempts for that address are refused until the oldest
 * failure leaves the window, even with the right password, so that a
 * password cannot be guessed at bcrypt speed. In memory, per process.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
/** The error code next-auth hands to the sign-in form. */
export const TOO_MANY_ATTEMPTS = "TooManyAttempts";
export const MAX_TRACKED = 10_000;

export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(email: string): number[] {
    const since = this.now() - WINDOW_MS;
    const list = (this.failures.get(email) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(email);
    else this.failures.set(email, list);
    return list;
  }

  blocked(email: string): boolean {
    return this.recent(email).length >= MAX_FAILURES;
  }

  fail(email: string): void {
    const list = this.recent(email);
    list.push(this.now());
    this.failures.set(email, list);
    // Bound the memory an attacker can make us spend by inventing addresses: expired entries go first, so that
    // invented addresses cannot push a guessed address's failures out while they still count.
    if (this.failures.size > MAX_TRACKED) this.forgetExpired();
    if (this.failures.size > MAX_TRACKED) this.failures.delete(this.failures.keys().next().value!);
  }

  private forgetExpired(): void {
    for (const email of [...this.failures.keys()]) this.recent(email);
  }

  succeed(email: string): void {
    this.failures.delete(email);
  }
}

/**
 * Failed password sign-ins, per email and per source address. After
 * MAX_FAILURES for an email within the window, further attempts for it are
 * refused until the oldest failure leaves the window, even with the right
 * password, so that a password cannot be guessed; after the address limit
 * from one address, attempts from it are refused whatever the email, so that
 * one source cannot try a password on many accounts or keep the password
 * checks busy. In memory, per process, bounded by count and by age.
 */
export const MAX_FAILURES = 5;
/** Per source address: higher than per email, as a clinic's staff may share one address behind its NAT. */
export const MAX_FAILURES_PER_ADDRESS = 20;
export const WINDOW_MS = 15 * 60_000;
/** The error codes next-auth hands to the sign-in form (lib/auth/sign-in-messages.ts). */
export const TOO_MANY_ATTEMPTS = "TooManyAttempts";
export const TOO_MANY_FROM_ADDRESS = "TooManyAttemptsFromAddress";
/** Keys kept per table at most. */
export const MAX_TRACKED = 10_000;

/** Failure times per key within the window; the keys ordered by their latest failure, oldest first. */
export class FailureLog {
  private readonly entries = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number,
    private readonly maxKeys = MAX_TRACKED,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  private recent(key: string): number[] {
    const since = this.now() - WINDOW_MS;
    const list = (this.entries.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.entries.delete(key);
    else this.entries.set(key, list);
    return list;
  }

  /** Failures of the key within the window that are kept (never more than the limit). */
  count(key: string): number {
    return this.recent(key).length;
  }

  full(key: string): boolean {
    return this.count(key) >= this.limit;
  }

  add(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    // Only the latest `limit` failures matter: the oldest of them decides when the key is let in again.
    if (list.length > this.limit) list.shift();
    this.entries.delete(key);
    this.entries.set(key, list);
    this.trim();
  }

  /** Forgets every failure of the key. */
  clear(key: string): void {
    this.entries.delete(key);
  }

  /** Takes back the latest failure of the key (an attempt counted before it turned out right). */
  takeBack(key: string): void {
    const list = this.recent(key);
    list.pop();
    if (list.length === 0) this.entries.delete(key);
  }

  /**
   * Expired keys go first (the keys are ordered by their latest failure, so they are at the front), so that invented
   * emails or addresses cannot push out failures that still count; only a table full of live keys loses its least
   * recently failed one.
   */
  private trim(): void {
    for (const key of this.entries.keys()) if (this.recent(key).length > 0) break;
    while (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value!);
  }
}

export class SignInThrottle {
  private readonly byEmail: FailureLog;
  private readonly byAddress: FailureLog;

  constructor(now: () => number = Date.now, perAddress = MAX_FAILURES_PER_ADDRESS, maxKeys = MAX_TRACKED) {
    this.byEmail = new FailureLog(MAX_FAILURES, now, maxKeys);
    this.byAddress = new FailureLog(perAddress, now, maxKeys);
  }

  /** Why an attempt is refused before its password is compared (an error code), or undefined. */
  refusal(email: string, address: string): string | undefined {
    if (this.byEmail.full(email)) return TOO_MANY_ATTEMPTS;
    if (this.byAddress.full(address)) return TOO_MANY_FROM_ADDRESS;
    return undefined;
  }

  /** Counts an attempt as failed; called before the password is compared (see succeed). */
  fail(email: string, address: string): void {
    this.byEmail.add(email);
    this.byAddress.add(address);
  }

  /** The attempt was right: the email's failures are forgotten, and this attempt no longer counts for the address. */
  succeed(email: string, address: string): void {
    this.byEmail.clear(email);
    this.byAddress.takeBack(address);
  }

  /** Keys held per table, for tests of the bound. */
  get tracked(): { emails: number; addresses: number } {
    return { emails: this.byEmail.size, addresses: this.byAddress.size };
  }
}

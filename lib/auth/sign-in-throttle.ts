/**
 * Failed password sign-ins, per email and per source address (docs/configuration.md, Users and sign-in).
 *
 * Failures make later attempts wait, they never lock an email out: anyone may type anyone's email, so a lockout
 * would let anyone keep a user from signing in. After EMAIL_FREE_FAILURES failures for an email within the window,
 * from any sources, each attempt for it waits 1 s, 2 s, 4 s ... up to MAX_DELAY_MS before its password is compared;
 * likewise once one source has half its cap of failures, whatever the emails. The server holds the attempt
 * and then compares (it is not refused), so the account's owner has a password compared within MAX_DELAY_MS
 * whatever anyone else sends. A source with its cap of failures in the window is refused outright, so that one
 * source cannot try a password on many accounts or keep the password checks busy. In memory, per process, bounded
 * by count and by age.
 */
export const EMAIL_FREE_FAILURES = 3;
export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 30_000;
/**
 * Per source address: failures within the window after which its attempts are refused; from half as many on, they
 * wait. Higher than per email, as a clinic's staff may share one address behind its NAT.
 */
export const MAX_FAILURES_PER_ADDRESS = 20;
export const WINDOW_MS = 15 * 60_000;
/** The error code next-auth hands to the sign-in form (lib/auth/sign-in-messages.ts). */
export const TOO_MANY_FROM_ADDRESS = "TooManyAttemptsFromAddress";
/** Keys kept per table at most. */
export const MAX_TRACKED = 10_000;

/** Failures after which the delay has reached its cap: more of them change nothing, so no more are kept. */
const KEPT_PAST_FREE = Math.ceil(Math.log2(MAX_DELAY_MS / BASE_DELAY_MS)) + 1;

/** The wait after `failures` failures of which `free` cost nothing: doubling from BASE_DELAY_MS, capped. */
export function delayAfter(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(BASE_DELAY_MS * 2 ** (failures - free), MAX_DELAY_MS);
}

/** Failure times per key within the window; the keys ordered by their latest failure, oldest first. */
export class FailureLog {
  private readonly entries = new Map<string, number[]>();

  /** `kept`: the latest failures kept per key, as many as make a difference to it. */
  constructor(
    private readonly kept: number,
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

  /** Failures of the key within the window that are kept (never more than `kept`). */
  count(key: string): number {
    return this.recent(key).length;
  }

  add(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    if (list.length > this.kept) list.shift();
    this.entries.delete(key);
    this.entries.set(key, list);
    this.trim();
  }

  /** Forgets every failure of the key. */
  clear(key: string): void {
    this.entries.delete(key);
  }

  /** Takes back the latest failure of the key (an attempt counted before it turned out right, or was not compared). */
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
  /** Failures from one source before its attempts wait. */
  readonly sourceFree: number;

  constructor(
    now: () => number = Date.now,
    private readonly perAddress = MAX_FAILURES_PER_ADDRESS,
    maxKeys = MAX_TRACKED,
  ) {
    this.sourceFree = Math.ceil(perAddress / 2);
    this.byEmail = new FailureLog(EMAIL_FREE_FAILURES + KEPT_PAST_FREE, now, maxKeys);
    // The cap needs `perAddress` failures kept; the waits stop growing before that.
    this.byAddress = new FailureLog(perAddress, now, maxKeys);
  }

  /** Why an attempt is refused before its password is compared (an error code), or undefined. */
  refusal(address: string): string | undefined {
    return this.byAddress.count(address) >= this.perAddress ? TOO_MANY_FROM_ADDRESS : undefined;
  }

  /** How long an attempt waits before its password is compared: the longer of its email's and its source's waits. */
  delay(email: string, address: string): number {
    const forEmail = delayAfter(this.byEmail.count(email), EMAIL_FREE_FAILURES);
    return Math.max(forEmail, delayAfter(this.byAddress.count(address), this.sourceFree));
  }

  /** Counts an attempt as failed; called before the password is compared (see succeed and takeBack). */
  fail(email: string, address: string): void {
    this.byEmail.add(email);
    this.byAddress.add(address);
  }

  /** The attempt was right: the email's failures are forgotten, and this attempt no longer counts for the address. */
  succeed(email: string, address: string): void {
    this.byEmail.clear(email);
    this.byAddress.takeBack(address);
  }

  /** The attempt was counted but its password never compared (the checks were all busy): it counts for neither. */
  takeBack(email: string, address: string): void {
    this.byEmail.takeBack(email);
    this.byAddress.takeBack(address);
  }

  /** Keys held per table, for tests of the bound. */
  get tracked(): { emails: number; addresses: number } {
    return { emails: this.byEmail.size, addresses: this.byAddress.size };
  }
}

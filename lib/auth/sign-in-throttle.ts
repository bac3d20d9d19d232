/**
 * Failed password sign-ins, per email and per source address (docs/configuration.md, Users and sign-in).
 *
 * Failures make later attempts wait, they never lock an email out: anyone may type anyone's email, so a lockout
 * would let anyone keep a user from signing in. After EMAIL_FREE_FAILURES failures for an email within the window,
 * from any sources, each attempt for it waits 1 s, 2 s, 4 s ... up to MAX_DELAY_MS before its password is compared;
 * likewise once one source has half its cap of failures, whatever the emails. The server holds the attempt
 * and then compares (it is not refused), so the account's owner has a password compared within MAX_DELAY_MS
 * whatever anyone else sends. A source with its cap of failures in the window is refused outright, so that one
 * source cannot try a password on many accounts or keep the password checks busy. Counted in memory per process,
 * bounded by count and by age; or in Redis, by every instance together (docs/coordination.md).
 *
 * No server imports: the sign-in messages, which the browser loads, take the error codes from here.
 */
import type { FailureLog } from "@/lib/coordination/limits";

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
/** The code of an attempt refused because its failures could not be counted (Redis does not answer). */
export const SIGN_IN_UNCOUNTED = "SignInNotCounted";
/** Keys kept per table at most. */
export const MAX_TRACKED = 10_000;

/** Failures after which the delay has reached its cap: more of them change nothing, so no more are kept. */
const KEPT_PAST_FREE = Math.ceil(Math.log2(MAX_DELAY_MS / BASE_DELAY_MS)) + 1;
/** Failures kept per email. */
export const EMAIL_KEPT = EMAIL_FREE_FAILURES + KEPT_PAST_FREE;

/** The wait after `failures` failures of which `free` cost nothing: doubling from BASE_DELAY_MS, capped. */
export function delayAfter(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(BASE_DELAY_MS * 2 ** (failures - free), MAX_DELAY_MS);
}

/**
 * FailureLog in memory: failure times per key within the window; the keys ordered by their latest failure, oldest
 * first. Its methods do their work in one turn (they are asynchronous only to share FailureLog's shape).
 */
export class MemoryFailureLog implements FailureLog {
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

  async count(key: string): Promise<number> {
    return this.recent(key).length;
  }

  async add(key: string, cap?: number): Promise<number> {
    const list = this.recent(key);
    const before = list.length;
    if (cap !== undefined && before >= cap) return before;
    list.push(this.now());
    if (list.length > this.kept) list.shift();
    this.entries.delete(key);
    this.entries.set(key, list);
    this.trim();
    return before;
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }

  /** Takes back the latest failure of the key (an attempt counted before it turned out right, or was not compared). */
  async takeBack(key: string): Promise<void> {
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

/** Makes a throttle's log of failures per email or per address, keeping the latest `kept` failures of a key. */
export type FailureLogOf = (of: "email" | "address", kept: number) => FailureLog;

/** What an attempt may do: be refused outright (an error code), or wait `delay` ms before its password is compared. */
export type Attempt = { refused: string } | { delay: number };

export class SignInThrottle {
  private readonly byEmail: FailureLog;
  private readonly byAddress: FailureLog;
  /** Failures from one source before its attempts wait. */
  readonly sourceFree: number;

  /** `logOf`: where failures are kept; in this process's memory (bounded by `now` and `maxKeys`) by default. */
  constructor(
    now: () => number = Date.now,
    private readonly perAddress = MAX_FAILURES_PER_ADDRESS,
    maxKeys = MAX_TRACKED,
    logOf: FailureLogOf = (_of, kept) => new MemoryFailureLog(kept, now, maxKeys),
  ) {
    this.sourceFree = Math.ceil(perAddress / 2);
    this.byEmail = logOf("email", EMAIL_KEPT);
    // The cap needs `perAddress` failures kept; the waits stop growing before that.
    this.byAddress = logOf("address", perAddress);
  }

  /**
   * An attempt, counted as failed before its wait and its compare (see succeed and takeBack) unless its source is
   * refused. The source's check and count are one step, so guesses sent side by side cannot all pass the check,
   * and each waits longer than the one before.
   */
  async attempt(email: string, address: string): Promise<Attempt> {
    const fromAddress = await this.byAddress.add(address, this.perAddress);
    if (fromAddress >= this.perAddress) return { refused: TOO_MANY_FROM_ADDRESS };
    const forEmail = await this.byEmail.add(email);
    return { delay: Math.max(delayAfter(forEmail, EMAIL_FREE_FAILURES), delayAfter(fromAddress, this.sourceFree)) };
  }

  /** Why an attempt from the address would be refused before its password is compared (an error code), or undefined. */
  async refusal(address: string): Promise<string | undefined> {
    return (await this.byAddress.count(address)) >= this.perAddress ? TOO_MANY_FROM_ADDRESS : undefined;
  }

  /** How long an attempt would wait before its password is compared: the longer of its email's and source's waits. */
  async delay(email: string, address: string): Promise<number> {
    const forEmail = delayAfter(await this.byEmail.count(email), EMAIL_FREE_FAILURES);
    return Math.max(forEmail, delayAfter(await this.byAddress.count(address), this.sourceFree));
  }

  /** Counts a failure for both, whatever the source's count (attempt counts one only when it is not refused). */
  async fail(email: string, address: string): Promise<void> {
    await this.byEmail.add(email);
    await this.byAddress.add(address);
  }

  /** The attempt was right: the email's failures are forgotten, and this attempt no longer counts for the address. */
  async succeed(email: string, address: string): Promise<void> {
    await this.byEmail.clear(email);
    await this.byAddress.takeBack(address);
  }

  /** The attempt was counted but its password never compared (the checks were all busy): it counts for neither. */
  async takeBack(email: string, address: string): Promise<void> {
    await this.byEmail.takeBack(email);
    await this.byAddress.takeBack(address);
  }

  /** Keys held per table when they are in memory, for tests of the bound. */
  get tracked(): { emails: number | undefined; addresses: number | undefined } {
    const size = (log: FailureLog) => (log instanceof MemoryFailureLog ? log.size : undefined);
    return { emails: size(this.byEmail), addresses: size(this.byAddress) };
  }
}

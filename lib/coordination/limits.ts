/**
 * The shapes of the limits every instance counts together (docs/coordination.md): a window of events per key and a
 * log of failures per key. Each has a memory implementation (one process counts for itself) and a Redis one (the
 * instances sharing REDIS_URL count together); lib/coordination/shared-limits.ts picks one per process.
 *
 * No server imports: the sign-in messages, which the browser loads, reach this file through the throttle's types.
 */

/** At most `perWindow` events per key within any window. */
export interface WindowLimit<K> {
  readonly perWindow: number;
  /**
   * Counts one event of `key` and answers 0; or, counting nothing, the milliseconds until one more is allowed.
   * Rejects with NotCountedError when the count cannot be kept (Redis does not answer).
   */
  take(key: K): Promise<number>;
}

/** Failure times per key within a window, at most the latest `kept` of each. Rejects as WindowLimit.take does. */
export interface FailureLog {
  /** Failures of the key within the window that are kept. */
  count(key: string): Promise<number>;
  /**
   * Counts a failure of the key, unless it already has `cap` within the window (then nothing is counted); answers
   * the failures it had before, so that checking and counting are one step however many attempts come at once.
   */
  add(key: string, cap?: number): Promise<number>;
  /** Forgets every failure of the key. */
  clear(key: string): Promise<void>;
  /** Takes back the latest failure of the key. */
  takeBack(key: string): Promise<void>;
}

/**
 * A limit that could not be counted: Redis did not answer. The limit refuses rather than let everything through
 * (docs/coordination.md, When Redis does not answer); the caller words the refusal. `what` names what was counted
 * ("sign-in attempts"); the message never holds a key (an email, an address).
 */
export class NotCountedError extends Error {
  constructor(
    readonly what: string,
    options?: ErrorOptions,
  ) {
    super(`The server cannot count ${what} just now (Redis does not answer); try again shortly.`, options);
    this.name = "NotCountedError";
  }
}

/**
 * A mark under a registry symbol, as CallerLimitError's: the process's one limit throws errors of the copy of this
 * module that made it, which another bundle's `instanceof` would deny.
 */
const NOT_COUNTED = Symbol.for("study-portal.not-counted");
Object.defineProperty(NotCountedError.prototype, NOT_COUNTED, { value: true });

/** Whether `err` is a NotCountedError of any copy of this module. */
export function isNotCounted(err: unknown): err is NotCountedError {
  return typeof err === "object" && err !== null && (err as Record<symbol, unknown>)[NOT_COUNTED] === true;
}

/** The seconds a refusal for want of Redis asks to wait: the connection retries within 2 s (./redis.ts). */
export const NOT_COUNTED_RETRY_SECONDS = 5;

/** `limit.take(key)`; undefined when the limit cannot be counted (NotCountedError), which the caller refuses. */
export async function takeCounted<K>(limit: WindowLimit<K>, key: K): Promise<number | undefined> {
  try {
    return await limit.take(key);
  } catch (err) {
    if (isNotCounted(err)) return undefined;
    throw err;
  }
}

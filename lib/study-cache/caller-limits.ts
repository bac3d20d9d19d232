/**
 * What the study cache refuses a caller (a portal user) before anything is asked of the partner service, as facts
 * the pages word (components/feedback/error-advice.ts): too many sign-ins with credentials that have never worked
 * (./study-cache.ts, SIGN_INS_PER_MINUTE), or too many loads running and waiting (./load-slots.ts).
 */
export type CallerLimit =
  /** The caller's budget of token requests for unproven credentials is spent; one more is allowed in N seconds. */
  | { kind: "sign-ins-limited"; perMinute: number; retryAfterSeconds: number }
  /** The caller has `maxLoads` loads running or waiting: another is not queued. */
  | { kind: "loads-limited"; maxLoads: number };

export class CallerLimitError extends Error {
  constructor(readonly limit: CallerLimit) {
    super(
      limit.kind === "sign-ins-limited"
        ? `More than ${limit.perMinute} sign-ins with unproven credentials in a minute; nothing was asked.`
        : `${limit.maxLoads} loads already running or waiting for this user; this one was not started.`,
    );
    this.name = "CallerLimitError";
  }
}

/**
 * A mark under a registry symbol, as PartnerError's (lib/partner-client/errors.ts): the process's one study cache
 * throws errors of the copy of this module that made it, which another bundle's `instanceof` would deny.
 */
const CALLER_LIMIT = Symbol.for("study-portal.caller-limit");
Object.defineProperty(CallerLimitError.prototype, CALLER_LIMIT, { value: true });

/** The facts of a CallerLimitError, whichever copy of this module made it; undefined for any other error. */
export function callerLimitOf(err: unknown): CallerLimit | undefined {
  if (typeof err !== "object" || err === null || (err as Record<symbol, unknown>)[CALLER_LIMIT] !== true)
    return undefined;
  return { ...(err as CallerLimitError).limit };
}

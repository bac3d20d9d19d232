/**
 * What the study cache refuses a caller (a portal user) before anything is asked of the partner service, as facts
 * the pages word (components/feedback/error-advice.ts): too many sign-ins with credentials that have never worked
 * (./study-cache.ts, SIGN_INS_PER_MINUTE) or such sign-ins that cannot be counted (Redis does not answer:
 * docs/coordination.md), or too many loads running and waiting (./load-slots.ts).
 */
export type CallerLimit =
  /** The caller's budget of token requests for unproven credentials is spent; one more is allowed in N seconds. */
  | { kind: "sign-ins-limited"; perMinute: number; retryAfterSeconds: number }
  /** The budget could not be counted (Redis does not answer): nothing was sent. */
  | { kind: "sign-ins-not-counted" }
  /** The caller has `maxLoads` loads running or waiting: another is not queued. */
  | { kind: "loads-limited"; maxLoads: number };

function callerLimitText(limit: CallerLimit): string {
  if (limit.kind === "sign-ins-limited")
    return `More than ${limit.perMinute} sign-ins with unproven credentials in a minute; nothing was asked.`;
  if (limit.kind === "sign-ins-not-counted")
    return "Sign-ins with unproven credentials cannot be counted just now; nothing was asked.";
  return `${limit.maxLoads} loads already running or waiting for this user; this one was not started.`;
}

export class CallerLimitError extends Error {
  constructor(readonly limit: CallerLimit) {
    super(callerLimitText(limit));
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

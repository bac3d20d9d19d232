/**
 * How long a sign-in lasts. Two limits, both in epoch seconds:
 * - idle: 30 minutes after the last activity (every refresh of the session
 *   cookie re-issues it, and its `iat` records when);
 * - absolute: 12 hours after the password or single-sign-on check, however
 *   active the user is, so a stolen cookie cannot be kept alive forever.
 */
export const IDLE_TIMEOUT_SECONDS = 30 * 60;
export const ABSOLUTE_LIFETIME_SECONDS = 12 * 60 * 60;

export interface SessionTimes {
  /** When the user proved who they are. */
  authTime: number;
  /** When the session was last refreshed by activity. */
  lastSeen: number;
}

export type SessionState = "active" | "idle" | "expired";

export interface Limits {
  idle: number;
  absolute: number;
}

const LIMITS: Limits = { idle: IDLE_TIMEOUT_SECONDS, absolute: ABSOLUTE_LIFETIME_SECONDS };
// Clocks of this host only; a few seconds of tolerance for times recorded "in the future" by a rounding step.
const SKEW_SECONDS = 5;

export const nowSeconds = (ms: number = Date.now()) => Math.floor(ms / 1000);

export function sessionState(t: SessionTimes, now: number, limits: Limits = LIMITS): SessionState {
  const valid =
    Number.isFinite(t.authTime) &&
    Number.isFinite(t.lastSeen) &&
    t.authTime <= now + SKEW_SECONDS &&
    t.lastSeen <= now + SKEW_SECONDS;
  if (!valid || now - t.authTime >= limits.absolute) return "expired";
  if (now - t.lastSeen >= limits.idle) return "idle";
  return "active";
}

/** When the session ends if nothing happens: the earlier of the two limits. */
export function sessionEndsAt(t: SessionTimes, limits: Limits = LIMITS): number {
  return Math.min(t.lastSeen + limits.idle, t.authTime + limits.absolute);
}

/**
 * "Test connection" is limited per portal user. Every test sends the connection's credentials to the partner
 * service, and every refused one uses the partner's allowance of failed token requests for the portal server's
 * address and that client ID, which all the portal's users share (docs/partner-service.md, Rate limit): at
 * TESTS_PER_MINUTE one user cannot use it up. Counted across the instances (docs/coordination.md); in memory without
 * Redis, bounded by age and count (SlidingWindowLimit).
 */
import type { WindowLimit } from "@/lib/coordination/limits";
import { sharedWindowLimit } from "@/lib/coordination/shared-limits";
import { SlidingWindowLimit } from "@/lib/coordination/sliding-window";

export const TESTS_PER_MINUTE = 5;

export const CONNECTION_TESTS = {
  name: "connection-tests",
  what: "connection tests",
  perWindow: TESTS_PER_MINUTE,
  windowMs: 60_000,
};

/** The process's limit, shared by every copy of the server action's module. */
export const connectionTestLimit = (): WindowLimit<number> => sharedWindowLimit(CONNECTION_TESTS);

/** The limit as one server without Redis counts it, on a clock of the caller's (tests). */
export const memoryConnectionTestLimit = (now: () => number = Date.now): SlidingWindowLimit<number> =>
  new SlidingWindowLimit<number>({ ...CONNECTION_TESTS, now });

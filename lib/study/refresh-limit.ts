/**
 * Refresh is limited per user and study: each press drops the study's cached data for every user of the identity
 * and loads it afresh from the partner service, so pressing it in a loop would keep the service and the portal's
 * load slots busy for everyone. Counted across the instances (docs/coordination.md); in memory without Redis,
 * bounded by age and count (SlidingWindowLimit).
 */
import type { WindowLimit } from "@/lib/coordination/limits";
import { sharedWindowLimit } from "@/lib/coordination/shared-limits";

/** Presses of Refresh a user may make per study in any minute. */
export const REFRESHES_PER_MINUTE = 3;

/** The key of a user's study: NUL cannot occur in a validated study number. */
export const refreshKey = (userId: number, study: string) => `${userId}\u0000${study}`;

/** The process's limit, shared by every copy of the server action's module. */
export const refreshLimit = (): WindowLimit<string> =>
  sharedWindowLimit({
    name: "refreshes",
    what: "presses of Refresh",
    perWindow: REFRESHES_PER_MINUTE,
    windowMs: 60_000,
  });

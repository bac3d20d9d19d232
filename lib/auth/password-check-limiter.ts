/**
 * A cap on password checks running at once. Each argon2id check holds one of
 * libuv's four pool threads (which file access and DNS share) and a core for
 * about 90 ms on this 2-core server; a burst of sign-ins with invented emails
 * must not take them all. Beyond the cap a few wait their turn; beyond that,
 * an attempt is refused at once instead of queueing without bound.
 */
import { Turns } from "@/lib/runtime/turns";

export const MAX_RUNNING_CHECKS = 2;
/** About 16 × 90 ms / 2 ≈ 0.7 s of waiting at most. */
export const MAX_WAITING_CHECKS = 16;
/** The error code next-auth hands to the sign-in form (lib/auth/sign-in-messages.ts). */
export const SIGN_IN_BUSY = "SignInBusy";

/** The sign-in's turns: the shared mechanism (lib/runtime/turns.ts) with the limits above. */
export class PasswordCheckLimiter extends Turns {
  constructor(maxRunning = MAX_RUNNING_CHECKS, maxWaiting = MAX_WAITING_CHECKS) {
    super(maxRunning, maxWaiting);
  }
}

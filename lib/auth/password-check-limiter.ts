/**
 * A cap on password checks running at once. Each argon2id check holds one of
 * libuv's four pool threads (which file access and DNS share) and a core for
 * about 90 ms on this 2-core server; a burst of sign-ins with invented emails
 * must not take them all. Beyond the cap a few wait their turn; beyond that,
 * an attempt is refused at once instead of queueing without bound.
 */
export const MAX_RUNNING_CHECKS = 2;
/** About 16 × 90 ms / 2 ≈ 0.7 s of waiting at most. */
export const MAX_WAITING_CHECKS = 16;
/** The error code next-auth hands to the sign-in form (lib/auth/sign-in-messages.ts). */
export const SIGN_IN_BUSY = "SignInBusy";

export type Release = () => void;

export class PasswordCheckLimiter {
  private running = 0;
  private readonly waiting: ((release: Release) => void)[] = [];

  constructor(
    readonly maxRunning = MAX_RUNNING_CHECKS,
    readonly maxWaiting = MAX_WAITING_CHECKS,
  ) {}

  /**
   * A turn: resolves when the check may run (call the release function once it is done), or undefined at once when
   * the line is full. Decided synchronously, so that the caller can count the attempt in the same turn of the loop.
   */
  enter(): Promise<Release> | undefined {
    if (this.running < this.maxRunning) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxWaiting) return undefined;
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Checks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The turn passes straight to the next in line, if any; `running` stays as it is then.
      const next = this.waiting.shift();
      if (next) next(this.releaser());
      else this.running--;
    };
  }
}

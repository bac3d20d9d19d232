/**
 * A token in hand before the study cache asks the partner service anything with a set of credentials. Credentials
 * that have never obtained one (new, mistyped or made up) ask for it under their caller's budget: every refused
 * token request from the portal spends the partner's allowance of failures for the portal's one address, which all
 * its users share (docs/partner-service.md, Rate limit), so one user's made-up connections must not spend it for
 * everyone. Beyond the budget nothing is sent, and the caller is told when one more is allowed (docs/security.md).
 */
import type { PartnerClient } from "@/lib/partner-client/client";
import { isPartnerError } from "@/lib/partner-client/errors";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { CallerLimitError } from "./caller-limits";
import type { ClientPool } from "./client-pool";
import { SlidingWindowLimit } from "./sliding-window";

/** Token requests a caller may send in any minute for credentials never proven. */
export const SIGN_INS_PER_MINUTE = 10;

export class SignIns {
  private readonly budget: SlidingWindowLimit<string>;

  constructor(
    private readonly clients: ClientPool,
    now?: () => number,
    private readonly perMinute = SIGN_INS_PER_MINUTE,
  ) {
    this.budget = new SlidingWindowLimit({ perWindow: perMinute, windowMs: 60_000, now });
  }

  /**
   * Resolves once `client` holds a token (its credentials are then proven: ClientPool.prove). A request is counted
   * against `caller`'s budget only when it would be sent and the credentials are unproven: a token held, a request
   * under way (joined) or a refusal remembered (thrown again) costs nothing. A caller-less ask (scripts) is not
   * counted.
   */
  async ensure(creds: PartnerCredentials, client: PartnerClient, caller?: string): Promise<void> {
    const { tokens } = client;
    if (tokens.held()) return;
    if (caller !== undefined && tokens.wouldRequest() && !this.clients.isProven(creds)) {
      const waitMs = this.budget.take(caller);
      if (waitMs > 0) {
        const retryAfterSeconds = Math.ceil(waitMs / 1000);
        throw new CallerLimitError({ kind: "sign-ins-limited", perMinute: this.perMinute, retryAfterSeconds });
      }
    }
    try {
      await tokens.get();
    } catch (error) {
      if (isPartnerError(error) && error.kind === "authentication") this.clients.disprove(creds);
      throw error;
    }
    this.clients.prove(creds, client);
  }
}

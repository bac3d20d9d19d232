/**
 * A token in hand before the study cache asks the partner service anything with a set of credentials. Credentials
 * that have never obtained one (new, mistyped or made up) ask for it under their caller's budget: every refused
 * token request from the portal spends the partner's allowance of failures for the portal's one address, which all
 * its users share (docs/partner-service.md, Rate limit), so one user's made-up connections must not spend it for
 * everyone. Beyond the budget nothing is sent, and the caller is told when one more is allowed (docs/security.md).
 * The budget is counted across the instances when they share Redis (docs/coordination.md): the partner sees one
 * address however many instances send; when it cannot be counted, nothing is sent either.
 */
import { takeCounted, type WindowLimit } from "@/lib/coordination/limits";
import { SlidingWindowLimit } from "@/lib/coordination/sliding-window";
import type { PartnerClient } from "@/lib/partner-client/client";
import { isPartnerError } from "@/lib/partner-client/errors";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { CallerLimitError, callerLimitOf } from "./caller-limits";
import type { ClientPool } from "./client-pool";

/** Token requests a caller may send in any minute for credentials never proven. */
export const SIGN_INS_PER_MINUTE = 10;

/** The budget's options, as lib/coordination/shared-limits.ts takes them (lib/study/study-cache-instance.ts). */
export const SIGN_IN_BUDGET = {
  name: "partner-sign-ins",
  what: "sign-ins with unchecked connections",
  perWindow: SIGN_INS_PER_MINUTE,
  windowMs: 60_000,
};

/** The budget in this process's memory: a study cache's own unless it is given one (StudyCacheOptions). */
export const memorySignInBudget = (now?: () => number): WindowLimit<string> =>
  new SlidingWindowLimit<string>({ ...SIGN_IN_BUDGET, now });

export class SignIns {
  /**
   * The sign-in under way of each client, from its budget's check to its token: the check is asynchronous (the
   * budget may be in Redis), so asks that come meanwhile join it instead of each spending the budget.
   */
  private readonly underWay = new WeakMap<PartnerClient, Promise<void>>();

  /** `budget`: the token requests each caller may send for unproven credentials, per key `caller`. */
  constructor(
    private readonly clients: ClientPool,
    private readonly budget: WindowLimit<string>,
  ) {}

  /**
   * Resolves once `client` holds a token (its credentials are then proven: ClientPool.prove). A request is counted
   * against `caller`'s budget only when it would be sent and the credentials are unproven: a token held, a sign-in
   * under way (joined) or a refusal remembered (thrown again) costs nothing. A caller-less ask (scripts) is not
   * counted.
   */
  async ensure(creds: PartnerCredentials, client: PartnerClient, caller?: string): Promise<void> {
    if (client.tokens.held()) return;
    const joined = this.underWay.get(client);
    if (joined) {
      try {
        return await joined;
      } catch (err) {
        // Refused its own caller's budget: this ask is counted against its own.
        if (callerLimitOf(err) === undefined) throw err;
        return this.ensure(creds, client, caller);
      }
    }
    const signIn = this.signIn(creds, client, caller);
    this.underWay.set(client, signIn);
    try {
      await signIn;
    } finally {
      if (this.underWay.get(client) === signIn) this.underWay.delete(client);
    }
  }

  private async signIn(creds: PartnerCredentials, client: PartnerClient, caller?: string): Promise<void> {
    const { tokens } = client;
    if (caller !== undefined && tokens.wouldRequest() && !this.clients.isProven(creds)) await this.spend(caller);
    try {
      await tokens.get();
    } catch (error) {
      if (isPartnerError(error) && error.kind === "authentication") this.clients.disprove(creds);
      throw error;
    }
    this.clients.prove(creds, client);
  }

  /** Counts a token request against the caller's budget; CallerLimitError when it is spent or cannot be counted. */
  private async spend(caller: string): Promise<void> {
    const waitMs = await takeCounted(this.budget, caller);
    if (waitMs === undefined) throw new CallerLimitError({ kind: "sign-ins-not-counted" });
    if (waitMs > 0) {
      const retryAfterSeconds = Math.ceil(waitMs / 1000);
      throw new CallerLimitError({ kind: "sign-ins-limited", perMinute: this.budget.perWindow, retryAfterSeconds });
    }
  }
}

/**
 * The facts of the failures the portal's pages explain, as plain data (the
 * "Test connection" report carries them to the browser): a partner failure
 * (lib/partner-client/errors.ts), a stored connection that cannot be used, a
 * limit of the user's (lib/study-cache/caller-limits.ts), or an error nobody
 * planned for. Only facts: the sentences a user reads are
 * written by the UI (components/feedback/error-advice.ts).
 */
import { SecretBoxError } from "@/lib/crypto/secret-box";
import { isPartnerError, type PartnerFailure } from "@/lib/partner-client/errors";
import { type CallerLimit, callerLimitOf } from "@/lib/study-cache/caller-limits";
import { type AllowListAudience, BaseUrlNotAllowedError } from "./allowlist";

/**
 * A stored connection refused before any request: its address is off the allow-list (the list only for an
 * administrator: ./allowlist.ts), or its secret unreadable.
 */
export type ConnectionUnusable =
  | { kind: "not-allowed"; baseUrl: string; allowed?: string[] }
  | { kind: "secret-unreadable" };

export type Failure = PartnerFailure | ConnectionUnusable | CallerLimit | { kind: "unexpected" };

/**
 * "Test connection" refused before any request: the user has tested too often in the last minute, or the tests
 * cannot be counted just now (Redis does not answer: docs/coordination.md) (test-limit.ts).
 */
export type TestsLimited = { kind: "tests-limited" } | { kind: "tests-not-counted" };

/**
 * The facts of an error the pages explain; undefined for any other error (a bug, which is not dressed up). The
 * allow-list is among them for an administrator only: the facts go to the browser.
 */
export function failureOf(
  err: unknown,
  audience: AllowListAudience = "user",
): PartnerFailure | ConnectionUnusable | CallerLimit | undefined {
  // Also an error of another bundle's copy of the client's classes (isPartnerError says why).
  if (isPartnerError(err)) return err.facts();
  const limit = callerLimitOf(err);
  if (limit) return limit;
  if (err instanceof BaseUrlNotAllowedError)
    return audience === "admin"
      ? { kind: "not-allowed", baseUrl: err.baseUrl, allowed: [...err.allowed] }
      : { kind: "not-allowed", baseUrl: err.baseUrl };
  if (err instanceof SecretBoxError) return { kind: "secret-unreadable" };
  return undefined;
}

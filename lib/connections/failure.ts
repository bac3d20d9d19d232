/**
 * The facts of the failures the portal's pages explain, as plain data (the
 * "Test connection" report carries them to the browser): a partner failure
 * (lib/partner-client/errors.ts), a stored connection that cannot be used,
 * or an error nobody planned for. Only facts: the sentences a user reads are
 * written by the UI (components/feedback/error-advice.ts).
 */
import { SecretBoxError } from "@/lib/crypto/secret-box";
import { isPartnerError, type PartnerFailure } from "@/lib/partner-client/errors";
import { BaseUrlNotAllowedError } from "./allowlist";

/** A stored connection refused before any request: its address is off the allow-list, or its secret unreadable. */
export type ConnectionUnusable =
  | { kind: "not-allowed"; baseUrl: string; allowed: string[] }
  | { kind: "secret-unreadable" };

export type Failure = PartnerFailure | ConnectionUnusable | { kind: "unexpected" };

/** "Test connection" refused before any request: the user has tested too often in the last minute (test-limit.ts). */
export type TestsLimited = { kind: "tests-limited" };

/** The facts of an error the pages explain; undefined for any other error (a bug, which is not dressed up). */
export function failureOf(err: unknown): PartnerFailure | ConnectionUnusable | undefined {
  // Also an error of another bundle's copy of the client's classes (isPartnerError says why).
  if (isPartnerError(err)) return err.facts();
  if (err instanceof BaseUrlNotAllowedError)
    return { kind: "not-allowed", baseUrl: err.baseUrl, allowed: [...err.allowed] };
  if (err instanceof SecretBoxError) return { kind: "secret-unreadable" };
  return undefined;
}

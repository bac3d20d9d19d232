/**
 * Sign-ins in the audit trail (docs/audit.md): a success under the account, a failure anonymously with its reason
 * code and the ID of the account the typed e-mail names, if any. Neither the password nor the typed e-mail is ever
 * written: a mistyped address may be someone else's, and people type passwords into the e-mail field.
 */
import type { Database } from "better-sqlite3";
import type { SignInFailure } from "@/lib/audit/audit-events";
import { recordAudit } from "@/lib/audit/record-audit";
import { RefusalSampler } from "@/lib/audit/refusal-sampler";
import { passwordAccount } from "@/lib/db/users";
import { processSingleton } from "@/lib/runtime/process-singleton";

type Method = "password" | "oidc";

/** Refusals answered before any password is checked: sampled per source (lib/audit/refusal-sampler.ts). */
const CHEAP: ReadonlySet<SignInFailure> = new Set(["invalid_input", "throttled_account", "throttled_address", "busy"]);

export const signInRefusalSampler = () => processSingleton("signInRefusalSampler", () => new RefusalSampler());

export function recordSignIn(db: Database, userId: number, method: Method, address: string | null): void {
  recordAudit(db, { actor: userId, address, action: "auth.sign_in", details: { method } });
}

/** Why a password sign-in of this e-mail failed, for a failure that got as far as the password check. */
export function passwordFailureReason(db: Database, email: string): SignInFailure {
  let account: ReturnType<typeof passwordAccount>;
  try {
    account = passwordAccount(db, email);
  } catch {
    return "server_error";
  }
  if (!account) return "unknown_account";
  if (account.disabled) return "account_disabled";
  return account.hasPassword ? "wrong_password" : "no_password";
}

export interface SignInFailureFacts {
  method: Method;
  reason: SignInFailure;
  /** The e-mail as typed, only to find the account it names; never written. */
  email: string | undefined;
  address: string | null;
  /** The key the source is limited by (lib/http/client-address.ts sourceKey). */
  source: string;
}

/**
 * Records a failed sign-in, cheap refusals at most once a minute per source and reason. A failure to write it is
 * logged, not thrown: the attempt is refused either way, and the refusal's code must reach the form.
 */
export function recordSignInFailure(db: Database, f: SignInFailureFacts, sampler = signInRefusalSampler()): void {
  try {
    let unrecorded: number | undefined;
    if (CHEAP.has(f.reason)) {
      const sample = sampler.take(`${f.reason}|${f.source}`);
      if (!sample.record) return;
      unrecorded = sample.unrecorded;
    }
    const account = f.email === undefined ? null : (passwordAccount(db, f.email)?.id ?? null);
    recordAudit(db, {
      actor: null,
      address: f.address,
      action: "auth.sign_in_failed",
      details: { method: f.method, reason: f.reason, account, unrecorded },
    });
  } catch (err) {
    console.error("audit: a failed sign-in could not be recorded:", err instanceof Error ? err.message : "unknown");
  }
}

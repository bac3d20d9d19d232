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

export const signInRefusalSampler = () =>
  processSingleton("signInRefusalSampler", () => new RefusalSampler<SignInFailureFacts>());

/** How often the counts whose minute has passed are written (RefusalSampler.due). */
const FLUSH_INTERVAL_MS = 15_000;

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
  guarded(() => {
    if (!CHEAP.has(f.reason)) return write(db, f, undefined);
    // Kept until its count is written: the e-mail only as long as an address may be.
    const sample = sampler.take(`${f.reason}|${f.source}`, { ...f, email: f.email?.slice(0, 254) });
    if (sample.record) write(db, f, sample.unrecorded);
  });
  if (sampler === signInRefusalSampler()) startFlushing(db);
}

/** Writes the cheap refusals counted but not written whose minute has passed, one entry per source and reason. */
export function flushSignInFailures(db: Database, sampler = signInRefusalSampler()): void {
  for (const { latest, unrecorded } of sampler.due()) guarded(() => write(db, latest, unrecorded));
}

function startFlushing(db: Database): void {
  processSingleton("signInRefusalFlush", () => {
    const timer = setInterval(() => flushSignInFailures(db), FLUSH_INTERVAL_MS);
    // Never what keeps the process alive.
    timer.unref();
    return timer;
  });
}

function write(db: Database, f: SignInFailureFacts, unrecorded: number | undefined): void {
  const account = f.email === undefined ? null : (passwordAccount(db, f.email)?.id ?? null);
  recordAudit(db, {
    actor: null,
    address: f.address,
    action: "auth.sign_in_failed",
    details: { method: f.method, reason: f.reason, account, unrecorded },
  });
}

function guarded(work: () => void): void {
  try {
    work();
  } catch (err) {
    console.error("audit: a failed sign-in could not be recorded:", err instanceof Error ? err.message : "unknown");
  }
}

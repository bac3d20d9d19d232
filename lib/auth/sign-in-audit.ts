/**
 * Sign-ins in the audit trail (docs/audit.md): a success under the account, a failure anonymously with its reason
 * code and the ID of the account the typed e-mail names, if any. Neither the password nor the typed e-mail is ever
 * written: a mistyped address may be someone else's, and people type passwords into the e-mail field.
 */
import type { SignInFailure } from "@/lib/audit/audit-events";
import { recordAudit } from "@/lib/audit/record-audit";
import { RefusalSampler } from "@/lib/audit/refusal-sampler";
import { passwordAccount } from "@/lib/db/users";
import { processSingleton } from "@/lib/runtime/process-singleton";
import type { Store } from "@/lib/store/store";

type Method = "password" | "oidc";

/** Refusals answered before any password is checked: sampled per source (lib/audit/refusal-sampler.ts). */
const CHEAP: ReadonlySet<SignInFailure> = new Set(["invalid_input", "throttled_account", "throttled_address", "busy"]);

export const signInRefusalSampler = () =>
  processSingleton("signInRefusalSampler", () => new RefusalSampler<SignInFailureFacts>());

/** How often the counts whose minute has passed are written (RefusalSampler.due). */
const FLUSH_INTERVAL_MS = 15_000;

export async function recordSignIn(store: Store, userId: number, method: Method, address: string | null) {
  await recordAudit(store, { actor: userId, address, action: "auth.sign_in", details: { method } });
}

/** Why a password sign-in of this e-mail failed, for a failure that got as far as the password check. */
export async function passwordFailureReason(store: Store, email: string): Promise<SignInFailure> {
  let account: Awaited<ReturnType<typeof passwordAccount>>;
  try {
    account = await passwordAccount(store, email);
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
export async function recordSignInFailure(
  store: Store,
  f: SignInFailureFacts,
  sampler = signInRefusalSampler(),
): Promise<void> {
  if (sampler === signInRefusalSampler()) startFlushing(store);
  // Counted at once (before any write is awaited), so that refusals sent side by side are counted one by one.
  if (!CHEAP.has(f.reason)) return guarded(() => write(store, f, undefined));
  // Kept until its count is written: the e-mail only as long as an address may be.
  const sample = sampler.take(`${f.reason}|${f.source}`, { ...f, email: f.email?.slice(0, 254) });
  if (sample.record) await guarded(() => write(store, f, sample.unrecorded));
}

/** Writes the cheap refusals counted but not written whose minute has passed, one entry per source and reason. */
export async function flushSignInFailures(store: Store, sampler = signInRefusalSampler()): Promise<void> {
  for (const { latest, unrecorded } of sampler.due()) await guarded(() => write(store, latest, unrecorded));
}

function startFlushing(store: Store): void {
  processSingleton("signInRefusalFlush", () => {
    const timer = setInterval(() => void flushSignInFailures(store), FLUSH_INTERVAL_MS);
    // Never what keeps the process alive.
    timer.unref();
    return timer;
  });
}

async function write(store: Store, f: SignInFailureFacts, unrecorded: number | undefined): Promise<void> {
  const account = f.email === undefined ? null : ((await passwordAccount(store, f.email))?.id ?? null);
  await recordAudit(store, {
    actor: null,
    address: f.address,
    action: "auth.sign_in_failed",
    details: { method: f.method, reason: f.reason, account, unrecorded },
  });
}

async function guarded(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    console.error("audit: a failed sign-in could not be recorded:", err instanceof Error ? err.message : "unknown");
  }
}

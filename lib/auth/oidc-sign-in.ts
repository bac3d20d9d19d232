/**
 * next-auth's signIn callback for single sign-on: it creates (or finds) the portal account of a verified identity
 * and lets it in unless disabled. Each outcome goes to the audit trail, a refusal with its reason code
 * (lib/auth/sign-in-audit.ts).
 */
import type { Database } from "better-sqlite3";
import type { SignInFailure } from "@/lib/audit/audit-events";
import { audited, recordAudit } from "@/lib/audit/record-audit";
import { requestAddress } from "@/lib/audit/request-address";
import { findUserByOidcSubject, OidcAccountConflictError, type User, upsertOidcUser } from "@/lib/db/users";
import { oidcProfileSchema } from "./oidc";
import { recordSignIn, recordSignInFailure } from "./sign-in-audit";

export async function oidcSignIn(db: Database, profile: unknown): Promise<boolean> {
  const address = await requestAddress();
  const refuse = (reason: SignInFailure, email?: string) => {
    recordSignInFailure(db, { method: "oidc", reason, email, address, source: address ?? "unknown" });
    return false;
  };
  const p = oidcProfileSchema.safeParse(profile);
  // Only an address the provider vouches for: a missing claim is no more proof than `false`.
  if (!p.success || p.data.email_verified !== true) return refuse("oidc_unverified_email");
  let user: ReturnType<typeof upsertOidcUser>;
  const created = findUserByOidcSubject(db, p.data.sub) === undefined;
  try {
    // A first sign-on adds an account: the account and its entry are written together, or neither.
    user = audited(db, () => {
      const u = upsertOidcUser(db, p.data.sub, p.data.email, p.data.name ?? p.data.email);
      if (created) recordAccountAdded(db, u, address);
      return u;
    });
  } catch (err) {
    // An account with this e-mail exists and is not linked to this identity; or the trail could not be written.
    if (err instanceof OidcAccountConflictError) return refuse("oidc_account_conflict", p.data.email);
    console.error("audit: a new account could not be recorded:", err instanceof Error ? err.message : "unknown");
    return false;
  }
  if (user.disabled) return refuse("account_disabled", user.email);
  // A trail that cannot be written refuses the sign-in, as for passwords.
  try {
    recordSignIn(db, user.id, "oidc", address);
  } catch (err) {
    console.error("audit: a sign-in could not be recorded:", err instanceof Error ? err.message : "unknown");
    return false;
  }
  return true;
}

function recordAccountAdded(db: Database, user: User, address: string | null): void {
  recordAudit(db, {
    actor: user.id,
    address,
    action: "user.add",
    details: { user: { id: user.id, email: user.email }, operator: { via: "oidc" }, role: user.role },
  });
}

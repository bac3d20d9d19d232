/**
 * next-auth's signIn callback for single sign-on: it admits a verified identity only as the allow-lists say
 * (oidc-admission.ts), creates (or finds) its portal account, and lets it in unless disabled. Each outcome goes to
 * the audit trail, a refusal with its reason code (lib/auth/sign-in-audit.ts). A refusal the user can do something
 * about is thrown as an error code, which next-auth puts in the /signin URL for the form to put in words.
 */
import type { SignInFailure } from "@/lib/audit/audit-events";
import { audited, recordAudit } from "@/lib/audit/record-audit";
import { requestAddress } from "@/lib/audit/request-address";
import {
  disableUser,
  findUserByOidcSubject,
  OidcAccountConflictError,
  type User,
  upsertOidcUser,
} from "@/lib/db/users";
import type { Store } from "@/lib/store/store";
import { oidcProfileSchema } from "./oidc";
import { ACCOUNT_AWAITS_APPROVAL, type Admission, admits, groupsIn, NOT_ADMITTED } from "./oidc-admission";
import { recordSignIn, recordSignInFailure } from "./sign-in-audit";

export async function oidcSignIn(store: Store, profile: unknown, admission: Admission): Promise<boolean> {
  const address = await requestAddress();
  const refuse = async (reason: SignInFailure, email?: string, code?: string) => {
    await recordSignInFailure(store, { method: "oidc", reason, email, address, source: address ?? "unknown" });
    if (code) throw new Error(code);
    return false;
  };
  const p = oidcProfileSchema.safeParse(profile);
  // Only an address the provider vouches for: a missing claim is no more proof than `false`.
  if (!p.success || p.data.email_verified !== true) return refuse("oidc_unverified_email");
  const created = (await findUserByOidcSubject(store, p.data.sub)) === undefined;
  if (!admits(admission, p.data.email, groupsIn(p.data, admission.groupsClaim), !created))
    return refuse("oidc_not_admitted", p.data.email, NOT_ADMITTED);
  let user: User;
  try {
    // A first sign-on adds an account: the account and its entry are written together, or neither.
    user = await audited(store, async (tx) => {
      const u = await upsertOidcUser(tx, p.data.sub, p.data.email, p.data.name ?? p.data.email);
      if (!created) return u;
      await recordAccountAdded(tx, u, address);
      if (!admission.approval) return u;
      await disableUser(tx, u.email);
      return { ...u, disabled: true };
    });
  } catch (err) {
    // An account with this e-mail exists and is not linked to this identity; or the trail could not be written.
    if (err instanceof OidcAccountConflictError) return refuse("oidc_account_conflict", p.data.email);
    console.error("audit: a new account could not be recorded:", err instanceof Error ? err.message : "unknown");
    return false;
  }
  // With approval on, a disabled account is taken to wait for it: the same words whether new or disabled later.
  if (user.disabled)
    return refuse("account_disabled", user.email, admission.approval ? ACCOUNT_AWAITS_APPROVAL : undefined);
  // A trail that cannot be written refuses the sign-in, as for passwords.
  try {
    await recordSignIn(store, user.id, "oidc", address);
  } catch (err) {
    console.error("audit: a sign-in could not be recorded:", err instanceof Error ? err.message : "unknown");
    return false;
  }
  return true;
}

async function recordAccountAdded(store: Store, user: User, address: string | null): Promise<void> {
  await recordAudit(store, {
    actor: user.id,
    address,
    action: "user.add",
    details: { user: { id: user.id, email: user.email }, operator: { via: "oidc" }, role: user.role },
  });
}

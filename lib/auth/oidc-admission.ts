/**
 * Whom single sign-on admits (docs/configuration.md, Single sign-on). A verified identity at the issuer is not
 * enough: the issuer may serve people the portal has no business with (a whole company, or anyone with an account
 * at a public provider). So an identity signs in only when every allow-list that is set admits it
 * (OIDC_ALLOWED_DOMAINS: its email's domain, "*" for any; OIDC_ALLOWED_GROUPS: one of the names in its groups
 * claim), at every sign-in, so that someone who leaves the group is refused from then on. With neither list set,
 * single sign-on creates no account: only identities already linked to one sign in.
 * With OIDC_NEW_ACCOUNTS_NEED_APPROVAL, an account it creates starts disabled until an administrator enables it.
 *
 * No server imports: the sign-in form's messages (sign-in-messages.ts) use the codes in the browser.
 */
import type { Env } from "@/lib/config/env";

/** The error codes next-auth hands to the sign-in form (lib/auth/sign-in-messages.ts). */
export const ACCOUNT_AWAITS_APPROVAL = "AccountAwaitsApproval";
export const NOT_ADMITTED = "SingleSignOnNotAdmitted";

export interface Admission {
  /** Lower case; "*" admits every domain. Undefined: not set. */
  domains?: readonly string[];
  groups?: readonly string[];
  groupsClaim: string;
  approval: boolean;
}

export const admissionOf = (e: Env): Admission => ({
  domains: e.OIDC_ALLOWED_DOMAINS,
  groups: e.OIDC_ALLOWED_GROUPS,
  groupsClaim: e.OIDC_GROUPS_CLAIM,
  approval: e.OIDC_NEW_ACCOUNTS_NEED_APPROVAL,
});

/** The claim's group names: an array of strings, or one string; anything else is none. At most 1,000 are read. */
export function groupsIn(profile: Record<string, unknown>, claim: string): string[] {
  const value = Object.hasOwn(profile, claim) ? profile[claim] : undefined;
  const list = Array.isArray(value) ? value.slice(0, 1_000) : [value];
  return list.filter((g): g is string => typeof g === "string");
}

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/** Whether an identity may sign in: `linked` when an account is linked to it already. */
export function admits(a: Admission, email: string, groups: readonly string[], linked: boolean): boolean {
  if (a.domains === undefined && a.groups === undefined) return linked;
  const domainOk = a.domains === undefined || a.domains.includes("*") || a.domains.includes(domainOf(email));
  const groupOk = a.groups === undefined || groups.some((g) => a.groups!.includes(g));
  return domainOk && groupOk;
}

/** One line for the server's log at start-up: whom single sign-on admits, and what a new account is. */
export function admissionSummary(a: Admission): string {
  const rules = [
    a.domains && `email domain ${a.domains.includes("*") ? "any" : a.domains.join(", ")}`,
    a.groups && `a group in claim "${a.groupsClaim}" among ${a.groups.join(", ")}`,
  ].filter(Boolean);
  if (rules.length === 0)
    return (
      "single sign-on creates no account (neither OIDC_ALLOWED_DOMAINS nor OIDC_ALLOWED_GROUPS is set): " +
      "only identities already linked to an account sign in."
    );
  const accounts = a.approval
    ? "new accounts wait for an administrator's approval (npm run users -- enable <email>)"
    : "new accounts can sign in at once";
  return `single sign-on admits identities with ${rules.join(" and ")}; ${accounts}.`;
}

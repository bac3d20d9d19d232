/**
 * Whom single sign-on admits and what account it makes, through oidcSignIn with the real database: the allow-lists
 * of email domains and groups, the default with neither set, and new accounts that wait for approval.
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { enableUser, findUserByOidcSubject } from "@/lib/db/users";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { ACCOUNT_AWAITS_APPROVAL, admissionOf, admissionSummary, NOT_ADMITTED } from "./oidc-admission";
import { oidcSignIn } from "./oidc-sign-in";

// Audit entries are keyed by a key derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

describe.each(STORE_KINDS)("single sign-on (%s)", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore(kind);
  });
  afterEach(async () => store.close());

  /** A sign-on of `sub` with a verified email, under the given settings. */
  const signOn = (settings: Record<string, string>, sub: string, email: string, claims: Record<string, unknown> = {}) =>
    oidcSignIn(store, { sub, email, email_verified: true, ...claims }, admissionOf(parseEnv(settings)));
  const reasons = async () =>
    (
      await store.db
        .selectFrom("audit_log")
        .select("details")
        .where("action", "=", "auth.sign_in_failed")
        .orderBy("id")
        .execute()
    ).map((r) => JSON.parse(r.details).reason);

  describe("single sign-on without an allow-list", () => {
    it("creates no account for a new identity, and says so", async () => {
      await expect(signOn({}, "s-1", "anyone@gmail.example")).rejects.toThrow(NOT_ADMITTED);
      expect(await findUserByOidcSubject(store, "s-1")).toBeUndefined();
      expect(await reasons()).toEqual(["oidc_not_admitted"]);
    });

    it("still signs in an identity already linked to an account", async () => {
      expect(await signOn({ OIDC_ALLOWED_DOMAINS: "example.org" }, "s-1", "ana@example.org")).toBe(true);
      expect(await signOn({}, "s-1", "ana@example.org")).toBe(true);
    });
  });

  describe("the allow-lists", () => {
    it("admit an email domain on OIDC_ALLOWED_DOMAINS, in any case, and no other (nor its subdomains)", async () => {
      const settings = { OIDC_ALLOWED_DOMAINS: "example.com, Partner.org" };
      expect(await signOn(settings, "s-1", "ana@example.com")).toBe(true);
      expect(await signOn(settings, "s-2", "Bo@PARTNER.ORG")).toBe(true);
      await expect(signOn(settings, "s-3", "eve@elsewhere.net")).rejects.toThrow(NOT_ADMITTED);
      await expect(signOn(settings, "s-4", "eve@mail.example.com")).rejects.toThrow(NOT_ADMITTED);
      await expect(signOn(settings, "s-5", "eve@example.com.evil.net")).rejects.toThrow(NOT_ADMITTED);
      expect(await findUserByOidcSubject(store, "s-3")).toBeUndefined();
    });

    it('admit any domain with "*", chosen explicitly', async () => {
      expect(await signOn({ OIDC_ALLOWED_DOMAINS: "*" }, "s-1", "anyone@anywhere.example")).toBe(true);
    });

    it("admit a member of a group on OIDC_ALLOWED_GROUPS, read from the claim OIDC_GROUPS_CLAIM names", async () => {
      const settings = { OIDC_ALLOWED_GROUPS: "portal-users,portal-admins" };
      expect(await signOn(settings, "s-1", "a@x.example", { groups: ["staff", "portal-users"] })).toBe(true);
      expect(await signOn(settings, "s-2", "b@x.example", { groups: "portal-admins" })).toBe(true);
      await expect(signOn(settings, "s-3", "c@x.example", { groups: ["staff"] })).rejects.toThrow(NOT_ADMITTED);
      await expect(signOn(settings, "s-4", "d@x.example", { groups: { "portal-users": true } })).rejects.toThrow();
      await expect(signOn(settings, "s-5", "e@x.example")).rejects.toThrow(NOT_ADMITTED);
      const roles = { ...settings, OIDC_GROUPS_CLAIM: "roles" };
      expect(await signOn(roles, "s-6", "f@x.example", { roles: ["portal-users"] })).toBe(true);
    });

    it("with both set, ask for both", async () => {
      const settings = { OIDC_ALLOWED_DOMAINS: "example.com", OIDC_ALLOWED_GROUPS: "portal-users" };
      expect(await signOn(settings, "s-1", "a@example.com", { groups: ["portal-users"] })).toBe(true);
      await expect(signOn(settings, "s-2", "b@example.com", { groups: [] })).rejects.toThrow(NOT_ADMITTED);
      await expect(signOn(settings, "s-3", "c@other.org", { groups: ["portal-users"] })).rejects.toThrow(NOT_ADMITTED);
    });

    it("are asked at every sign-in: an account whose identity left the group is refused", async () => {
      const settings = { OIDC_ALLOWED_GROUPS: "portal-users" };
      expect(await signOn(settings, "s-1", "a@x.example", { groups: ["portal-users"] })).toBe(true);
      await expect(signOn(settings, "s-1", "a@x.example", { groups: [] })).rejects.toThrow(NOT_ADMITTED);
    });
  });

  describe("new accounts that wait for approval", () => {
    const settings = { OIDC_ALLOWED_DOMAINS: "example.com", OIDC_NEW_ACCOUNTS_NEED_APPROVAL: "1" };

    it("are created disabled and told so, until an administrator enables them", async () => {
      await expect(signOn(settings, "s-1", "ana@example.com")).rejects.toThrow(ACCOUNT_AWAITS_APPROVAL);
      expect(await findUserByOidcSubject(store, "s-1")).toMatchObject({ email: "ana@example.com", disabled: true });
      await expect(signOn(settings, "s-1", "ana@example.com")).rejects.toThrow(ACCOUNT_AWAITS_APPROVAL);
      await enableUser(store, "ana@example.com");
      expect(await signOn(settings, "s-1", "ana@example.com")).toBe(true);
      expect(await reasons()).toEqual(["account_disabled", "account_disabled"]);
    });

    it("is off by default: a new account admitted by the allow-list signs in at once", async () => {
      expect(parseEnv({}).OIDC_NEW_ACCOUNTS_NEED_APPROVAL).toBe(false);
      expect(await signOn({ OIDC_ALLOWED_DOMAINS: "example.com" }, "s-1", "ana@example.com")).toBe(true);
    });
  });
});

describe("the start-up line", () => {
  it("says whom single sign-on admits and what a new account is", () => {
    const line = (s: Record<string, string>) => admissionSummary(admissionOf(parseEnv(s)));
    expect(line({})).toMatch(/^single sign-on creates no account \(neither OIDC_ALLOWED_DOMAINS nor/);
    expect(line({ OIDC_ALLOWED_DOMAINS: "example.com", OIDC_NEW_ACCOUNTS_NEED_APPROVAL: "true" })).toBe(
      "single sign-on admits identities with email domain example.com; new accounts wait for an administrator's " +
        "approval (npm run users -- enable <email>).",
    );
    expect(line({ OIDC_ALLOWED_DOMAINS: "*", OIDC_ALLOWED_GROUPS: "a,b" })).toBe(
      'single sign-on admits identities with email domain any and a group in claim "groups" among a, b; ' +
        "new accounts can sign in at once.",
    );
  });
});

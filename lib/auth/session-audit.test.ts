/**
 * Sign-out, a session the server ends, and single sign-on in the audit trail, through next-auth's callbacks and
 * events as the portal configures them (buildAuthOptions), with the real store of either kind.
 */
import { randomBytes } from "node:crypto";
import type { AuthOptions, User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { addUser, disableUser, resetPassword, setRole } from "@/lib/db/users";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { buildAuthOptions } from "./options";
import { ABSOLUTE_LIFETIME_SECONDS } from "./session-lifetime";

// Audit entries are keyed by a key derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const T0 = 1_760_000_000;
const PASSWORD = "a long password";
describe.each(STORE_KINDS)("the audit trail of sessions (%s)", (kind) => {
  let store: Store;
  let options: AuthOptions;
  let clock: { now: number };
  let ana: number;

  beforeEach(async () => {
    store = await testStore(kind);
    clock = { now: T0 * 1000 };
    const e = parseEnv({ OIDC_ALLOWED_DOMAINS: "example.org" });
    options = buildAuthOptions(e, "s".repeat(40), { store: async () => store, now: () => clock.now });
    ana = (await addUser(store, { email: "ana@example.org", name: "Ana", password: PASSWORD })).id;
  });
  afterEach(async () => store.close());

  async function signIn(): Promise<JWT> {
    const creds = options.providers[0] as CredentialsConfig & { options: CredentialsConfig };
    const user = (await creds.options.authorize({ email: "ana@example.org", password: PASSWORD }, {} as never)) as User;
    return options.callbacks!.jwt!({
      token: {},
      user,
      account: { provider: "credentials", type: "credentials", providerAccountId: user.id },
    });
  }
  /** A later request with this token: whether next-auth's check let it through. */
  const read = (token: JWT) =>
    Promise.resolve(options.callbacks!.jwt!({ token: { ...token, iat: clock.now / 1000 } } as never)).then(
      () => true,
      () => false,
    );
  const trail = async () =>
    (await store.db.selectFrom("audit_log").select(["action", "actor_id", "details"]).orderBy("id").execute()).map(
      (r) => ({
        action: r.action,
        actor: r.actor_id,
        details: JSON.parse(r.details) as unknown,
      }),
    );

  describe("sessions in the audit trail", () => {
    it("records a sign-out under its user; a copy of the signed-out cookie adds nothing", async () => {
      const token = await signIn();
      await options.events!.signOut!({ token, session: undefined as never });
      expect(await read(token)).toBe(false);
      expect((await trail()).slice(1)).toEqual([{ action: "auth.sign_out", actor: ana, details: {} }]);
    });

    it.each([
      ["a password reset", () => resetPassword(store, "ana@example.org", "another long password"), "sessions_ended"],
      ["a role change", () => setRole(store, "ana@example.org", "admin"), "sessions_ended"],
      ["disabling the account", () => disableUser(store, "ana@example.org"), "account_disabled"],
      ["deleting the account", () => store.db.deleteFrom("users").execute(), "account_missing"],
      [
        "the 12-hour limit",
        () => {
          clock.now += (ABSOLUTE_LIFETIME_SECONDS + 60) * 1000;
        },
        "lifetime",
      ],
    ])("records the session ended by %s once, however often its cookie comes back", async (_, change, reason) => {
      const token = await signIn();
      expect(await read(token)).toBe(true);
      await change();
      expect(await read(token)).toBe(false);
      expect(await read(token)).toBe(false);
      expect((await trail()).slice(1)).toEqual([{ action: "auth.session_ended", actor: ana, details: { reason } }]);
    });
  });

  describe("single sign-on in the audit trail", () => {
    const signInOidc = (profile: Record<string, unknown>) =>
      options.callbacks!.signIn!({
        user: { id: "x" },
        account: { provider: "oidc", type: "oauth", providerAccountId: String(profile.sub) },
        profile,
      } as never);

    it("records a verified identity's sign-in, the account its first sign-on adds, and each refusal", async () => {
      expect(await signInOidc({ sub: "s-1", email: "new@example.org", email_verified: true })).toBe(true);
      expect(await signInOidc({ sub: "s-2", email: "who@example.org" })).toBe(false);
      expect(await signInOidc({ sub: "s-3", email: "ana@example.org", email_verified: true })).toBe(false);
      const { id: newId } = await store.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", "new@example.org")
        .executeTakeFirstOrThrow();
      await disableUser(store, "new@example.org");
      expect(await signInOidc({ sub: "s-1", email: "new@example.org", email_verified: true })).toBe(false);
      expect(await trail()).toEqual([
        // The first sign-on adds the account (once: the later sign-on of s-1 adds none).
        {
          action: "user.add",
          actor: newId,
          details: { user: { id: newId, email: "new@example.org" }, operator: { via: "oidc" }, role: "user" },
        },
        { action: "auth.sign_in", actor: newId, details: { method: "oidc" } },
        {
          action: "auth.sign_in_failed",
          actor: null,
          details: { method: "oidc", reason: "oidc_unverified_email", account: null },
        },
        {
          action: "auth.sign_in_failed",
          actor: null,
          details: { method: "oidc", reason: "oidc_account_conflict", account: ana },
        },
        {
          action: "auth.sign_in_failed",
          actor: null,
          details: { method: "oidc", reason: "account_disabled", account: newId },
        },
      ]);
    });
  });
});

import { randomBytes } from "node:crypto";
import type { AuthOptions } from "next-auth";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { addUser, disableUser, findUserByOidcSubject } from "@/lib/db/users";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { oidcConfigProblem } from "./oidc";
import { buildAuthOptions } from "./options";
import { ABSOLUTE_LIFETIME_SECONDS, IDLE_TIMEOUT_SECONDS } from "./session-lifetime";
import { userForSession } from "./session-user";
import { SignInThrottle } from "./sign-in-throttle";

// Audit entries are keyed by a key derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const SECRET = "s".repeat(40);
const OIDC = {
  OIDC_ISSUER: "https://id.example.org/realms/portal/",
  OIDC_CLIENT_ID: "portal",
  OIDC_CLIENT_SECRET: "oidc-secret",
};
const T0 = 1_760_000_000;

describe.each(STORE_KINDS)("auth options (%s)", (kind) => {
  let store: Store;
  let userId: number;
  beforeAll(async () => {
    store = await testStore(kind);
    userId = (await addUser(store, { email: "ana@example.org", name: "Ana", password: "a long password" })).id;
    await addUser(store, { email: "off@example.org", name: "Off", password: "a long password" });
    await disableUser(store, "off@example.org");
  });
  afterAll(async () => store.close());

  function options(over: Record<string, string> = {}, clock = { now: T0 * 1000 }): AuthOptions {
    return buildAuthOptions(parseEnv(over), SECRET, { store: async () => store, now: () => clock.now });
  }
  const providerIds = (o: AuthOptions) => o.providers.map((p) => p.id);

  describe("auth options: OpenID Connect", () => {
    it("has only the credentials provider when OIDC is not configured", () => {
      expect(providerIds(options())).toEqual(["credentials"]);
    });

    it("adds the OIDC provider with the issuer's discovery document when all three variables are set", () => {
      const o = options({ ...OIDC, OIDC_NAME: "Acme SSO" });
      expect(providerIds(o)).toEqual(["credentials", "oidc"]);
      const oidc = o.providers[1] as OAuthConfig<Record<string, unknown>>;
      expect(oidc).toMatchObject({
        type: "oauth",
        name: "Acme SSO",
        issuer: "https://id.example.org/realms/portal",
        wellKnown: "https://id.example.org/realms/portal/.well-known/openid-configuration",
        clientId: "portal",
        clientSecret: "oidc-secret",
        idToken: true,
        checks: ["pkce", "state"],
      });
      expect(oidc.profile({ sub: "u-1", email: "a@example.org" }, {})).toEqual({
        id: "u-1",
        email: "a@example.org",
        name: "a@example.org",
      });
    });

    it("signs in only an email the provider marks verified: a missing claim is refused like `false`", async () => {
      const signIn = options({ ...OIDC, OIDC_ALLOWED_DOMAINS: "example.org" }).callbacks!.signIn!;
      const attempt = (sub: string, claims: Record<string, unknown>) =>
        signIn({
          user: { id: sub },
          account: { provider: "oidc", type: "oauth", providerAccountId: sub },
          profile: { sub, email: `${sub}@example.org`, ...claims },
        } as never);
      expect(await attempt("no-claim", {})).toBe(false);
      expect(await attempt("unverified", { email_verified: false })).toBe(false);
      expect(await attempt("as-text", { email_verified: "true" })).toBe(false);
      expect(await findUserByOidcSubject(store, "no-claim")).toBeUndefined();
      expect(await attempt("verified", { email_verified: true })).toBe(true);
      expect(await findUserByOidcSubject(store, "verified")).toMatchObject({
        email: "verified@example.org",
        role: "user",
      });
    });

    it("does not switch OIDC on, and reports the gap, when only some variables are set", () => {
      const partial = { OIDC_ISSUER: OIDC.OIDC_ISSUER, OIDC_CLIENT_ID: "portal" };
      expect(providerIds(options(partial))).toEqual(["credentials"]);
      expect(oidcConfigProblem(parseEnv(partial))).toMatch(/missing: OIDC_CLIENT_SECRET/);
      expect(oidcConfigProblem(parseEnv({}))).toBeUndefined();
      expect(oidcConfigProblem(parseEnv(OIDC))).toBeUndefined();
    });
  });

  describe("auth options: sessions", () => {
    it("uses JWT sessions whose cookie lasts the idle timeout, and the custom sign-in page", () => {
      const o = options();
      expect(o.session).toMatchObject({ strategy: "jwt", maxAge: IDLE_TIMEOUT_SECONDS });
      expect(o.jwt?.maxAge).toBe(IDLE_TIMEOUT_SECONDS);
      expect(o.pages?.signIn).toBe("/signin");
      expect(o.secret).toBe(SECRET);
    });

    it("authorizes a correct email and password only, for enabled accounts", async () => {
      const creds = options().providers[0] as CredentialsConfig & { options: CredentialsConfig };
      const authorize = (email: string, password: string) => creds.options.authorize({ email, password }, {} as never);
      expect(await authorize("ana@example.org", "a long password")).toEqual({
        id: String(userId),
        email: "ana@example.org",
        name: "Ana",
        sessionEpoch: 0,
      });
      expect(await authorize("ana@example.org", "wrong password")).toBeNull();
      expect(await authorize("off@example.org", "a long password")).toBeNull();
      expect(await authorize("", "")).toBeNull();
    });

    it("never locks an email out: after five failures the right password signs in, after a wait", async () => {
      const waits: number[] = [];
      const deps = {
        store: async () => store,
        throttle: new SignInThrottle(() => 0),
        wait: async (ms: number) => waits.push(ms),
      };
      const creds = buildAuthOptions(parseEnv({}), SECRET, deps).providers[0] as CredentialsConfig & {
        options: CredentialsConfig;
      };
      const authorize = (email: string, password: string) => creds.options.authorize({ email, password }, {} as never);
      for (let i = 0; i < 5; i++) expect(await authorize("ana@example.org", "wrong password")).toBeNull();
      expect(await authorize("ANA@example.org", "a long password")).toMatchObject({ email: "ana@example.org" });
      expect(waits).toEqual([1_000, 2_000, 4_000]);
    });

    it("counts guesses sent side by side: each past the third waits longer than the one before", async () => {
      const waits: number[] = [];
      const deps = {
        store: async () => store,
        throttle: new SignInThrottle(() => 0),
        wait: async (ms: number) => waits.push(ms),
      };
      const creds = buildAuthOptions(parseEnv({}), SECRET, deps).providers[0] as CredentialsConfig & {
        options: CredentialsConfig;
      };
      const guesses = await Promise.all(
        Array.from({ length: 9 }, () =>
          creds.options.authorize({ email: "ana@example.org", password: "wrong password" }, {} as never),
        ),
      );
      expect(guesses).toEqual(Array(9).fill(null));
      expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
    });

    it("records the sign-in time, keeps it through refreshes and ends the session when a limit passes", async () => {
      const clock = { now: T0 * 1000 };
      const o = options({}, clock);
      const jwt = o.callbacks!.jwt!;
      const user = { id: String(userId), email: "ana@example.org", name: "Ana" };
      const signedIn = await jwt({
        token: {},
        user,
        account: { provider: "credentials", type: "credentials", providerAccountId: String(userId) },
      });
      expect(signedIn).toMatchObject({ uid: userId, authTime: T0, email: "ana@example.org", sid: expect.any(String) });

      // A refresh 29 minutes after the last one passes; the token keeps its sign-in time.
      clock.now = (T0 + 29 * 60) * 1000;
      expect(await jwt({ token: { ...signedIn, iat: T0 } } as never)).toMatchObject({
        authTime: T0,
        sid: signedIn.sid,
      });
      // 30 idle minutes end it; so does the 12-hour limit, however recent the last activity.
      clock.now = (T0 + IDLE_TIMEOUT_SECONDS) * 1000;
      await expect(jwt({ token: { ...signedIn, iat: T0 } } as never)).rejects.toThrow();
      clock.now = (T0 + ABSOLUTE_LIFETIME_SECONDS) * 1000;
      await expect(
        jwt({ token: { ...signedIn, iat: T0 + ABSOLUTE_LIFETIME_SECONDS - 60 } } as never),
      ).rejects.toThrow();
    });

    it("ends the session of an account disabled after sign-in", async () => {
      const other = await addUser(store, { email: "later-off@example.org", name: "L", password: "a long password" });
      const jwt = options().callbacks!.jwt!;
      const token = await jwt({
        token: {},
        user: { id: String(other.id) },
        account: { provider: "credentials", type: "credentials", providerAccountId: "x" },
      });
      await expect(jwt({ token: { ...token, iat: T0 } } as never)).resolves.toBeTruthy();
      await disableUser(store, "later-off@example.org");
      await expect(jwt({ token: { ...token, iat: T0 } } as never)).rejects.toThrow();
    });

    it("the session carries the user ID, both times and its own ID; the DAL turns it into a SessionUser", async () => {
      const o = options();
      const sid = "7d444840-9dc0-41d0-a1b5-1b6f0f8e2a4c";
      const session = await o.callbacks!.session!({
        session: { expires: "x" },
        token: { uid: userId, authTime: T0, iat: T0 + 60, epoch: 0, sid, email: "ana@example.org", name: "Ana" },
      } as never);
      expect(session).toMatchObject({ user: { id: userId }, authTime: T0, lastSeen: T0 + 60, epoch: 0, sid });
      expect(await userForSession(store, session, T0 + 120)).toEqual({
        id: userId,
        email: "ana@example.org",
        name: "Ana",
        role: "user",
      });
      expect(await userForSession(store, session, T0 + 60 + IDLE_TIMEOUT_SECONDS)).toBeNull();
      expect(await userForSession(store, session, T0 + ABSOLUTE_LIFETIME_SECONDS)).toBeNull();
      expect(await userForSession(store, null, T0)).toBeNull();
      expect(
        await userForSession(store, { user: { id: 9999 }, authTime: T0, lastSeen: T0, epoch: 0, sid }, T0),
      ).toBeNull();
      const { sid: _, ...withoutSid } = session as unknown as Record<string, unknown>;
      expect(await userForSession(store, withoutSid, T0 + 120)).toBeNull();
    });
  });
});

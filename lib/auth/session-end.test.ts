/**
 * Ending a user's open sessions: a password reset, disabling the account or a
 * role change bumps its session epoch, and both checks that run on every
 * request (next-auth's jwt callback and the DAL's userForSession) refuse a
 * token signed in under an older one. Signing out ends one session: its ID is
 * listed as ended, and both checks refuse any copy of its token.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { AuthOptions, User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { MAX_ENDED_SESSIONS } from "@/lib/db/ended-sessions";
import { addUser, disableUser, enableUser, findUserByEmail, resetPassword, setRole } from "@/lib/db/users";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { buildAuthOptions } from "./options";
import { ABSOLUTE_LIFETIME_SECONDS } from "./session-lifetime";
import { userForSession } from "./session-user";

// Audit entries are keyed by a key derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const T0 = 1_760_000_000;
const PASSWORD = "a long password";
const NEW_PASSWORD = "another long password";

describe.each(STORE_KINDS)("the sessions of a user (%s)", (kind) => {
  let store: Store;
  let options: AuthOptions;
  beforeAll(async () => {
    store = await testStore(kind);
    options = buildAuthOptions(parseEnv({}), "s".repeat(40), { store: async () => store, now: () => T0 * 1000 });
  });
  afterAll(async () => store.close());

  let n = 0;
  async function newAccount(): Promise<string> {
    const email = `user-${++n}@example.org`;
    await addUser(store, { email, name: `User ${n}`, password: PASSWORD });
    return email;
  }

  /** The password check, as the sign-in form runs it. */
  async function authorize(email: string, password: string): Promise<User | null> {
    const creds = options.providers[0] as CredentialsConfig & { options: CredentialsConfig };
    return creds.options.authorize({ email, password }, {} as never) as Promise<User | null>;
  }

  /** The token next-auth issues for a user that passed the password check. */
  const issue = async (user: User): Promise<JWT> =>
    options.callbacks!.jwt!({
      token: {},
      user,
      account: { provider: "credentials", type: "credentials", providerAccountId: user.id },
    });

  async function signIn(email: string, password: string): Promise<JWT | undefined> {
    const user = await authorize(email, password);
    return user ? issue(user) : undefined;
  }

  /** Whether a later request with this token is still signed in, by each of the two checks. */
  async function accepted(token: JWT): Promise<{ jwt: boolean; dal: boolean }> {
    const read = { ...token, iat: T0 };
    const jwt = await Promise.resolve(options.callbacks!.jwt!({ token: read } as never)).then(
      () => true,
      () => false,
    );
    const session = await options.callbacks!.session!({ session: { expires: "x" }, token: read } as never);
    return { jwt, dal: (await userForSession(store, session, T0)) !== null };
  }

  const both = (ok: boolean) => ({ jwt: ok, dal: ok });

  describe("ending a user's sessions", () => {
    // [what happens after sign-in, the change, its old session kept?, the password a new sign-in uses (none: refused)]
    const cases: [string, (email: string) => unknown, boolean, string | undefined][] = [
      ["a password reset", (e) => resetPassword(store, e, NEW_PASSWORD), false, NEW_PASSWORD],
      ["disabling the account", (e) => disableUser(store, e), false, undefined],
      [
        "disabling and enabling again",
        async (e) => {
          await disableUser(store, e);
          await enableUser(store, e);
        },
        false,
        PASSWORD,
      ],
      ["a role change", (e) => setRole(store, e, "admin"), false, PASSWORD],
      ["setting the role the account has", (e) => setRole(store, e, "user"), true, PASSWORD],
      ["enabling an enabled account", (e) => enableUser(store, e), true, PASSWORD],
    ];

    it.each(cases)("%s", async (_name, change, oldKept, newPassword) => {
      const email = await newAccount();
      const before = (await signIn(email, PASSWORD))!;
      expect(await accepted(before)).toEqual(both(true));

      await change(email);
      expect(await accepted(before)).toEqual(both(oldKept));

      const after = await signIn(email, newPassword ?? PASSWORD);
      if (newPassword === undefined) return expect(after).toBeUndefined();
      expect(after).toBeDefined();
      expect(await accepted(after!)).toEqual(both(true));
    });

    it("a reset while the old password was being checked still ends the session it opens", async () => {
      const email = await newAccount();
      const checked = (await authorize(email, PASSWORD))!;
      await resetPassword(store, email, NEW_PASSWORD);
      expect(await accepted(await issue(checked))).toEqual(both(false));
    });

    it("a token without an epoch (signed in before epochs existed) is refused", async () => {
      const email = await newAccount();
      const { epoch, ...legacy } = (await signIn(email, PASSWORD))!;
      expect(epoch).toBe(0);
      await expect(options.callbacks!.jwt!({ token: { ...legacy, iat: T0 } } as never)).rejects.toThrow();
    });
  });

  /** next-auth's signOut event, as its sign-out route sends it: the decoded cookie of the session signing out. */
  const signOut = (token: JWT) => options.events!.signOut!({ token, session: undefined as never });

  describe("signing out", () => {
    it("ends the session server-side: a copy of its cookie, refreshed or not, is refused; others go on", async () => {
      const email = await newAccount();
      const session = (await signIn(email, PASSWORD))!;
      const elsewhere = (await signIn(email, PASSWORD))!;
      // A refresh re-issues the cookie with the same session ID (next-auth's own jti changes every time).
      const refreshed = await options.callbacks!.jwt!({ token: { ...session, iat: T0 } } as never);
      expect(refreshed.sid).toBe(session.sid);
      expect(elsewhere.sid).not.toBe(session.sid);

      await signOut(refreshed);
      expect(await accepted(session)).toEqual(both(false));
      expect(await accepted(refreshed)).toEqual(both(false));
      expect(await accepted(elsewhere)).toEqual(both(true));
      expect((await findUserByEmail(store, email))?.sessionEpoch).toBe(0);
    });

    it("keeps the ended session listed until the session's 12-hour limit has passed", async () => {
      const session = (await signIn(await newAccount(), PASSWORD))!;
      await signOut(session);
      const row = await store.db
        .selectFrom("ended_sessions")
        .select("expires_at")
        .where("session_id", "=", String(session.sid))
        .executeTakeFirstOrThrow();
      expect(row.expires_at).toBeGreaterThanOrEqual(T0 + ABSOLUTE_LIFETIME_SECONDS);
      expect(row.expires_at).toBeLessThanOrEqual(T0 + ABSOLUTE_LIFETIME_SECONDS + 120);
    });

    it("when the list is full of live entries, ends all of the user's sessions instead", async () => {
      const email = await newAccount();
      const session = (await signIn(email, PASSWORD))!;
      const elsewhere = (await signIn(email, PASSWORD))!;
      // A recursive count both stores speak: a list full of live entries in one statement.
      const fill = sql`WITH RECURSIVE n(i) AS
          (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < CAST(${MAX_ENDED_SESSIONS} AS INTEGER))
        INSERT INTO ended_sessions (session_id, expires_at)
        SELECT 'filler-' || i, CAST(${T0 + 3600} AS BIGINT) FROM n`;
      await fill.execute(store.db);
      try {
        await signOut(session);
        expect(await accepted(session)).toEqual(both(false));
        expect(await accepted(elsewhere)).toEqual(both(false));
      } finally {
        await store.db.deleteFrom("ended_sessions").where("session_id", "like", "filler-%").execute();
      }
    });

    it("a token without a session ID (signed in before sign-out ended sessions on the server) is refused", async () => {
      const { sid, ...legacy } = (await signIn(await newAccount(), PASSWORD))!;
      expect(sid).toEqual(expect.any(String));
      await expect(options.callbacks!.jwt!({ token: { ...legacy, iat: T0 } } as never)).rejects.toThrow();
    });

    it("a sign-out with no session of ours (no cookie, or a foreign one) ends nothing and does not fail", async () => {
      const listed = async () =>
        Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ended_sessions`.execute(store.db)).rows[0].n);
      const before = await listed();
      for (const token of [{}, { uid: 1, sid: "not-a-uuid", authTime: T0 }])
        await expect(Promise.resolve(signOut(token as JWT))).resolves.toBeUndefined();
      expect(await listed()).toEqual(before);
    });
  });
});

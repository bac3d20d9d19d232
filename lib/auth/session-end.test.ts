/**
 * Ending a user's open sessions: a password reset, disabling the account or a
 * role change bumps its session epoch, and both checks that run on every
 * request (next-auth's jwt callback and the DAL's userForSession) refuse a
 * token signed in under an older one.
 */
import type { Database } from "better-sqlite3";
import type { AuthOptions, User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { beforeAll, describe, expect, it } from "vitest";
import { openPortalDb } from "../db/portal-db";
import { addUser, disableUser, enableUser, resetPassword, setRole } from "../db/users";
import { parseEnv } from "../env";
import { buildAuthOptions } from "./options";
import { userForSession } from "./session-user";

const T0 = 1_760_000_000;
const PASSWORD = "a long password";
const NEW_PASSWORD = "another long password";

let db: Database;
let options: AuthOptions;
beforeAll(() => {
  db = openPortalDb(":memory:");
  options = buildAuthOptions(parseEnv({}), "s".repeat(40), { db: () => db, now: () => T0 * 1000 });
});

let n = 0;
async function newAccount(): Promise<string> {
  const email = `user-${++n}@example.org`;
  await addUser(db, { email, name: `User ${n}`, password: PASSWORD });
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
  return { jwt, dal: userForSession(db, session, T0) !== null };
}

const both = (ok: boolean) => ({ jwt: ok, dal: ok });

describe("ending a user's sessions", () => {
  // [what happens after sign-in, the change, its old session kept?, the password a new sign-in uses (none: refused)]
  const cases: [string, (email: string) => unknown, boolean, string | undefined][] = [
    ["a password reset", (e) => resetPassword(db, e, NEW_PASSWORD), false, NEW_PASSWORD],
    ["disabling the account", (e) => disableUser(db, e), false, undefined],
    [
      "disabling and enabling again",
      (e) => {
        disableUser(db, e);
        enableUser(db, e);
      },
      false,
      PASSWORD,
    ],
    ["a role change", (e) => setRole(db, e, "admin"), false, PASSWORD],
    ["setting the role the account has", (e) => setRole(db, e, "user"), true, PASSWORD],
    ["enabling an enabled account", (e) => enableUser(db, e), true, PASSWORD],
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
    await resetPassword(db, email, NEW_PASSWORD);
    expect(await accepted(await issue(checked))).toEqual(both(false));
  });

  it("a token without an epoch (signed in before epochs existed) is refused", async () => {
    const email = await newAccount();
    const { epoch, ...legacy } = (await signIn(email, PASSWORD))!;
    expect(epoch).toBe(0);
    await expect(options.callbacks!.jwt!({ token: { ...legacy, iat: T0 } } as never)).rejects.toThrow();
  });
});

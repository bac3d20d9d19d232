/**
 * The credentials check as next-auth calls it, with the real store (of either
 * kind) and hashes: legacy hashes, the waits after failures, the per-address
 * limit, and the cap on password checks running at once (counted around the
 * real verifyPassword).
 */
import { randomBytes } from "node:crypto";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { testPrefix, testRedisEach, unreachableRedis } from "@/lib/coordination/testing";
import { legacyBcrypt } from "@/lib/db/testing";
import { addUser } from "@/lib/db/users";
import { PEER_HEADER } from "@/lib/http/client-address";
import { fromPeer } from "@/lib/http/testing";
import { forgetProcessSingleton } from "@/lib/runtime/process-singleton";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { type CredentialsDeps, credentialsProvider } from "./credentials";
import { PasswordCheckLimiter, SIGN_IN_BUSY } from "./password-check-limiter";
import { redisFailureLogOf } from "./shared-sign-in-throttle";
import { signInErrorMessage } from "./sign-in-messages";
import {
  MAX_DELAY_MS,
  MAX_TRACKED,
  SIGN_IN_UNCOUNTED,
  SignInThrottle,
  TOO_MANY_FROM_ADDRESS,
} from "./sign-in-throttle";

// Audit entries are keyed by a key derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const checks = vi.hoisted(() => ({ running: 0, most: 0 }));
vi.mock("@/lib/db/users", async (original) => {
  const real = await original<typeof import("@/lib/db/users")>();
  return {
    ...real,
    verifyPassword: async (...args: Parameters<typeof real.verifyPassword>) => {
      checks.most = Math.max(checks.most, ++checks.running);
      try {
        return await real.verifyPassword(...args);
      } finally {
        checks.running--;
      }
    },
  };
});

const PASSWORD = "a long password";

describe.each(STORE_KINDS)("the credentials provider (%s)", (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await testStore(kind);
    await addUser(store, { email: "ana@example.org", name: "Ana", password: PASSWORD });
  });
  afterAll(async () => store.close());

  type Authorize = (email: string, password: string, headers?: Record<string, string>) => Promise<unknown>;
  /** The waits attempts were given, in milliseconds: the fake wait of every authorizer below ends at once. */
  let waits: number[] = [];
  function authorizer(deps: Partial<CredentialsDeps> = {}, env: Record<string, string> = {}): Authorize {
    waits = [];
    const wait = async (ms: number) => waits.push(ms);
    const fresh = { throttle: new SignInThrottle(), limiter: new PasswordCheckLimiter(), wait };
    const provider = credentialsProvider(parseEnv(env), {
      store: async () => store,
      ...fresh,
      ...deps,
    }) as CredentialsConfig & {
      options: CredentialsConfig;
    };
    return (email, password, headers = {}) =>
      Promise.resolve(provider.options.authorize({ email, password }, { headers } as never));
  }
  const from = fromPeer;
  const hashOf = async (email: string) =>
    (await store.db.selectFrom("users").select("password_hash").where("email", "=", email).executeTakeFirstOrThrow())
      .password_hash;

  describe("sign-in with email and password", () => {
    it("refuses unknown emails and wrong passwords, and lets the right password in", async () => {
      const authorize = authorizer();
      expect(await authorize("nobody@example.org", PASSWORD)).toBeNull();
      expect(await authorize("ana@example.org", "wrong password")).toBeNull();
      expect(await authorize("ana@example.org", PASSWORD)).toMatchObject({ email: "ana@example.org" });
    });

    it("a failure of the server's own becomes one generic code, so its words never reach the /signin URL", async () => {
      const corrupt = () => {
        throw new Error("SQLITE_CORRUPT: database disk image is malformed at /srv/data/portal.db");
      };
      const broken: Store = {
        kind,
        get db(): never {
          return corrupt();
        },
        inWrite: false,
        write: async () => corrupt(),
        close: async () => {},
      };
      const authorize = authorizer({ store: async () => broken });
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      await expect(authorize("ana@example.org", PASSWORD)).rejects.toThrow(/^SignInFailed$/);
      quiet.mockRestore();
    });

    it("signs in with a bcrypt hash from before and replaces it by an argon2id hash", async () => {
      const legacy = legacyBcrypt(PASSWORD, "2b");
      await addUser(store, { email: "old@example.org", name: "Old", password: PASSWORD });
      await store.db
        .updateTable("users")
        .set({ password_hash: legacy })
        .where("email", "=", "old@example.org")
        .execute();
      const authorize = authorizer();
      expect(await authorize("old@example.org", "wrong password")).toBeNull();
      expect(await hashOf("old@example.org")).toBe(legacy);
      expect(await authorize("old@example.org", PASSWORD)).toMatchObject({ email: "old@example.org" });
      expect(await hashOf("old@example.org")).toMatch(/^\$argon2id\$/);
      expect(await authorize("old@example.org", PASSWORD)).toMatchObject({ email: "old@example.org" });
    });
  });

  describe("failed sign-ins for one email", () => {
    it("make later attempts wait longer, from any source, up to a cap: never a lockout of the email", async () => {
      const authorize = authorizer();
      for (let i = 0; i < 8; i++)
        expect(await authorize("ana@example.org", "wrong password", from(`198.51.100.${i}`))).toBeNull();
      expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
      // The owner, from an address of their own, is held the cap (no longer) and then signed in.
      expect(await authorize("ana@example.org", PASSWORD, from("203.0.113.50"))).toMatchObject({
        email: "ana@example.org",
      });
      expect(waits.at(-1)).toBe(MAX_DELAY_MS);
      // Signing in forgets the email's failures.
      expect(await authorize("ana@example.org", PASSWORD, from("203.0.113.50"))).toMatchObject({
        id: expect.any(String),
      });
      expect(waits).toHaveLength(6);
    });

    it("count guesses sent side by side one by one, so each waits longer than the one before", async () => {
      const authorize = authorizer();
      const guesses = Array.from({ length: 6 }, (_, i) =>
        authorize("ana@example.org", `guess ${i}`, from(`10.3.0.${i}`)),
      );
      await Promise.all(guesses);
      expect(waits).toEqual([1_000, 2_000, 4_000]);
    });
  });

  describe("failed sign-ins per source address", () => {
    it("five failures from one address, whatever the emails, refuse a 6th; another address signs in", async () => {
      forgetProcessSingleton("signInThrottle");
      try {
        // The process's throttle, with its limit from the environment.
        const authorize = authorizer({ throttle: undefined }, { SIGN_IN_MAX_FAILURES_PER_ADDRESS: "5" });
        for (let i = 0; i < 5; i++)
          expect(await authorize(`guess-${i}@example.org`, "wrong password", from("203.0.113.7"))).toBeNull();
        await expect(authorize("ana@example.org", PASSWORD, from("203.0.113.7"))).rejects.toThrow(
          TOO_MANY_FROM_ADDRESS,
        );
        await expect(authorize("guess-9@example.org", "x", from("203.0.113.7"))).rejects.toThrow(TOO_MANY_FROM_ADDRESS);
        expect(await authorize("ana@example.org", PASSWORD, from("198.51.100.1"))).toMatchObject({
          id: expect.any(String),
        });
      } finally {
        forgetProcessSingleton("signInThrottle");
      }
    });

    it("counts IPv6 addresses by their /64, so a subscriber's many addresses share one allowance", async () => {
      const authorize = authorizer({ throttle: new SignInThrottle(Date.now, 3) });
      for (const host of ["1", "2", "3"])
        expect(await authorize(`g${host}@example.org`, "wrong password", from(`2001:db8:1:2::${host}`))).toBeNull();
      await expect(authorize("ana@example.org", PASSWORD, from("2001:db8:1:2::99"))).rejects.toThrow(
        TOO_MANY_FROM_ADDRESS,
      );
      expect(await authorize("ana@example.org", PASSWORD, from("2001:db8:1:3::1"))).toMatchObject({
        email: "ana@example.org",
      });
    });

    it("behind a trusted proxy counts the address the proxy saw, not one the client wrote", async () => {
      const authorize = authorizer({ throttle: new SignInThrottle(Date.now, 2) }, { TRUSTED_PROXY_HOPS: "1" });
      const via = (claimed: string) => ({ "x-forwarded-for": `${claimed}, 203.0.113.7`, [PEER_HEADER]: "10.0.0.2" });
      expect(await authorize("a@example.org", "wrong password", via("1.1.1.1"))).toBeNull();
      expect(await authorize("b@example.org", "wrong password", via("2.2.2.2"))).toBeNull();
      await expect(authorize("c@example.org", "wrong password", via("3.3.3.3"))).rejects.toThrow(TOO_MANY_FROM_ADDRESS);
    });
  });

  describe("failed sign-ins counted in Redis", () => {
    const redis = testRedisEach();
    const onRedis = (client: ReturnType<typeof redis>) =>
      new SignInThrottle(Date.now, 3, MAX_TRACKED, redisFailureLogOf(client));

    it("refuse a source on one instance for its failures on another", async () => {
      const prefix = testPrefix();
      const one = authorizer({ throttle: onRedis(redis(prefix)) });
      const two = authorizer({ throttle: onRedis(redis(prefix)) });
      expect(await one("a@example.org", "wrong password", from("203.0.113.9"))).toBeNull();
      expect(await two("b@example.org", "wrong password", from("203.0.113.9"))).toBeNull();
      expect(await one("c@example.org", "wrong password", from("203.0.113.9"))).toBeNull();
      await expect(two("ana@example.org", PASSWORD, from("203.0.113.9"))).rejects.toThrow(TOO_MANY_FROM_ADDRESS);
      expect(await one("ana@example.org", PASSWORD, from("198.51.100.9"))).toMatchObject({ email: "ana@example.org" });
    });

    it("are refused in words, no password compared, when Redis does not answer", async () => {
      const client = unreachableRedis();
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const authorize = authorizer({ throttle: onRedis(client) });
        checks.most = 0;
        await expect(authorize("ana@example.org", PASSWORD, from("10.5.0.1"))).rejects.toThrow(SIGN_IN_UNCOUNTED);
        expect(checks.most).toBe(0);
        expect(signInErrorMessage(SIGN_IN_UNCOUNTED)).toMatch(/^The server cannot count sign-in attempts just now/);
      } finally {
        quiet.mockRestore();
        client.disconnect();
      }
    });
  });

  describe("password checks at once", () => {
    it("never runs more than the cap, lets a short line wait, and refuses the rest at once", async () => {
      const authorize = authorizer({ limiter: new PasswordCheckLimiter(2, 6) });
      checks.most = 0;
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) => authorize(`user-${i}@example.org`, "wrong password", from(`10.1.0.${i}`))),
      );
      expect(checks.most).toBe(2);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(8);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(refused.map((r) => String(r.reason))).toEqual(Array(4).fill(`Error: ${SIGN_IN_BUSY}`));
    });

    it("an attempt refused as busy does not count as a failure", async () => {
      const limiter = new PasswordCheckLimiter(1, 0);
      const throttle = new SignInThrottle(Date.now, 1);
      const authorize = authorizer({ limiter, throttle });
      const first = authorize("a@example.org", "wrong password", from("10.2.0.1"));
      await expect(authorize("ana@example.org", PASSWORD, from("10.2.0.2"))).rejects.toThrow(SIGN_IN_BUSY);
      await first;
      expect(await authorize("ana@example.org", PASSWORD, from("10.2.0.2"))).toMatchObject({
        email: "ana@example.org",
      });
    });

    it("an attempt refused as busy after its wait does not count as a failure either", async () => {
      const throttle = new SignInThrottle(() => 0);
      for (let i = 0; i < 3; i++) await throttle.fail("ana@example.org", `10.4.0.${i}`);
      const authorize = authorizer({ limiter: new PasswordCheckLimiter(1, 0), throttle });
      // Takes the only turn at once (no failures of its own to wait for); ana's attempt waits first, then finds none.
      const first = authorize("someone@example.org", "wrong password", from("10.4.1.1"));
      await expect(authorize("ana@example.org", PASSWORD, from("10.4.1.2"))).rejects.toThrow(SIGN_IN_BUSY);
      await first;
      expect(waits).toEqual([1_000]);
      expect(await throttle.delay("ana@example.org", "10.4.1.3")).toBe(1_000);
    });
  });
});

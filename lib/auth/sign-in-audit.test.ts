/**
 * Sign-ins in the audit trail, through the credentials provider's authorize as next-auth calls it, with the real
 * store of either kind: a success under the account with its source address, each failure with its reason code, and no
 * password (nor the typed e-mail) anywhere in the stored row.
 */
import { randomBytes } from "node:crypto";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RefusalSampler } from "@/lib/audit/refusal-sampler";
import { parseEnv } from "@/lib/config/env";
import { addUser, disableUser } from "@/lib/db/users";
import { fromPeer } from "@/lib/http/testing";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { credentialsProvider } from "./credentials";
import { PasswordCheckLimiter } from "./password-check-limiter";
import { flushSignInFailures, type SignInFailureFacts } from "./sign-in-audit";
import { SignInThrottle } from "./sign-in-throttle";

// Audit entries are keyed by a key derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const PASSWORD = "the right long password";
const WRONG = "Wrong-Guess-7c1e9a";
describe.each(STORE_KINDS)("sign-ins in the audit trail (%s)", (kind) => {
  let store: Store;
  let ana: number;
  let clock: { now: number };
  let sampler: RefusalSampler<SignInFailureFacts>;
  let authorize: (email: string, password: string, address?: string) => Promise<unknown>;

  beforeEach(async () => {
    store = await testStore(kind);
    ana = (await addUser(store, { email: "ana@example.org", name: "Ana", password: PASSWORD })).id;
    await addUser(store, { email: "off@example.org", name: "Off", password: PASSWORD });
    await disableUser(store, "off@example.org");
    clock = { now: 0 };
    sampler = new RefusalSampler<SignInFailureFacts>(() => clock.now);
    const deps = {
      store: async () => store,
      // Five failures from one source refuse it: the refusals' entries are tested below.
      throttle: new SignInThrottle(Date.now, 5),
      limiter: new PasswordCheckLimiter(),
      wait: async () => {},
      sampler,
    };
    const provider = credentialsProvider(parseEnv({}), deps) as CredentialsConfig & { options: CredentialsConfig };
    authorize = (email, password, address = "203.0.113.5") =>
      Promise.resolve(provider.options.authorize({ email, password }, { headers: fromPeer(address) } as never));
  });

  afterEach(async () => store.close());

  type Row = Record<string, unknown>;
  const entries = async (): Promise<Row[]> => store.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
  const detailsOf = (row: Row) => JSON.parse(row.details as string) as Record<string, unknown>;

  describe("sign-in entries", () => {
    it("records a success under the account, with the request's source address", async () => {
      expect(await authorize("Ana@Example.org", PASSWORD)).toMatchObject({ email: "ana@example.org" });
      const [row] = await entries();
      expect(row).toMatchObject({
        action: "auth.sign_in",
        actor_id: ana,
        actor_email: "ana@example.org",
        address: "203.0.113.5",
      });
      expect(detailsOf(row)).toEqual({ method: "password" });
    });

    it.each([
      ["ana@example.org", WRONG, "wrong_password", "ana"],
      ["off@example.org", PASSWORD, "account_disabled", "off"],
      ["nobody.typo@example.org", WRONG, "unknown_account", null],
    ])("records %s refused as %s, anonymously, naming the account by ID only", async (email, password, reason, who) => {
      expect(await authorize(email, password)).toBeNull();
      const [row] = await entries();
      const account =
        who === null
          ? null
          : (await store.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
      expect(row).toMatchObject({ action: "auth.sign_in_failed", actor_id: null, actor_email: null });
      expect(detailsOf(row)).toEqual({ method: "password", reason, account });
      // Nowhere in the row: not the password, not the typed e-mail.
      const whole = JSON.stringify(row);
      expect(whole).not.toContain(password);
      expect(whole).not.toContain(WRONG.toLowerCase());
      expect(whole).not.toContain(email);
    });

    it("records an account without a password (single sign-on only) as no_password", async () => {
      await store.db.updateTable("users").set({ password_hash: null }).where("id", "=", ana).execute();
      expect(await authorize("ana@example.org", PASSWORD)).toBeNull();
      expect(detailsOf((await entries())[0])).toMatchObject({ reason: "no_password", account: ana });
    });

    it("records a form without its fields as invalid_input", async () => {
      expect(await authorize("", "")).toBeNull();
      expect(detailsOf((await entries())[0])).toEqual({
        method: "password",
        reason: "invalid_input",
        account: null,
        unrecorded: 0,
      });
    });

    it("records throttled attempts once a minute per source, counting the ones in between", async () => {
      for (let i = 0; i < 5; i++) await authorize("ana@example.org", WRONG);
      for (let i = 0; i < 3; i++) await expect(authorize("ana@example.org", PASSWORD)).rejects.toThrow();
      clock.now = 60_000;
      await expect(authorize("ana@example.org", PASSWORD)).rejects.toThrow();
      const throttled = (await entries()).filter((r) => detailsOf(r).reason === "throttled_address");
      expect(throttled.map(detailsOf)).toEqual([
        { method: "password", reason: "throttled_address", account: ana, unrecorded: 0 },
        { method: "password", reason: "throttled_address", account: ana, unrecorded: 2 },
      ]);
      expect((await entries()).filter((r) => detailsOf(r).reason === "wrong_password")).toHaveLength(5);
      expect(JSON.stringify(await entries())).not.toContain(PASSWORD);
    });
    it("writes throttled attempts still counted once their minute has passed, with no typed e-mail", async () => {
      for (let i = 0; i < 5; i++) await authorize("ana@example.org", WRONG);
      for (let i = 0; i < 4; i++) await expect(authorize("ana@example.org", PASSWORD)).rejects.toThrow();
      await flushSignInFailures(store, sampler);
      expect((await entries()).filter((r) => detailsOf(r).reason === "throttled_address")).toHaveLength(1);
      clock.now = 60_000;
      await flushSignInFailures(store, sampler);
      const throttled = (await entries()).filter((r) => detailsOf(r).reason === "throttled_address");
      // The first refusal, then the fourth standing for itself and the two before it.
      expect(throttled.map(detailsOf)).toEqual([
        { method: "password", reason: "throttled_address", account: ana, unrecorded: 0 },
        { method: "password", reason: "throttled_address", account: ana, unrecorded: 2 },
      ]);
      expect(JSON.stringify(await entries())).not.toContain("ana@example.org");
    });
  });
});

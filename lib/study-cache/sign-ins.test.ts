/**
 * The budget of token requests for unproven credentials (the partner sees one address, whatever the instance), on
 * memory and on Redis, against the in-process partner service: spent across instances sharing Redis, and refused,
 * nothing sent, when it cannot be counted.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WindowLimit } from "@/lib/coordination/limits";
import { RedisWindowLimit } from "@/lib/coordination/redis-window-limit";
import { LIMIT_KINDS, testPrefix, testRedisEach, unreachableRedis } from "@/lib/coordination/testing";
import { AuthenticationError } from "@/lib/partner-client/errors";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import { TOKEN_PATH } from "@/partner-api/paths";
import { createTestService, credsOf, northstar, type TestService } from "@/partner-service/testing";
import { CallerLimitError, callerLimitOf } from "./caller-limits";
import { type CachedRecordType, ROW_MAPPERS } from "./row-mappers";
import { memorySignInBudget, SIGN_IN_BUDGET, SIGN_INS_PER_MINUTE } from "./sign-ins";
import { StudyCache } from "./study-cache";

let t: TestService;
beforeEach(async () => {
  t = await createTestService({ data: { subjects: 2, visits: 2 } });
});
afterEach(() => t.db.close());

const fast: RetryPolicy = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 5_000, maxRetryAfterMs: 1_000 };
const madeUp = (i: number) => ({ ...credsOf(northstar), clientId: `made-up-${i}`, clientSecret: `guess-${i}` });
const ALICE = { caller: "user:1" };

/** An instance's study cache with the budget given, counting the token requests it sends. */
function instance(budget: WindowLimit<string>, seen = { tokenRequests: 0 }) {
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith(TOKEN_PATH)) seen.tokenRequests++;
    return t.fetch(input, init);
  }) as typeof fetch;
  const cache = new StudyCache({
    ttlMs: 3_600_000,
    maxBytes: 16 * 1024 * 1024,
    signInBudget: budget,
    client: { fetch: fetchImpl, retry: fast, concurrency: 1 },
  });
  return { cache, seen };
}

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe.each(LIMIT_KINDS)("the sign-in budget (%s)", (kind) => {
  const redis = testRedisEach();
  const budget = (): WindowLimit<string> =>
    kind === "memory" ? memorySignInBudget() : new RedisWindowLimit<string>(redis(), SIGN_IN_BUDGET);

  it("sends a caller's token requests for unproven credentials up to the budget, then none", async () => {
    const { cache, seen } = instance(budget());
    for (let i = 0; i < SIGN_INS_PER_MINUTE; i++)
      expect(await failureOf(cache.rows(madeUp(i), "ONC-101", "Group", ALICE))).toBeInstanceOf(AuthenticationError);
    const refused = await failureOf(cache.rows(madeUp(99), "ONC-101", "Group", ALICE));
    expect(callerLimitOf(refused)).toMatchObject({ kind: "sign-ins-limited", perMinute: SIGN_INS_PER_MINUTE });
    expect((callerLimitOf(refused) as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(seen.tokenRequests).toBe(SIGN_INS_PER_MINUTE);
    // Another caller has a budget of its own.
    expect(await failureOf(cache.rows(madeUp(99), "ONC-101", "Group", { caller: "user:2" }))).toBeInstanceOf(
      AuthenticationError,
    );
  });

  it("counts asks for the same credentials sent side by side once: they join one sign-in", async () => {
    const { cache, seen } = instance(budget());
    const types = Object.keys(ROW_MAPPERS) as CachedRecordType[];
    const asks = await Promise.all(types.map((k) => failureOf(cache.rows(madeUp(0), "ONC-101", k, ALICE))));
    for (const refused of asks) expect(refused).toBeInstanceOf(AuthenticationError);
    expect(seen.tokenRequests).toBe(1);
    // The rest of the budget is left: nine more sign-ins are sent.
    for (let i = 1; i < SIGN_INS_PER_MINUTE; i++)
      expect(await failureOf(cache.rows(madeUp(i), "ONC-101", "Group", ALICE))).toBeInstanceOf(AuthenticationError);
    expect(seen.tokenRequests).toBe(SIGN_INS_PER_MINUTE);
  });
});

describe("the sign-in budget in Redis", () => {
  const redis = testRedisEach();

  it("is one budget for a caller on every instance: the partner hears no more than it allows", async () => {
    const prefix = testPrefix();
    const seen = { tokenRequests: 0 };
    const one = instance(new RedisWindowLimit<string>(redis(prefix), SIGN_IN_BUDGET), seen).cache;
    const two = instance(new RedisWindowLimit<string>(redis(prefix), SIGN_IN_BUDGET), seen).cache;
    for (let i = 0; i < SIGN_INS_PER_MINUTE; i++)
      await failureOf((i % 2 ? two : one).rows(madeUp(i), "ONC-101", "Group", ALICE));
    expect(seen.tokenRequests).toBe(SIGN_INS_PER_MINUTE);
    for (const cache of [one, two])
      expect(callerLimitOf(await failureOf(cache.rows(madeUp(99), "ONC-101", "Group", ALICE)))?.kind).toBe(
        "sign-ins-limited",
      );
    expect(seen.tokenRequests).toBe(SIGN_INS_PER_MINUTE);
  });

  it("refuses, sending nothing, when the budget cannot be counted", async () => {
    const client = unreachableRedis();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { cache, seen } = instance(new RedisWindowLimit<string>(client, SIGN_IN_BUDGET));
      const refused = await failureOf(cache.rows(madeUp(1), "ONC-101", "Group", ALICE));
      expect(refused).toBeInstanceOf(CallerLimitError);
      expect(callerLimitOf(refused)).toEqual({ kind: "sign-ins-not-counted" });
      expect(seen.tokenRequests).toBe(0);
    } finally {
      quiet.mockRestore();
      client.disconnect();
    }
  });
});

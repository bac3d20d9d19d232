/**
 * What the study cache limits per caller (a portal user), against the in-process partner service: token requests
 * for credentials never proven (a budget a minute, beyond which nothing is sent and the caller is told when to try
 * again), and loads running or waiting (a line per caller, beyond which a load is refused at once, while other
 * callers' loads still start).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthenticationError } from "@/lib/partner-client/errors";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import { TOKEN_PATH } from "@/partner-api/paths";
import { createTestService, credsOf, lakeside, northstar, type TestService } from "@/partner-service/testing";
import { CallerLimitError, callerLimitOf } from "./caller-limits";
import { MAX_LOADS_PER_CALLER, MAX_RUNNING_PER_CALLER } from "./load-slots";
import type { CachedRecordType } from "./row-mappers";
import { ROW_MAPPERS } from "./row-mappers";
import { SIGN_INS_PER_MINUTE } from "./sign-ins";
import { StudyCache } from "./study-cache";

let t: TestService;
beforeEach(async () => {
  t = await createTestService({ data: { subjects: 4, visits: 2 } });
});
afterEach(() => t.db.close());

const fast: RetryPolicy = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 5_000, maxRetryAfterMs: 1_000 };
const NORTH = credsOf(northstar);
const madeUp = (i: number) => ({ ...NORTH, clientId: `made-up-${i}`, clientSecret: `guess-${i}` });
const ALL_TYPES = Object.keys(ROW_MAPPERS) as CachedRecordType[];

/**
 * A cache whose budget runs on `clock.cache` and whose tokens on `clock.tokens` (so a test can age a token without
 * ageing the budget); `hold` keeps data requests unanswered until `release()`.
 */
function setup(hold = false) {
  const clock = { cache: 1_000_000, tokens: 1_000_000 };
  const seen = { tokenRequests: 0, data: [] as string[] };
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith(TOKEN_PATH)) seen.tokenRequests++;
    else {
      seen.data.push(url);
      if (hold) await released;
    }
    return t.fetch(input, init);
  }) as typeof fetch;
  const cache = new StudyCache({
    ttlMs: 3_600_000,
    maxBytes: 64 * 1024 * 1024,
    now: () => clock.cache,
    client: { fetch: fetchImpl, retry: fast, concurrency: 1, now: () => clock.tokens },
  });
  return { cache, clock, seen, release };
}

const settle = () => new Promise((r) => setTimeout(r, 50));
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe("the study cache's limits per caller", () => {
  it("sends a caller's token requests for unproven credentials up to the budget, then none for a while", async () => {
    expect(SIGN_INS_PER_MINUTE).toBe(10);
    const { cache, clock, seen } = setup();
    const alice = { caller: "user:1" };
    // The caller's own connection, new: its first sign-in is counted too, and proves it.
    await cache.rows(NORTH, "ONC-101", "Group", alice);
    for (let i = 1; i < SIGN_INS_PER_MINUTE; i++)
      expect(await failureOf(cache.rows(madeUp(i), "ONC-101", "Group", alice))).toBeInstanceOf(AuthenticationError);
    expect(seen.tokenRequests).toBe(SIGN_INS_PER_MINUTE);
    // Beyond the budget: refused without a request, with the time until one more is allowed.
    const refused = await failureOf(cache.rows(madeUp(99), "ONC-101", "Group", alice));
    expect(refused).toBeInstanceOf(CallerLimitError);
    expect(callerLimitOf(refused)).toEqual({ kind: "sign-ins-limited", perMinute: 10, retryAfterSeconds: 60 });
    expect(seen.tokenRequests).toBe(SIGN_INS_PER_MINUTE);
    // A refusal remembered (30 s) costs nothing: the same error, no request, nothing counted.
    expect(await failureOf(cache.rows(madeUp(1), "ONC-101", "Group", alice))).toBeInstanceOf(AuthenticationError);
    // Proven credentials are not counted: their token, due for renewal, is asked for.
    clock.tokens += 3_600_000;
    await cache.rows(NORTH, "ONC-101", "Patient", alice);
    expect(seen.tokenRequests).toBe(SIGN_INS_PER_MINUTE + 1);
    // Another caller has a budget of its own.
    expect(await failureOf(cache.rows(madeUp(99), "ONC-101", "Group", { caller: "user:2" }))).toBeInstanceOf(
      AuthenticationError,
    );
    // A minute after the first sign-in, one more is allowed.
    clock.cache += 60_000;
    expect(await failureOf(cache.rows(madeUp(98), "ONC-101", "Group", alice))).toBeInstanceOf(AuthenticationError);
    expect(seen.tokenRequests).toBe(SIGN_INS_PER_MINUTE + 3);
  });

  it("refuses a caller's load beyond its line at once, while another caller's load starts", async () => {
    const { cache, seen, release } = setup(true);
    const alice = { caller: "user:1" };
    const lines = [...ALL_TYPES.map((k) => ["ONC-101", k]), ...ALL_TYPES.map((k) => ["CARD-201", k])];
    expect(lines).toHaveLength(MAX_LOADS_PER_CALLER);
    const queued = lines.map(([study, k]) => cache.rows(NORTH, study, k as CachedRecordType, alice));
    for (const q of queued) q.catch(() => undefined);
    // Alice's loads hold three of the four slots (one page in flight each); the rest wait in her line.
    await vi.waitFor(() => expect(seen.data).toHaveLength(MAX_RUNNING_PER_CALLER));
    await settle();
    expect(seen.data).toHaveLength(3);
    const beyond = await failureOf(cache.rows({ ...NORTH }, "ONC-102", "Group", alice));
    expect(callerLimitOf(beyond)).toEqual({ kind: "loads-limited", maxLoads: 16 });
    // Bob's load starts at once, in a slot Alice may not take.
    const bob = cache.rows(credsOf(lakeside), "ONC-102", "Group", { caller: "user:2" });
    bob.catch(() => undefined);
    await vi.waitFor(() => expect(seen.data.filter((u) => u.includes("ONC-102"))).toHaveLength(1));
    release();
    await Promise.all([...queued, bob]);
  });
});

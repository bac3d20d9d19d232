import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_PATH } from "@/partner-api/paths";
import { createTestService, northstarCreds, type TestService } from "@/partner-service/testing";
import { AuthenticationError, UnavailableError } from "./errors";
import type { RetryPolicy } from "./retry";
import { REFUSAL_KEPT_MS, TokenSource } from "./token";

let t: TestService;
beforeAll(async () => {
  t = await createTestService();
});
afterAll(() => t.db.close());

const once: RetryPolicy = { attempts: 1, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 5_000, maxRetryAfterMs: 0 };

/** A fetch that counts the token requests it passes on to `inner`. */
function counting(inner: typeof fetch) {
  const seen = { tokenRequests: 0 };
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith(TOKEN_PATH)) seen.tokenRequests++;
    return inner(input, init);
  }) as typeof fetch;
  return { fetchImpl, seen };
}

/** What get() threw. */
const thrownBy = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: unknown) => err,
  );

describe("token source", () => {
  it("does not send credentials that were just refused again: the same error until the time is up", async () => {
    const clock = { now: 1_000_000 };
    const { fetchImpl, seen } = counting(t.fetch);
    const wrong = { ...northstarCreds, clientSecret: "wrong-secret" };
    const tokens = new TokenSource(wrong, fetchImpl, once, () => clock.now);

    const first = await thrownBy(tokens.get());
    expect(first).toBeInstanceOf(AuthenticationError);
    expect(seen.tokenRequests).toBe(1);

    clock.now += REFUSAL_KEPT_MS - 1;
    const second = await thrownBy(tokens.get());
    expect(second).toBe(first);
    expect(seen.tokenRequests).toBe(1);

    // Once the time is up the credentials are tried again (they may have been put right at the partner).
    clock.now += 1;
    const third = await thrownBy(tokens.get());
    expect(third).toBeInstanceOf(AuthenticationError);
    expect(third).not.toBe(first);
    expect(seen.tokenRequests).toBe(2);
  });

  it("remembers only a refusal: a failure that may pass is asked again at once", async () => {
    const { fetchImpl, seen } = counting((async () => new Response("busy", { status: 503 })) as typeof fetch);
    const tokens = new TokenSource(northstarCreds, fetchImpl, once, () => 1_000_000);
    expect(await thrownBy(tokens.get())).toBeInstanceOf(UnavailableError);
    expect(await thrownBy(tokens.get())).toBeInstanceOf(UnavailableError);
    expect(seen.tokenRequests).toBe(2);
  });

  it("correct credentials get a token as before", async () => {
    const { fetchImpl, seen } = counting(t.fetch);
    const tokens = new TokenSource(northstarCreds, fetchImpl, once, () => t.clock.now);
    const token = await tokens.get();
    expect(await tokens.get()).toBe(token);
    expect(seen.tokenRequests).toBe(1);
  });
});

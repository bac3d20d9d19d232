import { afterEach, describe, expect, it } from "vitest";
import { ServiceError } from "./http";
import { createRateLimiter } from "./rate-limit";
import { createTestService, getData, getToken, northstar, type TestService } from "./testing";

let t: TestService | undefined;
afterEach(() => t?.db.close());

/** The token endpoint is subject to the injected faults too; a client simply asks again. */
async function tokenDespiteFaults(service: TestService): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      return await getToken(service);
    } catch {
      // injected fault: try again
    }
  }
  throw new Error("no token after 20 attempts");
}

describe("rate limit", () => {
  it("allows a tenth of a minute's allowance as a burst, then answers 429 with Retry-After", () => {
    const limiter = createRateLimiter(600);
    for (let i = 0; i < 60; i++) limiter.take("c", 0);
    try {
      limiter.take("c", 0);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ServiceError);
      expect((err as ServiceError).status).toBe(429);
      expect((err as ServiceError).headers["retry-after"]).toBe("1");
    }
  });

  it("refills at the configured rate and keeps clients apart", () => {
    const limiter = createRateLimiter(60);
    for (let i = 0; i < 6; i++) limiter.take("a", 0);
    expect(() => limiter.take("a", 0)).toThrow(ServiceError);
    expect(() => limiter.take("b", 0)).not.toThrow();
    expect(() => limiter.take("a", 1000)).not.toThrow();
  });

  it("drops a bucket once it has been idle long enough to be full again, which changes nothing", () => {
    const limiter = createRateLimiter(60); // a burst of 6, refilled in 6 s
    for (let i = 0; i < 6; i++) limiter.take("a", 0);
    limiter.take("b", 5_000);
    expect(limiter.size).toBe(2);
    limiter.take("c", 6_000); // "a" has been idle 6 s: full, so gone
    expect(limiter.size).toBe(2);
    for (let i = 0; i < 6; i++) limiter.take("a", 6_000);
    expect(() => limiter.take("a", 6_000)).toThrow(ServiceError);
  });

  it("holds at most maxKeys buckets, however many keys come, dropping the least recently used", () => {
    const limiter = createRateLimiter(60, { maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) limiter.take(`random-${i}`, i);
    expect(limiter.size).toBe(100);
    // A key in use stays: "kept" is used between the others and is never the least recently used.
    const kept = createRateLimiter(60, { maxKeys: 3 });
    for (let i = 0; i < 6; i++) kept.take("kept", 0);
    for (let i = 0; i < 10; i++) {
      kept.take(`other-${i}`, 0);
      expect(() => kept.take("kept", 0)).toThrow(ServiceError);
    }
  });

  it("gives back a refunded request, never beyond the burst", () => {
    const limiter = createRateLimiter(60, { burst: 2 });
    limiter.take("a", 0);
    limiter.take("a", 0);
    limiter.refund("a", 0);
    limiter.take("a", 0);
    expect(() => limiter.take("a", 0)).toThrow(ServiceError);
    const full = createRateLimiter(60, { burst: 2 });
    full.refund("b", 0);
    full.take("b", 0);
    full.take("b", 0);
    expect(() => full.take("b", 0)).toThrow(ServiceError);
  });

  it("is off at 0", () => {
    const limiter = createRateLimiter(0);
    for (let i = 0; i < 10_000; i++) limiter.take("a", 0);
  });

  it("answers a data request over the limit with an OperationOutcome and Retry-After", async () => {
    t = await createTestService({ config: { rateLimitPerMinute: 30 } });
    const token = await getToken(t);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await getData(t, "Group?researchstudy=ONC-101", northstar, token)).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    const res = await getData(t, "Group?researchstudy=ONC-101", northstar, token);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await res.json()).issue[0].code).toBe("throttled");
  });
});

describe("fault injection", () => {
  it("is off by default", async () => {
    t = await createTestService();
    const token = await getToken(t);
    for (let i = 0; i < 50; i++)
      expect((await getData(t, "Group?researchstudy=ONC-101", northstar, token)).status).toBe(200);
  });

  it("fails the configured shares of requests with 429, 503 and dropped connections", async () => {
    t = await createTestService({
      config: { faults: { latencyMs: 0, rate429: 0.2, rate503: 0.2, dropRate: 0.2, seed: 42 } },
    });
    const token = await tokenDespiteFaults(t);
    const seen: Record<string, number> = {};
    for (let i = 0; i < 500; i++) {
      const res = await getData(t, "Group?researchstudy=ONC-101", northstar, token);
      const spec = await res.text().then(
        () => String(res.status),
        () => "drop",
      );
      seen[spec] = (seen[spec] ?? 0) + 1;
    }
    // Shares of 20 %, 20 % and 20 % leave 40 % served: about 100, 100, 100 and 200 of 500.
    for (const [spec, expected] of [
      ["200", 200],
      ["429", 100],
      ["503", 100],
      ["drop", 100],
    ] as const) {
      expect(seen[spec], spec).toBeGreaterThan(expected * 0.6);
      expect(seen[spec], spec).toBeLessThan(expected * 1.4);
    }
  });

  it("spares the token endpoint when told to fault data requests only", async () => {
    t = await createTestService({
      config: { faults: { latencyMs: 0, rate429: 1, rate503: 0, dropRate: 0, dataOnly: true } },
    });
    // Every token request is answered; every data request is refused as throttled.
    for (let i = 0; i < 20; i++) {
      const token = await getToken(t);
      const res = await getData(t, "Group?researchstudy=ONC-101", northstar, token);
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBe("1");
    }
  });

  it("adds the configured latency", async () => {
    t = await createTestService({ config: { faults: { latencyMs: 30, rate429: 0, rate503: 0, dropRate: 0 } } });
    const started = performance.now();
    await t.fetch("http://partner.test/unknown");
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });
});

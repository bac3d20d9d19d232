/**
 * The process's sign-in throttle (memory without REDIS_URL, Redis with it), and the throttle counted across
 * instances: a source refused on one instance is refused on every other, and an email's failures on one make
 * attempts on another wait; when Redis does not answer, nothing is let through.
 */
import type Redis from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isNotCounted } from "@/lib/coordination/limits";
import { testPrefix, testRedisEach, unreachableRedis } from "@/lib/coordination/testing";
import { forgetProcessSingleton } from "@/lib/runtime/process-singleton";
import { redisFailureLogOf, sharedSignInThrottle } from "./shared-sign-in-throttle";
import { MAX_TRACKED, SignInThrottle, TOO_MANY_FROM_ADDRESS } from "./sign-in-throttle";

const held = vi.hoisted(() => ({ client: undefined as Redis | undefined }));
vi.mock("@/lib/coordination/redis", async (original) => ({
  ...(await original<typeof import("@/lib/coordination/redis")>()),
  redis: () => held.client,
}));

describe("the process's sign-in throttle", () => {
  const redis = testRedisEach();
  afterEach(() => {
    held.client = undefined;
    forgetProcessSingleton("signInThrottle");
  });

  it("counts in memory without REDIS_URL, one per process", async () => {
    const throttle = sharedSignInThrottle(5);
    expect(sharedSignInThrottle(5)).toBe(throttle);
    await throttle.attempt("a@x.org", "10.0.0.1");
    expect(throttle.tracked).toEqual({ emails: 1, addresses: 1 });
  });

  it("counts in Redis with REDIS_URL: nothing in memory", async () => {
    held.client = redis();
    const throttle = sharedSignInThrottle(5);
    expect(await throttle.attempt("a@x.org", "10.0.0.1")).toEqual({ delay: 0 });
    expect(throttle.tracked).toEqual({ emails: undefined, addresses: undefined });
  });
});

describe("the sign-in throttle across instances", () => {
  const redis = testRedisEach();
  /** Two instances' throttles on one Redis. */
  const instances = (perAddress: number) => {
    const prefix = testPrefix();
    const throttle = () => new SignInThrottle(Date.now, perAddress, MAX_TRACKED, redisFailureLogOf(redis(prefix)));
    return [throttle(), throttle()];
  };

  it("refuses a source on every instance once its failures on all of them reach the cap", async () => {
    const [one, two] = instances(4);
    for (let i = 0; i < 4; i++) {
      const attempt = await (i % 2 ? two : one).attempt(`guess-${i}@x.org`, "203.0.113.7");
      expect(attempt).toHaveProperty("delay");
    }
    expect(await one.attempt("ana@x.org", "203.0.113.7")).toEqual({ refused: TOO_MANY_FROM_ADDRESS });
    expect(await two.attempt("ana@x.org", "203.0.113.7")).toEqual({ refused: TOO_MANY_FROM_ADDRESS });
    expect(await two.attempt("ana@x.org", "198.51.100.1")).toEqual({ delay: 0 });
  });

  it("makes an email wait on one instance for its failures on another; a sign-in anywhere forgets them", async () => {
    const [one, two] = instances(20);
    for (let i = 0; i < 4; i++) await one.attempt("ana@x.org", `10.0.0.${i}`);
    expect(await two.attempt("ana@x.org", "10.0.1.1")).toEqual({ delay: 2_000 });
    await two.succeed("ana@x.org", "10.0.1.1");
    expect(await one.delay("ana@x.org", "10.0.2.1")).toBe(0);
  });

  it("refuses to count, rather than let attempts through, when Redis does not answer", async () => {
    const client = unreachableRedis();
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const throttle = new SignInThrottle(Date.now, 20, MAX_TRACKED, redisFailureLogOf(client));
      const err = await throttle.attempt("ana@x.org", "10.0.0.1").catch((e: unknown) => e);
      expect(isNotCounted(err)).toBe(true);
      expect((err as Error).message).toMatch(/^The server cannot count sign-in attempts just now/);
    } finally {
      quiet.mockRestore();
      client.disconnect();
    }
  });
});

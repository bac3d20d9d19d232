/** Which window limit a process uses: memory without REDIS_URL, Redis with it, once per process. */
import type Redis from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetProcessSingleton } from "@/lib/runtime/process-singleton";
import { limitKey } from "./limit-keys";
import { RedisWindowLimit } from "./redis-window-limit";
import { sharedWindowLimit } from "./shared-limits";
import { SlidingWindowLimit } from "./sliding-window";
import { testRedisEach } from "./testing";

const held = vi.hoisted(() => ({ client: undefined as Redis | undefined }));
vi.mock("./redis", async (original) => ({
  ...(await original<typeof import("./redis")>()),
  redis: () => held.client,
}));

const OPTS = { name: "test-shared", what: "test events", perWindow: 2, windowMs: 60_000 };

describe("the window limits a process uses", () => {
  const redis = testRedisEach();
  afterEach(() => {
    held.client = undefined;
    forgetProcessSingleton(`limit:${OPTS.name}`);
  });

  it("count in memory without REDIS_URL, one limit per process", async () => {
    const limit = sharedWindowLimit<number>(OPTS);
    expect(limit).toBeInstanceOf(SlidingWindowLimit);
    expect(sharedWindowLimit(OPTS)).toBe(limit);
    expect([await limit.take(1), await limit.take(1)]).toEqual([0, 0]);
    expect(await sharedWindowLimit<number>(OPTS).take(1)).toBeGreaterThan(0);
  });

  it("count in Redis with REDIS_URL, one limit per process", async () => {
    held.client = redis();
    const limit = sharedWindowLimit<number>(OPTS);
    expect(limit).toBeInstanceOf(RedisWindowLimit);
    expect(sharedWindowLimit(OPTS)).toBe(limit);
    expect(await limit.take(1)).toBe(0);
    expect(await held.client.exists(limitKey(OPTS.name, 1))).toBe(1);
  });
});

/**
 * Two study caches standing for two instances, each with its own Redis connection under one key space, against one
 * in-process partner service that logs every request: asked for the same cold record type at once, they make the
 * requests of one load between them, and both serve every row. The holder's death hands the load to the waiter.
 */
import type Redis from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HANDOFF_MS, LOCK_MS, RedisSharedLoads } from "@/lib/coordination/shared-loads";
import { testRedis } from "@/lib/coordination/testing";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import { createTestService, credsOf, lakeside, northstar, type TestService } from "@/partner-service/testing";
import { sharedLoadKey } from "./cache-keys";
import { StudyCache } from "./study-cache";

let t: TestService;
let connections: Redis[] = [];
const prefix = () => `study-portal-test:shared-loads:${Math.random().toString(36).slice(2)}:`;

beforeEach(async () => {
  t = await createTestService({ data: { subjects: 30, visits: 2 } });
});
afterEach(async () => {
  t.db.close();
  await Promise.all(connections.map((c) => c.quit()));
  connections = [];
});

const fast: RetryPolicy = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 5_000, maxRetryAfterMs: 1_000 };
const NORTH = credsOf(northstar);

/** An instance: a cache whose requests to the service are logged in `urls`, sharing loads through `keys`. */
function instance(keys: string, urls: string[]) {
  const redis = testRedis(keys);
  connections.push(redis);
  const logged = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return t.fetch(input, init);
  }) as typeof fetch;
  return new StudyCache({
    ttlMs: 3_600_000,
    maxBytes: 64 * 1024 * 1024,
    shared: new RedisSharedLoads(redis),
    client: { fetch: logged, retry: fast, pageSize: 7, concurrency: 1 },
  });
}

const dataRequests = (urls: string[]) => urls.filter((u) => !u.includes("/token"));
const tokenRequests = (urls: string[]) => urls.filter((u) => u.includes("/token"));

describe("one load at a time across instances (docs/coordination.md, Study loads)", () => {
  it("two instances asked at once for one cold record type make one load's requests, and both serve it", async () => {
    const keys = prefix();
    const aUrls: string[] = [];
    const bUrls: string[] = [];
    const a = instance(keys, aUrls);
    const b = instance(keys, bUrls);
    const [fromA, fromB] = await Promise.all([
      a.rows(NORTH, "ONC-101", "laboratory"),
      b.rows(NORTH, "ONC-101", "laboratory"),
    ]);
    // One load alone, on a third instance with its own key space: the requests the partner service answers for it.
    const aloneUrls: string[] = [];
    await instance(prefix(), aloneUrls).rows(NORTH, "ONC-101", "laboratory");
    const all = [...aUrls, ...bUrls];
    const split = `requests of A ${dataRequests(aUrls).length}, of B ${dataRequests(bUrls).length}`;
    expect(dataRequests(all).sort(), split).toEqual(dataRequests(aloneUrls).sort());
    expect(tokenRequests(all)).toHaveLength(1);
    // The same rows on both, every one: 30 subjects' laboratory results over 2 visits.
    expect(fromA.value.rows.length).toBeGreaterThan(100);
    expect(fromB.value.rows).toEqual(fromA.value.rows);
    expect(fromB.value.received).toBe(fromA.value.received);
    // The waiter keeps the rows in its own memory: asked again, neither instance asks the service anything.
    const before = all.length;
    await b.rows(NORTH, "ONC-101", "laboratory");
    await a.rows(NORTH, "ONC-101", "laboratory");
    expect(aUrls.length + bUrls.length).toBe(before);
  });

  it("a small load that ended a moment ago is read, not loaded again; a Refresh forgets it", async () => {
    const keys = prefix();
    const [aUrls, bUrls, cUrls] = [[], [], []] as string[][];
    const a = instance(keys, aUrls);
    const first = await a.rows(NORTH, "ONC-101", "Patient");
    const b = instance(keys, bUrls);
    const second = await b.rows(NORTH, "ONC-101", "Patient");
    expect(dataRequests(aUrls).length).toBeGreaterThan(0);
    expect(bUrls).toEqual([]);
    expect(second.value.rows).toEqual(first.value.rows);
    // Refresh on any instance: the next instance to ask loads from the partner service again, and an instance
    // holding a copy from before the Refresh drops it and reads the new load.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await b.refresh(NORTH, "ONC-101")).toEqual({ status: "dropped", entries: 1 });
    await instance(keys, cUrls).rows(NORTH, "ONC-101", "Patient");
    expect(dataRequests(cUrls).length).toBeGreaterThan(0);
    const before = aUrls.length;
    const again = await a.rows(NORTH, "ONC-101", "Patient");
    expect(again.loadedAt).toBeGreaterThan(first.loadedAt);
    // Read from the load c made a moment ago, not asked of the partner service.
    expect(aUrls.length).toBe(before);
  });

  it("other credentials are not served another's load: each identity loads for itself", async () => {
    const keys = prefix();
    const aUrls: string[] = [];
    const bUrls: string[] = [];
    const [a, b] = [instance(keys, aUrls), instance(keys, bUrls)];
    await Promise.all([a.rows(NORTH, "ONC-101", "Patient"), b.rows(credsOf(lakeside), "ONC-102", "Patient")]);
    expect(dataRequests(aUrls).length).toBeGreaterThan(0);
    expect(dataRequests(bUrls).length).toBeGreaterThan(0);
  });

  it("a load whose instance stopped (its lock left to expire) is taken over by the waiting instance", async () => {
    const keys = prefix();
    const holder = testRedis(keys);
    connections.push(holder);
    // A stopped instance's lock: held, never renewed, expiring after a short time (LOCK_MS in real life).
    const key = sharedLoadKey(NORTH, "ONC-101", "Patient");
    await holder.set(`load:lock:${key}`, "stopped-instance", "PX", 600);
    const urls: string[] = [];
    const rows = await instance(keys, urls).rows(NORTH, "ONC-101", "Patient");
    expect(rows.value.rows).toHaveLength(30);
    expect(dataRequests(urls).length).toBeGreaterThan(0);
    expect(LOCK_MS).toBeGreaterThanOrEqual(10_000);
  });

  it("nothing is left in Redis for long: the lock is released and handed rows expire", async () => {
    const keys = prefix();
    const redis = testRedis(keys);
    connections.push(redis);
    const [a, b] = [instance(keys, []), instance(keys, [])];
    await Promise.all([a.rows(NORTH, "ONC-101", "Patient"), b.rows(NORTH, "ONC-101", "Patient")]);
    const key = sharedLoadKey(NORTH, "ONC-101", "Patient");
    expect(await redis.exists(`load:lock:${key}`)).toBe(0);
    const ttls = await Promise.all((await redis.keys(`${keys}*`)).map((k) => redis.pttl(k.slice(keys.length))));
    for (const ttl of ttls) {
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(HANDOFF_MS);
    }
    // No key names the study, the identity or the secret.
    const names = (await redis.keys(`${keys}*`)).join(" ");
    expect(names).not.toMatch(/ONC-101|northstar|secret/i);
  });

  it("while Redis cannot be reached, an instance loads for itself", async () => {
    const urls: string[] = [];
    const down = new (await import("ioredis")).default("redis://127.0.0.1:1", {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    down.on("error", () => undefined);
    const logged = ((input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(String(input));
      return t.fetch(input, init);
    }) as typeof fetch;
    const cache = new StudyCache({
      ttlMs: 3_600_000,
      maxBytes: 64 * 1024 * 1024,
      shared: new RedisSharedLoads(down),
      client: { fetch: logged, retry: fast, pageSize: 7, concurrency: 1 },
    });
    const rows = await cache.rows(NORTH, "ONC-101", "Patient");
    expect(rows.value.rows).toHaveLength(30);
    down.disconnect();
  });
});

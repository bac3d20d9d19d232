/**
 * Redis for tests: TEST_REDIS_URL (scripts/ensure-redis.sh sets it in `npm test`), else the server on
 * 127.0.0.1:6379. Each test connection gets its own key prefix, so tests running at once never see each other's keys.
 */
import { randomUUID } from "node:crypto";
import Redis from "ioredis";
import { afterEach } from "vitest";
import { redisOptions } from "./redis";

export const testRedisUrl = (): string => process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A new connection under a prefix of its own; `quit()` it when done. */
export function testRedis(prefix = `study-portal-test:${randomUUID()}:`): Redis {
  const client = new Redis(testRedisUrl(), { ...redisOptions(prefix), enableOfflineQueue: true });
  client.on("error", () => undefined);
  return client;
}

/** Where a shared limit is counted: tests of each limit run on both (docs/coordination.md). */
export const LIMIT_KINDS = ["memory", "redis"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** A fresh key prefix: connections opened with the same one stand for instances sharing one Redis. */
export const testPrefix = (): string => `study-portal-test:${randomUUID()}:`;

/**
 * testRedis() whose connections are quit after each test of the describe block it is called in. Two connections
 * opened with the same prefix stand for two instances of the portal.
 */
export function testRedisEach(): (prefix?: string) => Redis {
  const open: Redis[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.quit()));
  });
  return (prefix) => {
    const client = testRedis(prefix);
    open.push(client);
    return client;
  };
}

/**
 * A connection as the portal opens it (no offline queue) to a port where no Redis listens: its commands fail at
 * once, as while Redis is down. `disconnect()` it when done.
 */
export function unreachableRedis(): Redis {
  const client = new Redis("redis://127.0.0.1:1", redisOptions());
  client.on("error", () => undefined);
  return client;
}

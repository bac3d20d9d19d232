/**
 * The process's Redis connection when REDIS_URL is set (docs/deployment.md, Coordination): what every instance
 * must count or do once together. Without REDIS_URL there is none, and each process coordinates only with itself.
 *
 * Commands fail at once while Redis is unreachable rather than queue without bound (no offline queue, one retry
 * per request): a limit that cannot be counted refuses, and readiness says so (docs/deployment.md, Health).
 */
import Redis, { type RedisOptions } from "ioredis";
import { env } from "@/lib/config/env";
import { processSingleton } from "@/lib/runtime/process-singleton";

/** Options every connection of the portal uses; `keyPrefix` keeps tests (and portals sharing a server) apart. */
export function redisOptions(keyPrefix = "study-portal:"): RedisOptions {
  return {
    keyPrefix,
    // A command waits for the connection at most this long, then fails (and the request with it, in words).
    connectTimeout: 2_000,
    commandTimeout: 5_000,
    // Never queue commands while disconnected: a request must not hang on an unreachable Redis.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnect with a growing pause, at most 2 s apart, for as long as the process runs.
    retryStrategy: (times) => Math.min(100 * times, 2_000),
  };
}

/** The shared Redis connection, or undefined when this portal runs without REDIS_URL. */
export function redis(): Redis | undefined {
  const url = env().REDIS_URL;
  if (!url) return undefined;
  return processSingleton("redis", () => {
    const client = new Redis(url, redisOptions());
    // Errors surface on the commands that fail; the connection's own events would otherwise crash the process.
    client.on("error", () => undefined);
    return client;
  });
}

/** True when Redis answers a PING within the command timeout (readiness). */
export async function redisAnswers(client: Redis): Promise<boolean> {
  try {
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  }
}

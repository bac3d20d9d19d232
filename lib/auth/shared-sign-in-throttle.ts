/**
 * The process's sign-in throttle: its failures per email and per source address kept in Redis when REDIS_URL is
 * set, so that every instance counts them together (docs/coordination.md); else in this process's memory.
 */
import type Redis from "ioredis";
import { redis } from "@/lib/coordination/redis";
import { RedisFailureLog } from "@/lib/coordination/redis-failure-log";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { type FailureLogOf, SignInThrottle, WINDOW_MS } from "./sign-in-throttle";

/** The throttle's logs in Redis: failures per email and per source address, in its 15-minute window. */
export const redisFailureLogOf =
  (client: Redis): FailureLogOf =>
  (of, kept) =>
    new RedisFailureLog(client, { name: `sign-in-${of}`, what: "sign-in attempts", kept, windowMs: WINDOW_MS });

/** The process's throttle (SIGN_IN_MAX_FAILURES_PER_ADDRESS: `perAddress`), chosen at its first use. */
export function sharedSignInThrottle(perAddress: number): SignInThrottle {
  return processSingleton("signInThrottle", () => {
    const client = redis();
    if (!client) return new SignInThrottle(Date.now, perAddress);
    return new SignInThrottle(Date.now, perAddress, undefined, redisFailureLogOf(client));
  });
}

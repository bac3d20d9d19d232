/**
 * The limits every instance counts together (docs/coordination.md): in Redis when REDIS_URL is set, else in this
 * process's memory, as a single server needs. Each is chosen once per process (lib/runtime/process-singleton.ts).
 * The sign-in throttle's logs are chosen likewise (lib/auth/shared-sign-in-throttle.ts).
 */
import { processSingleton } from "@/lib/runtime/process-singleton";
import type { WindowLimit } from "./limits";
import { redis } from "./redis";
import { RedisWindowLimit, type SharedWindowOptions } from "./redis-window-limit";
import { SlidingWindowLimit } from "./sliding-window";

/** The process's limit `opts.name`: one budget per key across the instances sharing Redis. */
export function sharedWindowLimit<K extends string | number>(opts: SharedWindowOptions): WindowLimit<K> {
  return processSingleton(`limit:${opts.name}`, () => {
    const client = redis();
    return client ? new RedisWindowLimit<K>(client, opts) : new SlidingWindowLimit<K>(opts);
  });
}

/**
 * The process's record of failed loads (./load-failures.ts), which the study pages and the studies list share: in
 * Redis when REDIS_URL is set, so that every instance sees the others' (./redis-load-failures.ts), else in memory.
 */
import { redis } from "@/lib/coordination/redis";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { type LoadFailures, MemoryLoadFailures } from "./load-failures";
import { RedisLoadFailures } from "./redis-load-failures";

/** Chosen once per process (lib/runtime/process-singleton.ts). */
export const loadFailures = (): LoadFailures =>
  processSingleton("load-failures", () => {
    const client = redis();
    return client ? new RedisLoadFailures(client) : new MemoryLoadFailures();
  });

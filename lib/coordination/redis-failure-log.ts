/**
 * FailureLog kept in Redis (docs/coordination.md): the failed sign-ins of an email or a source address, counted by
 * every instance sharing REDIS_URL. A sorted set per key holding at most its latest `kept` failures
 * (lib/coordination/limit-scripts.ts), which expires a window after its latest failure.
 */
import { randomUUID } from "node:crypto";
import type Redis from "ioredis";
import { limitKey } from "./limit-keys";
import { counted, limitCommands } from "./limit-scripts";
import type { FailureLog } from "./limits";

export interface SharedFailureOptions {
  /** The log's part of its keys' names: "sign-in-email". */
  name: string;
  /** What is counted, in words, for the refusal when Redis does not answer: "sign-in attempts". */
  what: string;
  /** The latest failures kept per key. */
  kept: number;
  windowMs: number;
}

export class RedisFailureLog implements FailureLog {
  constructor(
    private readonly client: Redis,
    private readonly opts: SharedFailureOptions,
  ) {}

  count(key: string): Promise<number> {
    return this.run((c, k) => c.limitFailureCount(k, this.opts.windowMs), key);
  }

  add(key: string, cap?: number): Promise<number> {
    const { kept, windowMs } = this.opts;
    return this.run((c, k) => c.limitFailureAdd(k, windowMs, kept, cap ?? -1, randomUUID()), key);
  }

  async clear(key: string): Promise<void> {
    await this.run((_, k) => this.client.del(k), key);
  }

  async takeBack(key: string): Promise<void> {
    await this.run((c, k) => c.limitFailureTakeBack(k, this.opts.windowMs), key);
  }

  private run<T>(command: (c: ReturnType<typeof limitCommands>, key: string) => Promise<T>, key: string): Promise<T> {
    const commands = limitCommands(this.client);
    return counted(this.opts.what, () => command(commands, limitKey(this.opts.name, key)));
  }
}

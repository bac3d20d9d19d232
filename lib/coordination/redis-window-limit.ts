/**
 * WindowLimit counted in Redis (docs/coordination.md): every instance sharing REDIS_URL takes from one budget per
 * key. A sorted set per key (lib/coordination/limit-scripts.ts), which expires a window after its latest event, so
 * idle keys vanish and Redis holds at most `perWindow` events of each key seen within the last window.
 */
import { randomUUID } from "node:crypto";
import type Redis from "ioredis";
import { limitKey } from "./limit-keys";
import { counted, limitCommands } from "./limit-scripts";
import type { WindowLimit } from "./limits";

export interface SharedWindowOptions {
  /** The limit's part of its keys' names (lib/coordination/limit-keys.ts): "export-starts". */
  name: string;
  /** What is counted, in words, for the refusal when Redis does not answer: "export starts". */
  what: string;
  perWindow: number;
  windowMs: number;
}

export class RedisWindowLimit<K extends string | number> implements WindowLimit<K> {
  readonly perWindow: number;

  constructor(
    private readonly client: Redis,
    private readonly opts: SharedWindowOptions,
  ) {
    this.perWindow = opts.perWindow;
  }

  take(key: K): Promise<number> {
    const { name, what, windowMs, perWindow } = this.opts;
    const commands = limitCommands(this.client);
    return counted(what, () => commands.limitWindowTake(limitKey(name, key), windowMs, perWindow, randomUUID()));
  }
}

/**
 * One load at a time across instances (docs/coordination.md, Study loads): the first instance asked for a cold
 * record type of a study takes a lock in Redis and loads it from the partner service; any other instance asked for
 * the same credentials' record type meanwhile waits, follows the load's progress, and reads its rows from Redis once
 * it ends, so that the partner service answers one load however many instances want the data.
 *
 * The lock lives LOCK_MS and is renewed while its load runs: an instance that stops (kill -9) stops renewing it, and
 * within LOCK_MS a waiter takes the lock and loads itself. A load that fails hands nothing on; a waiter then tries
 * the load itself (and meets the same answer, in words, if the cause remains). Rows are handed on in chunks, kept
 * HANDOFF_MS, to the instances that waited and, within the codec's bound (HandoffCodec.handOnAlways), to any that
 * asks meanwhile: Redis holds a study's rows for a minute at most, never as a second cache.
 */
import { randomUUID } from "node:crypto";
import type Redis from "ioredis";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { redis } from "./redis";

import type { SharedLoadRun, SharedLoads, SharedProgress } from "./shared-load-types";

export type { HandoffCodec, SharedLoadRun, SharedLoads, SharedProgress } from "./shared-load-types";

/** How long a Refresh is remembered: longer than any cached copy lives (STUDY_CACHE_TTL_SECONDS). */
export const REFRESH_KEPT_MS = 24 * 60 * 60_000;

export const LOCK_MS = 30_000;
const RENEW_MS = LOCK_MS / 3;
export const HANDOFF_MS = 60_000;
const POLL_MS = 200;
const PROGRESS_EVERY_MS = 500;
/** A waiter gives up after this long (a load of the largest study takes under a minute; its pages retry). */
export const MAX_WAIT_MS = 15 * 60_000;

// Deletes or renews the lock only while it is still ours: a lock that expired and was taken by another instance
// must not be released or extended by its former holder.
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else
  return 0 end`;

const keysOf = (key: string) => ({
  lock: `load:lock:${key}`,
  done: `load:done:${key}`,
  progress: `load:progress:${key}`,
  waiters: `load:waiters:${key}`,
  chunks: (id: string) => `load:rows:${key}:${id}`,
});

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    // Each pause removes its listener: a wait of minutes must not pile them up on the load's signal.
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", aborted);
      resolve();
    }, ms);
    signal.addEventListener("abort", aborted, { once: true });
  });

/** A Redis command failed: the coordination is set aside, never the load. */
class RedisUnreachable extends Error {
  constructor(cause: Error) {
    super("Redis could not be reached", { cause });
  }
}

export class RedisSharedLoads implements SharedLoads {
  /** Questions of refreshedAt under way, by study: bounded by the studies being read at this moment. */
  private readonly asking = new Map<string, Promise<number | undefined>>();

  constructor(
    private readonly client: Redis,
    private readonly instance = randomUUID(),
  ) {}

  /**
   * While Redis cannot be reached, each instance loads for itself: the coordination saves the partner service
   * repeated loads, and no answer depends on it.
   */
  async once<T>(key: string, run: SharedLoadRun<T>): Promise<{ value: T; ranHere: boolean }> {
    try {
      return await this.coordinated(key, run);
    } catch (error) {
      if (!(error instanceof RedisUnreachable)) throw error;
      return { value: await run.load(run.onProgress), ranHere: true };
    }
  }

  private async coordinated<T>(key: string, run: SharedLoadRun<T>): Promise<{ value: T; ranHere: boolean }> {
    const k = keysOf(key);
    const r = <V>(command: Promise<V>) => command.catch((error: Error) => Promise.reject(new RedisUnreachable(error)));
    const me = randomUUID();
    const deadline = Date.now() + MAX_WAIT_MS;
    try {
      while (Date.now() < deadline) {
        run.signal.throwIfAborted();
        // A load another instance ended within HANDOFF_MS: its rows, not another load.
        const recent = await r(this.readHandoff(k, run));
        if (recent !== undefined) return { value: recent, ranHere: false };
        // Listed as waiting before asking for the lock, so that a load ending in between hands its rows on.
        await r(this.client.multi().sadd(k.waiters, me).pexpire(k.waiters, LOCK_MS).exec());
        const token = `${this.instance}:${me}`;
        if ((await r(this.client.set(k.lock, token, "PX", LOCK_MS, "NX"))) === "OK") {
          await r(this.client.srem(k.waiters, me));
          // A load that ended between the read above and this lock handed its rows on: they serve, not a second load.
          const ended = await this.readHandoff(k, run).catch(() => undefined);
          if (ended === undefined) return { value: await this.runHere(k, token, run), ranHere: true };
          await this.client.eval(RELEASE, 1, k.lock, token).catch(() => undefined);
          return { value: ended, ranHere: false };
        }
        const handed = await r(this.readHandoff(k, run));
        if (handed !== undefined) return { value: handed, ranHere: false };
        await sleep(POLL_MS, run.signal);
      }
    } finally {
      await this.client.srem(k.waiters, me).catch(() => undefined);
    }
    throw new Error("Another server's load of this study did not end in time. Reload the page to try again.");
  }

  /** Forgets the rows handed on for these keys: a Refresh wants the partner's data, not a minute-old load. */
  async forget(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.client.del(...keys.map((key) => keysOf(key).done)).catch(() => undefined);
  }

  async markRefreshed(study: string): Promise<void> {
    await this.client.set(`load:refreshed:${study}`, String(Date.now()), "PX", REFRESH_KEPT_MS).catch(() => undefined);
  }

  /**
   * Undefined too while Redis cannot be reached: each instance then keeps its copy until its time to live ends.
   * A page reads several record types at once: they share one question to Redis while it is asked.
   */
  refreshedAt(study: string): Promise<number | undefined> {
    const asked = this.asking.get(study);
    if (asked) return asked;
    const asking = this.client
      .get(`load:refreshed:${study}`)
      .catch(() => null)
      .then((at) => (at === null ? undefined : Number(at)))
      .finally(() => this.asking.delete(study));
    this.asking.set(study, asking);
    return asking;
  }

  private async runHere<T>(k: ReturnType<typeof keysOf>, token: string, run: SharedLoadRun<T>): Promise<T> {
    const renew = setInterval(() => {
      void this.client.eval(RENEW, 1, k.lock, token, LOCK_MS).catch(() => undefined);
    }, RENEW_MS);
    let published = 0;
    const publish = (p: SharedProgress) => {
      run.onProgress(p);
      if (Date.now() - published < PROGRESS_EVERY_MS) return;
      published = Date.now();
      void this.client.set(k.progress, JSON.stringify(p), "PX", LOCK_MS).catch(() => undefined);
    };
    try {
      // A handoff of an earlier load is stale once this one starts.
      await this.client.del(k.done, k.progress).catch(() => undefined);
      const value = await run.load(publish);
      // Handed on to the instances waiting, and to those that ask within HANDOFF_MS unless too large to keep for
      // them (HandoffCodec.handOnAlways); if Redis fails here, they load themselves.
      if (run.codec.handOnAlways(value) || (await this.client.scard(k.waiters).catch(() => 0)) > 0)
        await this.handOff(k, await run.codec.toChunks(value)).catch(() => undefined);
      return value;
    } finally {
      clearInterval(renew);
      await this.client.eval(RELEASE, 1, k.lock, token).catch(() => undefined);
    }
  }

  private async handOff(k: ReturnType<typeof keysOf>, chunks: Buffer[]): Promise<void> {
    const id = randomUUID();
    const tx = this.client.multi();
    for (const chunk of chunks) tx.rpush(k.chunks(id), chunk);
    tx.pexpire(k.chunks(id), HANDOFF_MS).set(k.done, JSON.stringify({ id, chunks: chunks.length }), "PX", HANDOFF_MS);
    await tx.exec();
  }

  /** The rows another instance handed on, or undefined while its load runs (its progress told meanwhile). */
  private async readHandoff<T>(k: ReturnType<typeof keysOf>, run: SharedLoadRun<T>): Promise<T | undefined> {
    const [done, progress] = await this.client.mget(k.done, k.progress);
    if (done) {
      const { id, chunks } = JSON.parse(done) as { id: string; chunks: number };
      const parts: Buffer[] = [];
      for (let i = 0; i < chunks; i++) {
        const part = await this.client.lindexBuffer(k.chunks(id), i);
        // Expired between the marker and the read: the caller takes the lock or waits again.
        if (part === null) return undefined;
        parts.push(part);
      }
      return run.codec.fromChunks(parts);
    }
    if (progress) run.onProgress(JSON.parse(progress) as SharedProgress);
    return undefined;
  }
}

/** The process's shared loads when REDIS_URL is set; undefined otherwise (each process loads for itself). */
export function sharedLoads(): SharedLoads | undefined {
  const client = redis();
  return client ? processSingleton("sharedLoads", () => new RedisSharedLoads(client)) : undefined;
}

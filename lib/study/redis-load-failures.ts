/**
 * The failed loads of the studies list kept in Redis (docs/coordination.md, Failed loads), so that any instance's
 * studies list shows a load that failed on another: a hash per user and connection, a field per study and record
 * type holding the newest failure's time and facts. The hash expires LOAD_FAILURE_TTL_MS after its latest failure;
 * it holds at most the connection's studies (100) times their record types, and a served load deletes its field.
 */
import type Redis from "ioredis";
import type { LoadFailure, LoadFailureFacts, LoadFailures, LoadOwner } from "./load-failures";

/** How long a connection's failures are kept after its latest one: the studies list says a week-old failure still. */
export const LOAD_FAILURE_TTL_MS = 7 * 24 * 60 * 60_000;

/** The hash of a user's connection (a connection ID is the store's, checked before any load: no request text). */
export const loadFailuresKey = (userId: number, connectionId: string) => `load-failures:${userId}:${connectionId}`;

const field = (study: string, recordType: string) => JSON.stringify([study, recordType]);

interface Kept {
  at: number;
  failure: LoadFailureFacts;
}

export class RedisLoadFailures implements LoadFailures {
  constructor(private readonly client: Redis) {}

  async failed(owner: LoadOwner, recordType: string, failure: LoadFailureFacts, at: number): Promise<void> {
    const key = loadFailuresKey(owner.userId, owner.connectionId);
    const kept: Kept = { at, failure };
    const replies = await this.client
      .multi()
      .hset(key, field(owner.study, recordType), JSON.stringify(kept))
      .pexpire(key, LOAD_FAILURE_TTL_MS)
      .exec();
    const failedCommand = replies?.find(([err]) => err);
    if (!replies || failedCommand) throw failedCommand?.[0] ?? new Error("Redis discarded the transaction.");
  }

  async succeeded(owner: LoadOwner, recordType: string): Promise<void> {
    await this.client.hdel(loadFailuresKey(owner.userId, owner.connectionId), field(owner.study, recordType));
  }

  async of(userId: number, connectionId: string): Promise<LoadFailure[]> {
    const all = await this.client.hgetall(loadFailuresKey(userId, connectionId));
    return Object.entries(all)
      .map(([f, value]) => {
        const [study, recordType] = JSON.parse(f) as [string, string];
        const { at, failure } = JSON.parse(value) as Kept;
        return { study, recordType, at, failure };
      })
      .sort((a, b) => a.at - b.at);
  }
}

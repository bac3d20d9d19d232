/**
 * The newest failed load of each study and record type a user asked for through a connection, kept until the same
 * rows are served. The audit trail records only the loads that completed, and the study cache keeps no failure (its
 * next request tries again: lib/study-cache/ttl-lru.ts); without this record the studies list (./studies-home.ts)
 * would call a connection whose loads fail Working. Only the failure's facts are kept (lib/connections/failure.ts),
 * never a record of the study. In Redis when the instances share it, so that the studies list of any instance shows
 * a load that failed on another (./redis-load-failures.ts; docs/coordination.md, Failed loads), for a week at most;
 * else in this process's memory, bounded, and forgotten on restart (./load-failures-instance.ts chooses).
 */
import { type ConnectionUnusable, failureOf } from "@/lib/connections/failure";
import type { PartnerFailure } from "@/lib/partner-client/errors";
import type { StudyData } from "./study-rows";

/** Failures kept at most in memory, across users; the oldest go first. */
export const MAX_LOAD_FAILURES = 2_000;

/** What a failed load says of the connection: the partner's failure, or a connection unusable before any request. */
export type LoadFailureFacts = PartnerFailure | ConnectionUnusable;

export interface LoadFailure {
  study: string;
  recordType: string;
  /** When it failed (epoch ms). */
  at: number;
  failure: LoadFailureFacts;
}

/** Whose rows: the user, through which connection, of which study. */
export interface LoadOwner {
  userId: number;
  connectionId: string;
  study: string;
}

/**
 * The facts of a failure that says something of the connection. Not the partner's refusal of one study (an answer,
 * which the audit trail keeps as access.refused), a limit of the user's own (too many loads or sign-ins at once), a
 * load stopped by a refresh, nor an error nobody planned for (failureOf leaves those undefined).
 */
export function connectionFailure(err: unknown): LoadFailureFacts | undefined {
  const facts = failureOf(err);
  if (facts === undefined || facts.kind === "forbidden") return undefined;
  if (facts.kind === "loads-limited" || facts.kind === "sign-ins-limited" || facts.kind === "sign-ins-not-counted")
    return undefined;
  return facts;
}

/** Where failed loads are kept: in memory (MemoryLoadFailures) or in Redis (RedisLoadFailures). */
export interface LoadFailures {
  failed(owner: LoadOwner, recordType: string, failure: LoadFailureFacts, at: number): Promise<void>;
  succeeded(owner: LoadOwner, recordType: string): Promise<void>;
  /** The user's kept failures through the connection, the oldest first. */
  of(userId: number, connectionId: string): Promise<LoadFailure[]>;
}

const ownerKey = (userId: number, connectionId: string) => JSON.stringify([userId, connectionId]);

/** LoadFailures in this process's memory, at most `max` across users. */
export class MemoryLoadFailures implements LoadFailures {
  // A Map iterates in insertion order: a failure set again moves to the end, so the first is the oldest.
  private readonly kept = new Map<string, LoadFailure & { owner: string }>();

  constructor(private readonly max = MAX_LOAD_FAILURES) {}

  async failed(owner: LoadOwner, recordType: string, failure: LoadFailureFacts, at: number): Promise<void> {
    const key = this.key(owner, recordType);
    this.kept.delete(key);
    const { study } = owner;
    this.kept.set(key, { owner: ownerKey(owner.userId, owner.connectionId), study, recordType, at, failure });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.max) break;
      this.kept.delete(oldest);
    }
  }

  async succeeded(owner: LoadOwner, recordType: string): Promise<void> {
    this.kept.delete(this.key(owner, recordType));
  }

  async of(userId: number, connectionId: string): Promise<LoadFailure[]> {
    const owner = ownerKey(userId, connectionId);
    return [...this.kept.values()].filter((f) => f.owner === owner).map(({ owner: _owner, ...failure }) => failure);
  }

  private key(owner: LoadOwner, recordType: string): string {
    return JSON.stringify([owner.userId, owner.connectionId, owner.study, recordType]);
  }
}

/** Keeps or forgets a failure; one that cannot be kept (Redis does not answer) is only logged: the page goes on. */
async function note(change: () => Promise<void>): Promise<void> {
  await change().catch((err: unknown) =>
    console.error("study: a failed load could not be noted:", err instanceof Error ? err.message : "unknown"),
  );
}

/**
 * rows() that keeps each failure that says something of the connection, and forgets it once the rows are served.
 * The rows or the error are the page's whether or not the record could be kept.
 */
export function recordingFailures(
  owner: LoadOwner,
  data: StudyData,
  failures: LoadFailures,
  now: () => number = Date.now,
): StudyData {
  return {
    ...data,
    rows: (recordType) =>
      data.rows(recordType).then(
        async (hit) => {
          await note(() => failures.succeeded(owner, recordType));
          return hit;
        },
        async (err: unknown) => {
          const failure = connectionFailure(err);
          if (failure) await note(() => failures.failed(owner, recordType, failure, now()));
          throw err;
        },
      ),
  };
}

/**
 * The newest failed load of each study and record type a user asked for through a connection, kept in this process
 * until the same rows are served. The audit trail records only the loads that completed, and the study cache keeps
 * no failure (its next request tries again: lib/study-cache/ttl-lru.ts); without this record the studies list
 * (./studies-home.ts) would call a connection whose loads fail Working. Only the failure's facts are kept
 * (lib/connections/failure.ts), never a record of the study; the record is bounded, and forgotten on restart.
 */
import { type ConnectionUnusable, failureOf } from "@/lib/connections/failure";
import type { PartnerFailure } from "@/lib/partner-client/errors";
import { processSingleton } from "@/lib/runtime/process-singleton";
import type { StudyData } from "./study-rows";

/** Failures kept at most, across users; the oldest go first. */
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
  if (facts.kind === "loads-limited" || facts.kind === "sign-ins-limited") return undefined;
  return facts;
}

const ownerKey = (userId: number, connectionId: string) => JSON.stringify([userId, connectionId]);

export class LoadFailures {
  // A Map iterates in insertion order: a failure set again moves to the end, so the first is the oldest.
  private readonly kept = new Map<string, LoadFailure & { owner: string }>();

  constructor(private readonly max = MAX_LOAD_FAILURES) {}

  failed(owner: LoadOwner, recordType: string, failure: LoadFailureFacts, at: number): void {
    const key = this.key(owner, recordType);
    this.kept.delete(key);
    const { study } = owner;
    this.kept.set(key, { owner: ownerKey(owner.userId, owner.connectionId), study, recordType, at, failure });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.max) break;
      this.kept.delete(oldest);
    }
  }

  succeeded(owner: LoadOwner, recordType: string): void {
    this.kept.delete(this.key(owner, recordType));
  }

  /** The user's kept failures through the connection, the oldest first. */
  of(userId: number, connectionId: string): LoadFailure[] {
    const owner = ownerKey(userId, connectionId);
    return [...this.kept.values()].filter((f) => f.owner === owner).map(({ owner: _owner, ...failure }) => failure);
  }

  private key(owner: LoadOwner, recordType: string): string {
    return JSON.stringify([owner.userId, owner.connectionId, owner.study, recordType]);
  }
}

/** The process's record (lib/runtime/process-singleton.ts: the study pages and the home page share it). */
export const loadFailures = (): LoadFailures => processSingleton("load-failures", () => new LoadFailures());

/** rows() that keeps each failure that says something of the connection, and forgets it once the rows are served. */
export function recordingFailures(
  owner: LoadOwner,
  data: StudyData,
  failures: LoadFailures = loadFailures(),
  now: () => number = Date.now,
): StudyData {
  return {
    ...data,
    rows: (recordType) =>
      data.rows(recordType).then(
        (hit) => {
          failures.succeeded(owner, recordType);
          return hit;
        },
        (err: unknown) => {
          const failure = connectionFailure(err);
          if (failure) failures.failed(owner, recordType, failure, now());
          throw err;
        },
      ),
  };
}

/** What a StudyCache is given (its options) and what it tells (progress, refresh outcomes, stats). */
import type { WindowLimit } from "@/lib/coordination/limits";
import type { SharedLoads } from "@/lib/coordination/shared-loads";
import type { ClientOptions } from "@/lib/partner-client/client";
import type { KeyParts } from "./cache-keys";
import type { CachedRows } from "./row-mappers";
import type { CacheStats, Loaded, LoadProgress } from "./ttl-lru";

export interface StudyCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** How long credentials that proved access to a study are served its cached data without asking the service again. */
  accessRecheckMs?: number;
  /**
   * Loads running at once (others wait their turn, a caller holding at most two: ./load-slots.ts): what is
   * loading is outside the memory bound. Default 4.
   */
  maxLoads?: number;
  /**
   * Loads run on the loading thread (./load-thread.ts), as the app's cache does (lib/study/study-cache-instance.ts);
   * otherwise in the caller's thread. The loading thread fetches with the global fetch, so a cache that uses it takes
   * no `client.fetch`.
   */
  loadThread?: boolean;
  /**
   * One load at a time across instances (lib/coordination/shared-loads.ts), when the portal runs as many: a load of
   * the same credentials' record type on another instance is waited for and its rows read, not loaded again.
   */
  shared?: SharedLoads;
  /**
   * Each caller's budget of token requests for unproven credentials (./sign-ins.ts): counted across instances when
   * they share Redis (lib/study/study-cache-instance.ts); this cache's own, in memory, by default.
   */
  signInBudget?: WindowLimit<string>;
  /**
   * Keeps every load as a snapshot in the portal store and serves the latest one when the study is opened again
   * (after a restart, on any instance), once the credentials prove their access: ./kept-snapshots.ts.
   */
  snapshots?: SnapshotKeeper;
  /**
   * A load of one record type of a study starts the loads of its other record types that are not held (one data
   * cut: a study page shows one "Data as of"), as the app's cache does; otherwise a record type loads when asked for.
   */
  together?: boolean;
  /** For the partner clients: tests inject the in-process service's fetch here. */
  client?: ClientOptions;
  now?: () => number;
}

/** A record type of a study as one partner identity reads it (an identity's hash: ./cache-keys.ts snapshotIdentity). */
export interface SnapshotSubject {
  identity: string;
  study: string;
  recordType: string;
}

/** Where snapshots are kept (lib/snapshots/snapshot-store.ts): what the cache needs of it. */
export interface SnapshotKeeper {
  /** `digests`: the rows' digests where the load made them (./content-hashes.ts rowDigests), to name chunks by. */
  keep(
    at: SnapshotSubject,
    value: CachedRows<unknown>,
    takenAt: number,
    digests?: Uint8Array,
  ): Promise<{ fingerprint: string }>;
  /**
   * The fingerprint keep() gives these rows, made without the store, before the rows are served: a load whose content
   * is held already (another identity's copy of the same data) joins that copy at once.
   */
  fingerprint?(recordType: string, value: CachedRows<unknown>, digests?: Uint8Array): Promise<string>;
  latest(at: SnapshotSubject): Promise<{ id: number; takenAt: number; fingerprint: string } | undefined>;
  read(identity: string, id: number): Promise<Loaded<CachedRows<unknown>>>;
}

/** Who asks for rows, and what to tell them (StudyCache.rows). */
export interface RowsAsk {
  /**
   * On whose behalf (the portal passes its user): each caller has its own line of loads and budget of sign-ins
   * with unproven credentials (docs/security.md). Left out (scripts, benchmarks), neither limit applies.
   */
  caller?: string;
  /**
   * Told when a load this call started has all its records (before its rows are served, which wait for it); a
   * throw or rejection from it fails the load.
   */
  onLoaded?: (load: CompletedLoad) => void | Promise<void>;
  /**
   * Told, beside the rows being served, when a load from the partner this call started has been kept as a snapshot:
   * its fingerprint (docs/snapshots.md). A throw or rejection from it fails nothing.
   */
  onKept?: (kept: KeptLoad) => void | Promise<void>;
}

/** A load from the partner kept as a snapshot: its record type and the snapshot's fingerprint. */
export interface KeptLoad {
  recordType: string;
  snapshot: string;
}

export interface RecordTypeProgress extends LoadProgress {
  recordType: string;
}

/** One record type of a study as the cache holds it (StudyCache.held). */
export interface HeldRecordType {
  recordType: string;
  value: CachedRows<unknown>;
  /** When it was loaded (epoch ms). */
  loadedAt: number;
}

/** What a refresh did. */
export type RefreshOutcome =
  /** The study's cached record types were dropped (`entries` of them); the next view loads them afresh. */
  | { status: "dropped"; entries: number }
  /** A load of the study is under way: nothing was dropped and nothing more is loaded; its data comes when it ends. */
  | { status: "loading" }
  /** The credentials could not prove their access now: nothing was dropped (the view says why when it loads). */
  | { status: "refused" };

export interface StudyCacheStats extends Omit<CacheStats, "list"> {
  ttlMs: number;
  clients: number;
  list: (KeyParts & { bytes: number; loadedAt: number; lastUsedAt: number; shared: boolean })[];
}

/**
 * A load that ended with every record of its record type: told once, to the caller whose request started it
 * (StudyCache.rows' `onLoaded`), never to those who joined it or were served the kept copy.
 */
export interface CompletedLoad {
  recordType: string;
  /** Rows kept: the records the contract's schemas accepted. */
  records: number;
  /** Records the service sent, refused ones included. */
  received: number;
  refused: number;
  /** Where the rows came from: the partner service, or the latest kept snapshot (served after an access check). */
  from: "partner" | "snapshot";
  /**
   * The fingerprint of the snapshot the rows are, when they were read from one (lib/snapshots); a load from the
   * partner is kept as a snapshot after its rows are served.
   */
  snapshot?: string;
}

/**
 * A study's kept snapshots as one connection's partner identity took them (docs/snapshots.md), for the Changes
 * section: read only after the study's rows were served to these credentials, so that stored snapshots are shown
 * exactly to those whom the cache would serve them (a revoked grant or a rotated secret fails the proof first).
 */
import type { ChangedRecordType, RecordChange } from "@/lib/snapshots/changes";
import type { SnapshotStore } from "@/lib/snapshots/snapshot-store";
import { type StudySnapshot, studySnapshots } from "@/lib/snapshots/study-snapshots";
import { cacheCredentials, snapshotIdentity } from "@/lib/study-cache/cache-keys";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import type { CompletedLoad } from "@/lib/study-cache/study-cache-types";
import type { CacheHit, TtlLruCache } from "@/lib/study-cache/ttl-lru";
import type { PartnerCredentials } from "@/partner-api/credentials";

export interface StudyHistory {
  /** The study snapshots, newest first; none where the portal keeps no snapshots. */
  snapshots(): Promise<StudySnapshot[]>;
  /** What changed in a record type between two of its snapshots (their ids: StudySnapshot.inEffect). */
  changes(recordType: ChangedRecordType, older: number, newer: number): Promise<RecordChange[]>;
  /** The rows of one of the study's snapshots of a record type (a past snapshot reopened), dated when taken. */
  read(recordType: string, id: number): Promise<CacheHit<CachedRows<unknown>>>;
  /**
   * The newest study snapshot that holds exactly the loads given (record type: its "data as of"), once the loads
   * being kept are written: which snapshot an export of the latest data is. `keeps` false: the portal keeps none.
   */
  holding(loads: ReadonlyMap<string, number>): Promise<Holding>;
}

export type Holding = { keeps: false } | { keeps: true; snapshot: StudySnapshot | undefined };

export interface HistoryOptions {
  /** Where past snapshots' rows are kept in memory. */
  past?: PastRows;
  /** Told of each past snapshot read from the store (the audit trail's `study.load`, from: snapshot). */
  onRead?: (load: CompletedLoad) => Promise<void>;
  /** Resolves once the snapshots being kept are written (StudyCache.snapshotsKept). */
  kept?: () => Promise<void>;
}

/** Past snapshots' rows in memory, by identity and snapshot (bounded in bytes: lib/study/study-cache-instance.ts). */
export type PastRows = TtlLruCache<CachedRows<unknown>>;

/**
 * `proof`: serves the study's rows to these credentials (a cached view proves access as every view does); a past
 * snapshot read again from memory (options.past) is not told to options.onRead.
 */
export function studyHistory(
  store: SnapshotStore | undefined,
  creds: PartnerCredentials,
  study: string,
  proof: () => Promise<unknown>,
  { past, onRead, kept }: HistoryOptions = {},
): StudyHistory {
  const identity = snapshotIdentity(cacheCredentials(creds));
  /** This study's snapshots of the record type among the ids (ids come from addresses). */
  const owned = async (recordType: string, ...ids: number[]) => {
    const listed = (await store?.list(identity, study))?.filter((s) => s.recordType === recordType) ?? [];
    return listed.filter((s) => ids.includes(s.id));
  };
  const snapshots = async () => {
    await proof();
    return store ? studySnapshots(await store.list(identity, study)) : [];
  };
  return {
    snapshots,
    holding: async (loads) => {
      if (!store) return { keeps: false };
      await kept?.();
      const held = (s: StudySnapshot) => [...loads].every(([type, at]) => s.inEffect.get(type)?.takenAt === at);
      return { keeps: true, snapshot: (await snapshots()).find(held) };
    },
    changes: async (recordType, older, newer) => {
      await proof();
      if (!store) return [];
      if ((await owned(recordType, older, newer)).length !== 2)
        throw new Error(`Snapshots ${older} and ${newer} are not both snapshots of this study's ${recordType}.`);
      return store.changes(identity, recordType, older, newer);
    },
    read: async (recordType, id) => {
      await proof();
      const [meta] = await owned(recordType, id);
      if (!store || !meta) throw new SnapshotGoneError();
      const load = async () => {
        const loaded = await store.read(identity, id);
        const { rows, received, rejected } = loaded.value;
        const counts = { records: rows.length, received, refused: rejected.count };
        await onRead?.({ recordType, ...counts, from: "snapshot", snapshot: meta.fingerprint });
        return loaded;
      };
      if (!past) {
        const loaded = await load();
        return { value: loaded.value, loadedAt: loaded.takenAt ?? 0 };
      }
      return past.get(JSON.stringify([identity, id]), load);
    },
  };
}

/** A past snapshot asked for that the study does not have (never, or retention removed it). */
export class SnapshotGoneError extends Error {
  constructor() {
    super("This snapshot of the study is not kept any more (or never was): open the latest data instead.");
    this.name = "SnapshotGoneError";
  }
}

/** The history of a study whose data cannot be asked for: fails with `err`. */
export const refusedHistory = (err: Error): StudyHistory => ({
  snapshots: () => Promise.reject(err),
  changes: () => Promise.reject(err),
  read: () => Promise.reject(err),
  holding: () => Promise.reject(err),
});

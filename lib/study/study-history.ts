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
}

/** Past snapshots' rows in memory, by identity and snapshot (bounded in bytes: lib/study/study-cache-instance.ts). */
export type PastRows = TtlLruCache<CachedRows<unknown>>;

/**
 * `proof`: serves the study's rows to these credentials (a cached view proves access as every view does); `past`:
 * where past snapshots' rows are kept in memory; `onRead`: told of each past snapshot read from the store (the
 * audit trail's `study.load`, from: snapshot, with its fingerprint), not of rows served again from memory.
 */
export function studyHistory(
  store: SnapshotStore | undefined,
  creds: PartnerCredentials,
  study: string,
  proof: () => Promise<unknown>,
  past?: PastRows,
  onRead?: (load: CompletedLoad) => Promise<void>,
): StudyHistory {
  const identity = snapshotIdentity(cacheCredentials(creds));
  /** This study's snapshots of the record type among the ids (ids come from addresses). */
  const owned = async (recordType: string, ...ids: number[]) => {
    const listed = (await store?.list(identity, study))?.filter((s) => s.recordType === recordType) ?? [];
    return listed.filter((s) => ids.includes(s.id));
  };
  return {
    snapshots: async () => {
      await proof();
      return store ? studySnapshots(await store.list(identity, study)) : [];
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
});

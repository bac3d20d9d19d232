/**
 * A study's kept snapshots as one connection's partner identity took them (docs/snapshots.md), for the Changes
 * section: read only after the study's rows were served to these credentials, so that stored snapshots are shown
 * exactly to those whom the cache would serve them (a revoked grant or a rotated secret fails the proof first).
 */
import type { ChangedRecordType, RecordChange } from "@/lib/snapshots/changes";
import type { SnapshotStore } from "@/lib/snapshots/snapshot-store";
import { type StudySnapshot, studySnapshots } from "@/lib/snapshots/study-snapshots";
import { cacheCredentials, snapshotIdentity } from "@/lib/study-cache/cache-keys";
import type { PartnerCredentials } from "@/partner-api/credentials";

export interface StudyHistory {
  /** The study snapshots, newest first; none where the portal keeps no snapshots. */
  snapshots(): Promise<StudySnapshot[]>;
  /** What changed in a record type between two of its snapshots (their ids: StudySnapshot.inEffect). */
  changes(recordType: ChangedRecordType, older: number, newer: number): Promise<RecordChange[]>;
}

/** `proof`: serves the study's rows to these credentials (a cached view proves access as every view does). */
export function studyHistory(
  store: SnapshotStore | undefined,
  creds: PartnerCredentials,
  study: string,
  proof: () => Promise<unknown>,
): StudyHistory {
  const identity = snapshotIdentity(cacheCredentials(creds));
  return {
    snapshots: async () => {
      await proof();
      return store ? studySnapshots(await store.list(identity, study)) : [];
    },
    changes: async (recordType, older, newer) => {
      await proof();
      if (!store) return [];
      // Ids from an address: only this study's snapshots of that record type are compared.
      const listed = (await store.list(identity, study)).filter((s) => s.recordType === recordType);
      if (!listed.some((s) => s.id === older) || !listed.some((s) => s.id === newer))
        throw new Error(`Snapshots ${older} and ${newer} are not both snapshots of this study's ${recordType}.`);
      return store.changes(identity, recordType, older, newer);
    },
  };
}

/** The history of a study whose data cannot be asked for: fails with `err`. */
export const refusedHistory = (err: Error): StudyHistory => ({
  snapshots: () => Promise.reject(err),
  changes: () => Promise.reject(err),
});

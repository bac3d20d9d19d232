/**
 * How long snapshots are kept (docs/snapshots.md, Retention): per partner identity, study and record type, the
 * newest `kept`, none older than `keptDays`, and the latest always. Chunks that no snapshot names any more are swept,
 * but only once they have not been written or named by a snapshot being kept for an hour: a snapshot's chunks are
 * written (or touched) before its row, so a sweep never takes a chunk from under a snapshot on its way in.
 */
import type { Store } from "@/lib/store/store";
import type { SnapshotSubject } from "@/lib/study-cache/study-cache-types";
import { splitHashes } from "./stored-chunks";

export interface Retention {
  kept: number;
  keptDays: number;
}

const DAY_MS = 86_400_000;
/** A chunk younger than this is never swept (see above). */
export const CHUNK_GRACE_MS = 3_600_000;
const PAGE = 500;

/** Deletes the record type's snapshots beyond the retention; returns how many went. */
export async function pruneSnapshots(store: Store, at: SnapshotSubject, retention: Retention, now: number) {
  const rows = await store.db
    .selectFrom("study_snapshots")
    .select(["id", "taken_at"])
    .where("identity", "=", at.identity)
    .where("study", "=", at.study)
    .where("record_type", "=", at.recordType)
    .orderBy("id", "desc")
    .execute();
  const oldest = now - retention.keptDays * DAY_MS;
  const doomed = rows
    .filter((r, i) => i > 0 && (i >= retention.kept || Date.parse(r.taken_at) < oldest))
    .map((r) => r.id);
  if (doomed.length > 0)
    await store.write((tx) => tx.db.deleteFrom("study_snapshots").where("id", "in", doomed).execute());
  return doomed.length;
}

/** Every chunk hash a kept snapshot names. */
async function namedChunks(store: Store): Promise<Set<string>> {
  const named = new Set<string>();
  for (let after = 0; ; ) {
    const page = await store.db
      .selectFrom("study_snapshots")
      .select(["id", "chunk_hashes"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(50)
      .execute();
    if (page.length === 0) return named;
    for (const { chunk_hashes } of page) for (const hash of splitHashes(chunk_hashes)) named.add(hash);
    after = page[page.length - 1].id;
  }
}

/** Deletes the chunks no snapshot names that are past their grace; returns how many went. */
export async function sweepChunks(store: Store, now: number): Promise<number> {
  const named = await namedChunks(store);
  const before = new Date(now - CHUNK_GRACE_MS).toISOString();
  let swept = 0;
  for (let after = ""; ; ) {
    const page = await store.db
      .selectFrom("snapshot_chunks")
      .select("hash")
      .where("hash", ">", after)
      .where("created_at", "<", before)
      .orderBy("hash")
      .limit(PAGE)
      .execute();
    if (page.length === 0) return swept;
    const doomed = page.map((r) => r.hash).filter((h) => !named.has(h));
    if (doomed.length > 0) {
      await store.write((tx) => tx.db.deleteFrom("snapshot_chunks").where("hash", "in", doomed).execute());
      swept += doomed.length;
    }
    after = page[page.length - 1].hash;
  }
}

/**
 * What the portal store holds of snapshots, for the administrators' page (docs/snapshots.md, Administration): per
 * partner identity and study, its snapshots and the bytes of the chunks they name; and the purge of one identity's
 * study. Identities are stored as hashes (lib/study-cache/cache-keys.ts): the page names them by the connections
 * that read as them, without any secret.
 */
import { sql } from "kysely";
import type { Store } from "@/lib/store/store";
import { normalBaseUrl, snapshotIdentity } from "@/lib/study-cache/cache-keys";
import { sweepChunks } from "./retention";
import { splitHashes } from "./stored-chunks";

export interface StudyUsage {
  /** The identity's hash, as the store files it. */
  identity: string;
  /** The connections' identity (base URL, partner ID, client ID), or null where no connection reads as it now. */
  named: { baseUrl: string; partnerId: string; clientId: string } | null;
  study: string;
  snapshots: number;
  recordTypes: number;
  firstTakenAt: number;
  latestTakenAt: number;
  /** Bytes of the chunks its snapshots name (a chunk shared with another identity or study is counted in each). */
  bytes: number;
}

export interface SnapshotUsage {
  studies: StudyUsage[];
  /** Every chunk stored, and their bytes: each once, however many snapshots name it. */
  chunks: number;
  bytes: number;
}

/** The identity of every connection, by its hash. */
async function identityNames(store: Store): Promise<Map<string, StudyUsage["named"]>> {
  const rows = await store.db.selectFrom("connections").select(["base_url", "partner_id", "client_id"]).execute();
  const out = new Map<string, StudyUsage["named"]>();
  for (const r of rows) {
    const named = { baseUrl: normalBaseUrl(r.base_url), partnerId: r.partner_id, clientId: r.client_id };
    out.set(snapshotIdentity(named), named);
  }
  return out;
}

async function chunkSizes(store: Store): Promise<Map<string, number>> {
  const rows = await store.db
    .selectFrom("snapshot_chunks")
    .select(["hash", sql<number | string>`length(body)`.as("size")])
    .execute();
  return new Map(rows.map((r) => [r.hash, Number(r.size)]));
}

export async function snapshotUsage(store: Store): Promise<SnapshotUsage> {
  const [names, sizes] = [await identityNames(store), await chunkSizes(store)];
  const byStudy = new Map<string, StudyUsage & { namedChunks: Set<string>; types: Set<string> }>();
  for (let after = 0; ; ) {
    const page = await store.db
      .selectFrom("study_snapshots")
      .select(["id", "identity", "study", "record_type", "taken_at", "chunk_hashes"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(200)
      .execute();
    if (page.length === 0) break;
    for (const s of page) {
      const key = JSON.stringify([s.identity, s.study]);
      const at = Date.parse(s.taken_at);
      let u = byStudy.get(key);
      if (!u) {
        const first = { identity: s.identity, named: names.get(s.identity) ?? null, study: s.study };
        const times = { firstTakenAt: at, latestTakenAt: at };
        u = { ...first, ...times, snapshots: 0, recordTypes: 0, bytes: 0, namedChunks: new Set(), types: new Set() };
        byStudy.set(key, u);
      }
      u.snapshots++;
      u.types.add(s.record_type);
      u.latestTakenAt = Math.max(u.latestTakenAt, at);
      for (const h of splitHashes(s.chunk_hashes)) u.namedChunks.add(h);
    }
    after = page[page.length - 1].id;
  }
  const studies = [...byStudy.values()].map(({ namedChunks, types, ...u }) => ({
    ...u,
    recordTypes: types.size,
    bytes: [...namedChunks].reduce((sum, h) => sum + (sizes.get(h) ?? 0), 0),
  }));
  studies.sort((a, b) => b.bytes - a.bytes || a.study.localeCompare(b.study));
  return { studies, chunks: sizes.size, bytes: [...sizes.values()].reduce((a, b) => a + b, 0) };
}

/**
 * Deletes every snapshot of one identity's study; the chunks no other snapshot names go with the next sweep, now
 * for those past their hour of grace (docs/snapshots.md, Retention). Returns how many snapshots and chunks went.
 */
export async function purgeStudySnapshots(store: Store, identity: string, study: string, now: number) {
  const deleted = await store.write((tx) =>
    tx.db.deleteFrom("study_snapshots").where("identity", "=", identity).where("study", "=", study).execute(),
  );
  const snapshots = deleted.reduce((n, r) => n + Number(r.numDeletedRows), 0);
  return { snapshots, chunks: snapshots > 0 ? await sweepChunks(store, now) : 0 };
}

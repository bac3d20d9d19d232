/**
 * Study snapshots in the portal store (docs/snapshots.md): every load of a study's record type by a partner identity,
 * kept as the hashes of its chunks in order; each chunk stored once (./chunks.ts). Writes go in small transactions
 * with turns given between them, so that neither the store's one SQLite connection nor the rendering thread is held
 * for long; a snapshot's row is written last, after every chunk it names.
 */
import { createHash } from "node:crypto";
import type { Store } from "@/lib/store/store";
import { contentHashesOf, keepContentHashes } from "@/lib/study-cache/content-hashes";
import { repeatedColumns } from "@/lib/study-cache/handoff-codec";
import type { Row } from "@/lib/study-cache/row-codec";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import { estimateBytes, StringPool } from "@/lib/study-cache/size";
import type { SnapshotKeeper, SnapshotSubject } from "@/lib/study-cache/study-cache-types";
import type { Loaded } from "@/lib/study-cache/ttl-lru";
import { type ChangedRecordType, changesBetween, type RecordChange } from "./changes";
import { pruneSnapshots, type Retention, sweepChunks } from "./retention";
import { type NamedChunk, nameChunks, readChunks, splitHashes, writeChunks } from "./stored-chunks";

export interface SnapshotMeta {
  id: number;
  study: string;
  recordType: string;
  /** When its load ended (epoch ms): its "data as of". */
  takenAt: number;
  fingerprint: string;
  records: number;
  /** Bytes of the chunks it added to the store. */
  bytes: number;
}

type SnapshotRow = {
  id: number;
  study: string;
  record_type: string;
  taken_at: string;
  fingerprint: string;
  records: number;
  bytes: number | string;
};

const metaOf = (r: SnapshotRow): SnapshotMeta => ({
  id: r.id,
  study: r.study,
  recordType: r.record_type,
  takenAt: Date.parse(r.taken_at),
  fingerprint: r.fingerprint,
  records: r.records,
  bytes: Number(r.bytes),
});

const META = ["id", "study", "record_type", "taken_at", "fingerprint", "records", "bytes"] as const;

/** Changes kept per process, least recently asked for first out: each pair of snapshots is compared once. */
const CHANGES_KEPT = 16;
/** The most snapshots listed for one identity's study: retention keeps far fewer (at most 20 per record type). */
const MAX_LISTED = 5_000;

/** Sweeps of unnamed chunks at most this often per process: each reads every snapshot's list of chunks. */
const SWEEP_EVERY_MS = 600_000;

/**
 * A snapshot's content (docs/snapshots.md): its chunks' names in order, its refusals, and its fingerprint, the SHA-256
 * of its record type, counts, refusals and chunk names.
 */
function contentOf(recordType: string, value: CachedRows<unknown>, chunks: readonly NamedChunk[]) {
  const hashes = Buffer.concat(chunks.map((c) => Buffer.from(c.hash, "hex")));
  const rejected = JSON.stringify(value.rejected);
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([recordType, value.rows.length, value.received, rejected]))
    .update(hashes)
    .digest("hex");
  return { hashes, rejected, fingerprint };
}

export class SnapshotStore implements SnapshotKeeper {
  private lastSweep = 0;
  private readonly changesKept = new Map<string, Promise<RecordChange[]>>();

  constructor(
    private readonly store: () => Promise<Store>,
    private readonly retention: Retention,
    private readonly now: () => number = Date.now,
  ) {}

  /** Chunks named per rows array, until keep() takes them: a load named before it is served is not named again. */
  private readonly named = new WeakMap<readonly unknown[], Promise<NamedChunk[]>>();

  /** Keeps a loaded record type as a snapshot taken at `takenAt`; `digests`: its rows' digests, where made. */
  async keep(
    at: SnapshotSubject,
    value: CachedRows<unknown>,
    takenAt: number,
    digests?: Uint8Array,
  ): Promise<SnapshotMeta> {
    const chunks = await this.chunksOf(value.rows, digests);
    // Named for this keeping: not held beside rows that stay cached.
    this.named.delete(value.rows);
    const store = await this.store();
    const keeping = { rows: value.rows, rowHashes: contentHashesOf(value.rows as object[]) };
    const bytes = await writeChunks(store, at.recordType, keeping, chunks, new Date(this.now()).toISOString());
    const { hashes, rejected, fingerprint } = contentOf(at.recordType, value, chunks);
    const row = await store.write((tx) =>
      tx.db
        .insertInto("study_snapshots")
        .values({
          identity: at.identity,
          study: at.study,
          record_type: at.recordType,
          taken_at: new Date(takenAt).toISOString(),
          fingerprint,
          records: value.rows.length,
          received: value.received,
          rejected,
          chunk_hashes: hashes,
          bytes,
        })
        .returning(META)
        .executeTakeFirstOrThrow(),
    );
    await this.prune(store, at);
    return metaOf(row);
  }

  /** The fingerprint keep() gives these rows, made without the store: their chunks named, and kept for keep(). */
  async fingerprint(recordType: string, value: CachedRows<unknown>, digests?: Uint8Array): Promise<string> {
    return contentOf(recordType, value, await this.chunksOf(value.rows, digests)).fingerprint;
  }

  private chunksOf(rows: readonly unknown[], digests: Uint8Array | undefined): Promise<NamedChunk[]> {
    let named = this.named.get(rows);
    if (!named) {
      named = nameChunks(rows, digests);
      this.named.set(rows, named);
    }
    return named;
  }

  /** Retention (./retention.ts) after each kept snapshot; the sweep of chunks when snapshots went. */
  private async prune(store: Store, at: SnapshotSubject): Promise<void> {
    const now = this.now();
    const pruned = await pruneSnapshots(store, at, this.retention, now);
    if (pruned === 0 || now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await sweepChunks(store, now);
  }

  /** The latest snapshot of a record type of a study by this identity. */
  async latest(at: SnapshotSubject): Promise<SnapshotMeta | undefined> {
    const row = await (await this.store()).db
      .selectFrom("study_snapshots")
      .select(META)
      .where("identity", "=", at.identity)
      .where("study", "=", at.study)
      .where("record_type", "=", at.recordType)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row && metaOf(row);
  }

  /** Every snapshot of an identity's study, oldest first. */
  async list(identity: string, study: string): Promise<SnapshotMeta[]> {
    const rows = await (await this.store()).db
      .selectFrom("study_snapshots")
      .select(META)
      .where("identity", "=", identity)
      .where("study", "=", study)
      .orderBy("id")
      .limit(MAX_LISTED)
      .execute();
    return rows.map(metaOf);
  }

  /**
   * What changed in a record type between two of the identity's snapshots (./changes.ts), computed once and kept
   * (snapshots never change); a comparison that fails is not kept.
   */
  changes(identity: string, recordType: ChangedRecordType, older: number, newer: number): Promise<RecordChange[]> {
    const key = JSON.stringify([identity, recordType, older, newer]);
    const kept = this.changesKept.get(key);
    if (kept) {
      this.changesKept.delete(key);
      this.changesKept.set(key, kept);
      return kept;
    }
    const computing = this.store().then((store) => changesBetween(store, identity, recordType, older, newer));
    this.changesKept.set(key, computing);
    computing.catch(() => this.changesKept.delete(key));
    if (this.changesKept.size > CHANGES_KEPT) this.changesKept.delete(this.changesKept.keys().next().value as string);
    return computing;
  }

  /** A snapshot's rows as the cache holds them, read only for the identity that took it. */
  async read(identity: string, id: number): Promise<Loaded<CachedRows<unknown>>> {
    const store = await this.store();
    const snapshot = await store.db
      .selectFrom("study_snapshots")
      .select(["chunk_hashes", "received", "rejected", "taken_at"])
      .where("id", "=", id)
      .where("identity", "=", identity)
      .executeTakeFirstOrThrow();
    const hashes = splitHashes(snapshot.chunk_hashes);
    const { rows, rowHashes } = await readChunks(store, hashes);
    const pool = new StringPool();
    internRepeated(rows, pool);
    // Kept beside the rows, as a load's are: marking and counting marks read them instead of hashing each row.
    if (rowHashes) keepContentHashes(rows as object[], rowHashes);
    const value: CachedRows<unknown> = {
      rows,
      received: snapshot.received,
      rejected: JSON.parse(snapshot.rejected) as CachedRows<unknown>["rejected"],
    };
    const bytes = estimateBytes(value, pool) + pool.bytes + (rowHashes?.byteLength ?? 0);
    return { value, bytes, takenAt: Date.parse(snapshot.taken_at) };
  }
}

/** The repeated strings of the rows (codes, units, visits) held once, as the loading thread's rows hold them. */
function internRepeated(rows: unknown[], pool: StringPool): void {
  const repeated = repeatedColumns(rows.slice(0, 1_000) as Row[]);
  for (const row of rows as Row[])
    for (const key of repeated) {
      const value = row[key];
      if (typeof value === "string") row[key] = pool.intern(value);
    }
}

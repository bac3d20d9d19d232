/**
 * Chunks in the store (./chunks.ts, docs/snapshots.md): written in batches of CHUNKS_PER_BATCH, each in a small
 * transaction with a turn given to other work after it; read back in order; a snapshot's list of them.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "kysely";
import type { Store } from "@/lib/store/store";
import { HASH_BYTES as ROW_HASH_BYTES } from "@/lib/study-cache/content-hashes";
import { chunkStarts, decodeChunk, type EncodedChunk, encodeChunk } from "./chunks";

/** Chunks per statement: about a megabyte of laboratory rows, compressed. */
const CHUNKS_PER_BATCH = 100;
const HASH_BYTES = 32;

/**
 * The rows in chunks, a turn given to other work between batches of them; `rowHashes` are the rows' content hashes
 * where the load made them (ROW_HASH_BYTES a row, in their order).
 */
export async function encodeRows(rows: readonly unknown[], rowHashes?: Uint8Array): Promise<EncodedChunk[]> {
  const starts = chunkStarts(rows);
  const chunks: EncodedChunk[] = [];
  for (let i = 0; i < starts.length; i += CHUNKS_PER_BATCH) {
    const batch = starts.slice(i, i + CHUNKS_PER_BATCH);
    const ends = [...starts.slice(i + 1, i + CHUNKS_PER_BATCH + 1)];
    const encode = (start: number, end: number) =>
      encodeChunk(rows.slice(start, end), rowHashes?.subarray(start * ROW_HASH_BYTES, end * ROW_HASH_BYTES));
    chunks.push(...(await Promise.all(batch.map((start, j) => encode(start, ends[j] ?? rows.length)))));
  }
  return chunks;
}

export interface ReadRows {
  rows: unknown[];
  /** Their content hashes, ROW_HASH_BYTES a row; none where a chunk was stored without them. */
  rowHashes: Buffer | undefined;
}

/** The rows of the chunks, in order, with their content hashes. */
export async function readChunks(store: Store, hashes: string[]): Promise<ReadRows> {
  const rows: unknown[] = [];
  let rowHashes: Buffer[] | undefined = [];
  for (let i = 0; i < hashes.length; i += CHUNKS_PER_BATCH) {
    const batch = hashes.slice(i, i + CHUNKS_PER_BATCH);
    const found = await store.db
      .selectFrom("snapshot_chunks")
      .select(["hash", "body", "row_hashes"])
      .where("hash", "in", [...new Set(batch)])
      .execute();
    const byHash = new Map(found.map((r) => [r.hash, r]));
    for (const hash of batch) {
      const chunk = byHash.get(hash);
      if (!chunk) throw new Error(`A chunk of the snapshot is missing from the store (${hash.slice(0, 12)}).`);
      for (const row of await decodeChunk(chunk.body)) rows.push(row);
      if (rowHashes && chunk.row_hashes) rowHashes.push(chunk.row_hashes);
      else rowHashes = undefined;
    }
  }
  return { rows, rowHashes: rowHashes && Buffer.concat(rowHashes) };
}

/** Writes the chunks the store does not hold yet and touches those it holds; returns the new ones' bytes. */
export async function writeChunks(
  store: Store,
  recordType: string,
  chunks: EncodedChunk[],
  now: string,
): Promise<number> {
  const unique = [...new Map(chunks.map((c) => [c.hash, c])).values()];
  let bytes = 0;
  for (let i = 0; i < unique.length; i += CHUNKS_PER_BATCH) {
    const batch = unique.slice(i, i + CHUNKS_PER_BATCH);
    const held = await store.db
      .selectFrom("snapshot_chunks")
      .select(["hash", sql<number>`CASE WHEN row_hashes IS NULL THEN 1 ELSE 0 END`.as("bare")])
      .where(
        "hash",
        "in",
        batch.map((c) => c.hash),
      )
      .execute();
    const known = new Set(held.map((r) => r.hash));
    const bare = new Set(held.filter((r) => Number(r.bare) === 1).map((r) => r.hash));
    if (known.size > 0)
      await store.write(async (tx) => {
        // Named again: a sweep leaves it alone for its grace (./retention.ts).
        await tx.db
          .updateTable("snapshot_chunks")
          .set({ created_at: now })
          .where("hash", "in", [...known])
          .execute();
        // A chunk held without its rows' content hashes is given them.
        for (const c of batch.filter((c) => bare.has(c.hash)))
          await tx.db
            .updateTable("snapshot_chunks")
            .set({ row_hashes: c.rowHashes })
            .where("hash", "=", c.hash)
            .execute();
      });
    const fresh = batch.filter((c) => !known.has(c.hash));
    if (fresh.length === 0) continue;
    const values = fresh.map((c) => ({
      hash: c.hash,
      record_type: recordType,
      row_count: c.rowCount,
      body: c.body,
      row_hashes: c.rowHashes,
      created_at: now,
    }));
    await store.write((tx) =>
      tx.db
        .insertInto("snapshot_chunks")
        .values(values)
        .onConflict((oc) => oc.column("hash").doNothing())
        .execute(),
    );
    for (const c of fresh) bytes += c.body.length;
    await nextTurn();
  }
  return bytes;
}

/** A snapshot's chunk hashes in order, for the identity that took it (none for another). */
export async function chunkHashes(store: Store, identity: string, id: number): Promise<string[]> {
  const row = await store.db
    .selectFrom("study_snapshots")
    .select("chunk_hashes")
    .where("id", "=", id)
    .where("identity", "=", identity)
    .executeTakeFirstOrThrow();
  return splitHashes(row.chunk_hashes);
}

export function splitHashes(hashes: Buffer): string[] {
  const out: string[] = [];
  for (let i = 0; i < hashes.length; i += HASH_BYTES) out.push(hashes.subarray(i, i + HASH_BYTES).toString("hex"));
  return out;
}

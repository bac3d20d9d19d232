/**
 * Chunks in the store (./chunks.ts, docs/snapshots.md): named first, then written in batches of CHUNKS_PER_BATCH
 * (only those the store lacks encoded), each in a small transaction with a turn given to other work after it; read
 * back in order; a snapshot's list of them.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "kysely";
import type { Store } from "@/lib/store/store";
import { DIGEST_BYTES, HASH_BYTES as ROW_HASH_BYTES } from "@/lib/study-cache/content-hashes";
import { chunkName, chunkNameOfDigests, chunkRowHashes, chunkStarts, decodeChunk, encodeChunk } from "./chunks";

/** Chunks per statement: about a megabyte of laboratory rows, compressed. */
const CHUNKS_PER_BATCH = 100;
const HASH_BYTES = 32;

/** Rows to keep, with their content hashes where the load made them (ROW_HASH_BYTES a row, in their order). */
export interface RowsToKeep {
  rows: readonly unknown[];
  rowHashes: Uint8Array | undefined;
}

/** A chunk of the rows: its name and where it lies. */
export interface NamedChunk {
  hash: string;
  start: number;
  end: number;
}

/**
 * The rows' chunks, named, a turn given to other work between batches of them: by the rows' `digests` where the load
 * made them (DIGEST_BYTES a row, in the rows' order), or else from the rows themselves.
 */
export async function nameChunks(rows: readonly unknown[], digests?: Uint8Array): Promise<NamedChunk[]> {
  if (digests && digests.length !== rows.length * DIGEST_BYTES)
    throw new Error(`${digests.length} bytes of row digests for ${rows.length} rows.`);
  const starts = chunkStarts(rows);
  const named: NamedChunk[] = [];
  for (const [i, start] of starts.entries()) {
    if (i > 0 && i % CHUNKS_PER_BATCH === 0) await nextTurn();
    const end = starts[i + 1] ?? rows.length;
    const hash = digests
      ? chunkNameOfDigests(digests.subarray(start * DIGEST_BYTES, end * DIGEST_BYTES))
      : chunkName(rows.slice(start, end));
    named.push({ hash, start, end });
  }
  return named;
}

export interface ReadRows {
  rows: unknown[];
  /** Their content hashes, ROW_HASH_BYTES a row; none where a chunk was stored without them. */
  rowHashes: Buffer | undefined;
}

/**
 * The rows of the chunks, in order, with their content hashes; `withRowHashes: false` leaves the hashes in the store
 * (what compares rows alone does not need them).
 */
export async function readChunks(
  store: Store,
  hashes: string[],
  { withRowHashes = true }: { withRowHashes?: boolean } = {},
): Promise<ReadRows> {
  const rows: unknown[] = [];
  let rowHashes: Buffer[] | undefined = withRowHashes ? [] : undefined;
  for (let i = 0; i < hashes.length; i += CHUNKS_PER_BATCH) {
    const batch = hashes.slice(i, i + CHUNKS_PER_BATCH);
    const found = await store.db
      .selectFrom("snapshot_chunks")
      .select(withRowHashes ? ["hash", "body", "row_hashes"] : ["hash", "body"])
      .where("hash", "in", [...new Set(batch)])
      .execute();
    const byHash = new Map(found.map((r) => [r.hash, r as { body: Buffer; row_hashes?: Buffer | null }]));
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

/**
 * Writes the chunks the store does not hold yet and touches those it holds; returns the new ones' bytes. A chunk is
 * serialized and compressed only when the store lacks it: a new data cut, or the same data read by another identity,
 * costs the compression of what changed alone.
 */
export async function writeChunks(
  store: Store,
  recordType: string,
  keeping: RowsToKeep,
  chunks: NamedChunk[],
  now: string,
): Promise<number> {
  const unique = [...new Map(chunks.map((c) => [c.hash, c])).values()];
  let bytes = 0;
  for (let i = 0; i < unique.length; i += CHUNKS_PER_BATCH) {
    const batch = unique.slice(i, i + CHUNKS_PER_BATCH);
    const known = await touchHeld(store, keeping, batch, now);
    const fresh = batch.filter((c) => !known.has(c.hash));
    if (fresh.length === 0) continue;
    bytes += await insertFresh(store, recordType, keeping, fresh, now);
    await nextTurn();
  }
  return bytes;
}

const rowsOf = (keeping: RowsToKeep, c: NamedChunk) => keeping.rows.slice(c.start, c.end);

/** A chunk's rows' content hashes: those the load made, or made here. */
const hashesOf = (keeping: RowsToKeep, c: NamedChunk) =>
  chunkRowHashes(rowsOf(keeping, c), keeping.rowHashes?.subarray(c.start * ROW_HASH_BYTES, c.end * ROW_HASH_BYTES));

/** Touches the chunks of the batch the store holds, giving those held bare their rows' hashes; returns their names. */
async function touchHeld(store: Store, keeping: RowsToKeep, batch: NamedChunk[], now: string): Promise<Set<string>> {
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
  if (known.size === 0) return known;
  const bare = new Set(held.filter((r) => Number(r.bare) === 1).map((r) => r.hash));
  await store.write(async (tx) => {
    // Named again: a sweep leaves it alone for its grace (./retention.ts).
    await tx.db
      .updateTable("snapshot_chunks")
      .set({ created_at: now })
      .where("hash", "in", [...known])
      .execute();
    for (const c of batch.filter((c) => bare.has(c.hash)))
      await tx.db
        .updateTable("snapshot_chunks")
        .set({ row_hashes: hashesOf(keeping, c) })
        .where("hash", "=", c.hash)
        .execute();
  });
  return known;
}

/** Serializes, compresses and inserts chunks the store lacks; returns their bytes. */
async function insertFresh(
  store: Store,
  recordType: string,
  keeping: RowsToKeep,
  fresh: NamedChunk[],
  now: string,
): Promise<number> {
  const bodies = await Promise.all(fresh.map((c) => encodeChunk(rowsOf(keeping, c))));
  const values = fresh.map((c, j) => ({
    hash: c.hash,
    record_type: recordType,
    row_count: c.end - c.start,
    body: bodies[j],
    row_hashes: hashesOf(keeping, c),
    created_at: now,
  }));
  await store.write((tx) =>
    tx.db
      .insertInto("snapshot_chunks")
      .values(values)
      .onConflict((oc) => oc.column("hash").doNothing())
      .execute(),
  );
  return bodies.reduce((sum, body) => sum + body.length, 0);
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

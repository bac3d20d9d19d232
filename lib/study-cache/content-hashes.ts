/**
 * Records' content hashes (docs/review.md, Reviewed marks): the first 8 bytes (16 hex digits) of the SHA-256 of a
 * row as the cache keeps it, in JSON. A reviewed mark holds its record's hash when marked; the record is changed
 * since reviewed when its hash now differs. The loading thread hashes each page's rows as it maps them
 * (./load-thread-worker.ts), 8 bytes a row, and the rows' hashes are kept beside them (keepContentHashes): marking a
 * million rows or counting a million marks then reads their hashes instead of hashing each row on the thread that
 * renders pages (about 2 s a million rows there: docs/performance.md, Study loads).
 */
import { hash } from "node:crypto";
import { processSingleton } from "@/lib/runtime/process-singleton";

/** Bytes of a row's hash. */
export const HASH_BYTES = 8;

/**
 * A row's content hash in hex. 64 bits: enough to tell a changed record from its marked content; a mark is never a
 * proof of identity. The one-shot `hash` (no Hash object a row) hashes a million rows a second faster than
 * createHash, with the same digest.
 */
export const contentHash = (row: unknown): string =>
  hash("sha256", JSON.stringify(row), "hex").slice(0, HASH_BYTES * 2);

/** The rows' hashes, HASH_BYTES a row in the rows' order. */
export const contentHashes = (rows: readonly unknown[]): Uint8Array => contentHashesOfDigests(rowDigests(rows));

/** Bytes of a row's digest: the whole SHA-256 of its JSON, of which its content hash is the first HASH_BYTES. */
export const DIGEST_BYTES = 32;

/**
 * The rows' digests, DIGEST_BYTES a row in the rows' order: what a snapshot's chunks are named by
 * (lib/snapshots/chunks.ts), where a content hash's 64 bits would not do (a chunk's name stands for its content).
 */
export function rowDigests(rows: readonly unknown[]): Uint8Array {
  const out = new Uint8Array(rows.length * DIGEST_BYTES);
  for (let i = 0; i < rows.length; i++) out.set(hash("sha256", JSON.stringify(rows[i]), "buffer"), i * DIGEST_BYTES);
  return out;
}

/** The content hashes of rows whose digests these are: the first HASH_BYTES of each. */
export function contentHashesOfDigests(digests: Uint8Array): Uint8Array {
  const rows = digests.length / DIGEST_BYTES;
  const out = new Uint8Array(rows * HASH_BYTES);
  for (let i = 0; i < rows; i++)
    out.set(digests.subarray(i * DIGEST_BYTES, i * DIGEST_BYTES + HASH_BYTES), i * HASH_BYTES);
  return out;
}

/**
 * One map per process (lib/runtime/process-singleton.ts): the load that keeps the hashes runs in the bundle of the
 * page that started it, the marking that reads them in the route handler's; a module's own map would be one per
 * bundle, and the route would hash every row again.
 */
const kept = () => processSingleton("contentHashes", () => new WeakMap<readonly object[], Uint8Array>());

/** Keeps the hashes of a rows array (HASH_BYTES a row, in its order) as long as the array. */
export function keepContentHashes(rows: readonly object[], hashes: Uint8Array): void {
  if (hashes.length !== rows.length * HASH_BYTES)
    throw new Error(`${hashes.length} bytes of content hashes for ${rows.length} rows.`);
  kept().set(rows, hashes);
}

/** The kept hashes of a rows array; undefined where none were kept (rows read from a chunk stored without them). */
export const contentHashesOf = (rows: readonly object[]): Uint8Array | undefined => kept().get(rows);

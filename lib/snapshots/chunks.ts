/**
 * A snapshot's rows in chunks (docs/snapshots.md): a chunk ends where the subject changes, and every
 * ROWS_PER_CHUNK rows of one subject's run, so that the chunks of a new data cut are those of the last one except
 * where records were added, changed or removed. A chunk is its rows in V8's serialization, stored compressed, and
 * named by the SHA-256 of its rows' digests, each the SHA-256 of a row's JSON (lib/study-cache/content-hashes.ts): V8
 * writes a string as it happens to hold it (one or two bytes a character, which depends on the page the string was
 * first read from), so only a form of the values alone makes equal rows give equal chunks, whoever loaded them and
 * in whatever order their pages came. A load's digests are made on the loading thread, beside its content hashes:
 * the thread that renders pages then names a million rows' chunks by hashing 32 bytes a row, not their JSON.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { deserialize, serialize } from "node:v8";
import { deflateRaw, inflateRaw } from "node:zlib";
import { contentHashes, DIGEST_BYTES, rowDigests } from "@/lib/study-cache/content-hashes";

/** Rows of one subject per chunk at most: a laboratory chunk is then about 30 KB before compression. */
export const ROWS_PER_CHUNK = 256;

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

const subjectOf = (row: unknown): unknown =>
  row !== null && typeof row === "object" ? (row as { subjectId?: unknown }).subjectId : undefined;

/** Where each chunk starts, in the rows' order. */
export function chunkStarts(rows: readonly unknown[]): number[] {
  const starts: number[] = [];
  let runStart = 0;
  for (let i = 0; i < rows.length; i++) {
    const newSubject = i === 0 || subjectOf(rows[i]) !== subjectOf(rows[i - 1]);
    if (newSubject) runStart = i;
    if (newSubject || (i - runStart) % ROWS_PER_CHUNK === 0) starts.push(i);
  }
  return starts;
}

/** A chunk's name, in hex: the SHA-256 of its rows' digests (rowDigests), in the rows' order. */
export const chunkName = (rows: readonly unknown[]): string => chunkNameOfDigests(rowDigests(rows));

/** The name of the chunk of rows whose digests these are (DIGEST_BYTES a row). */
export const chunkNameOfDigests = (digests: Uint8Array): string => {
  if (digests.length % DIGEST_BYTES !== 0) throw new Error(`${digests.length} bytes are not whole row digests.`);
  return createHash("sha256").update(digests).digest("hex");
};

/**
 * A chunk's body: its rows serialized and compressed (on the thread pool, off the thread that renders pages). Made
 * only for a chunk the store lacks: most of a new data cut's chunks are held already.
 */
export async function encodeChunk(rows: readonly unknown[]): Promise<Buffer> {
  return deflate(serialize(rows));
}

/**
 * A chunk's rows' content hashes (lib/study-cache/content-hashes.ts), stored beside its body so that rows read back
 * come with them, as loaded rows do: the load's (`given`, copied: a view would keep the load's whole array alive),
 * or made here where the load made none.
 */
export const chunkRowHashes = (rows: readonly unknown[], given?: Uint8Array): Buffer =>
  Buffer.from(given ?? contentHashes(rows));

/** A chunk's rows. */
export async function decodeChunk(body: Buffer): Promise<Record<string, unknown>[]> {
  return deserialize(await inflate(body)) as Record<string, unknown>[];
}

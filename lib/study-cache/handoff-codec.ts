/**
 * A loaded record type as it crosses Redis from the instance that loaded it to those that read it
 * (lib/coordination/shared-loads.ts): a first chunk with the rest of the load, then its rows in slices of
 * ROWS_PER_CHUNK, each as columns (./row-codec.ts, as rows cross from the loading thread) in V8's serialization.
 * The columns keep each repeated string once (codes, units, visits): rows serialized as objects came back with a
 * copy of every string in every row, far more memory than the loading instance's rows and more for its collector to
 * trace. The rows' content hashes (./content-hashes.ts), where the load made them, follow as a last chunk: the
 * instances reading the load keep them beside its rows, as the loading one does.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { deserialize, serialize } from "node:v8";
import type { HandoffCodec } from "@/lib/coordination/shared-loads";
import { contentHashesOf, keepContentHashes } from "./content-hashes";
import { type EncodedPage, type Row, RowEncoder } from "./row-codec";
import { RowDecoder } from "./row-decoder";
import type { CachedRows } from "./row-mappers";
import { StringPool } from "./size";
import type { Loaded } from "./ttl-lru";

/** Rows per chunk: about 10 MB of a laboratory record type, far under Redis's 512 MB limit on one value. */
export const ROWS_PER_CHUNK = 50_000;

interface Head {
  bytes: number;
  takenAt?: number;
  received: number;
  rejected: CachedRows<unknown>["rejected"];
  startedAt: number;
  /** Whether the last chunk holds the rows' content hashes. */
  hashed: boolean;
}

/** The load, and when it started: the proof of access it gives the credentials that waited for it. */
export interface HandedLoad {
  loaded: Loaded<CachedRows<unknown>>;
  startedAt: number;
}

/**
 * Rows of a load handed on even when no instance waits for it, for the instances that ask within the minute its
 * chunks are kept: the 1,000-subject study's laboratory results (about 1.06 million rows) and every smaller record
 * type. A larger load is handed on only to instances that waited for it: Redis would hold its chunks for a minute for
 * nobody (docs/coordination.md, Study loads).
 */
export const HANDED_ON_ROWS = 1_500_000;

export const handoffCodec: HandoffCodec<HandedLoad> = {
  handOnAlways: ({ loaded }) => loaded.value.rows.length <= HANDED_ON_ROWS,
  async toChunks({ loaded, startedAt }) {
    const { rows, received, rejected } = loaded.value;
    const hashes = contentHashesOf(rows as object[]);
    const head: Head = {
      bytes: loaded.bytes,
      takenAt: loaded.takenAt,
      received,
      rejected,
      startedAt,
      hashed: !!hashes,
    };
    const chunks = [serialize(head)];
    const encoder = new RowEncoder();
    const repeated = repeatedColumns(rows as Row[]);
    for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) {
      if (i > 0) await nextTurn();
      const slice = rows.slice(i, i + ROWS_PER_CHUNK) as Row[];
      for (const row of slice) for (const key of repeated) if (typeof row[key] === "string") encoder.intern(row[key]);
      chunks.push(serialize(encoder.encode(i, slice).page));
    }
    if (hashes) chunks.push(Buffer.from(hashes));
    return chunks;
  },
  async fromChunks([first, ...rest]) {
    const head = deserialize(first) as Head;
    const hashes = head.hashed ? rest.pop() : undefined;
    const decoder = new RowDecoder(new StringPool().intern);
    const rows: unknown[] = [];
    for (const [i, chunk] of rest.entries()) {
      if (i > 0) await nextTurn();
      for (const row of decoder.decode(deserialize(chunk) as EncodedPage)) rows.push(row);
    }
    if (hashes) keepContentHashes(rows as object[], hashes);
    const { bytes, takenAt, received, rejected, startedAt } = head;
    return { loaded: { value: { rows, received, rejected }, bytes, takenAt }, startedAt };
  },
};

/** Rows sampled to tell a column of repeated strings from one of each row's own (IDs). */
const SAMPLE = 1_000;

/**
 * The string columns whose values repeat, as the mappers intern them (codes, units, visits): in a sample of the
 * rows, at most one distinct value in two. A column taken for the other kind costs only space, never a value.
 */
export function repeatedColumns(rows: Row[]): string[] {
  const sample = rows.slice(0, SAMPLE);
  const keys = sample.length > 0 ? Object.keys(sample[0]) : [];
  return keys.filter((key) => {
    const strings = sample.map((r) => r[key]).filter((v): v is string => typeof v === "string");
    return strings.length > 1 && new Set(strings).size * 2 <= strings.length;
  });
}

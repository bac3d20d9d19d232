/**
 * A loaded record type as it crosses Redis from the instance that loaded it to those that waited for it
 * (lib/coordination/shared-loads.ts): its rows in slices of ROWS_PER_CHUNK, each in V8's serialization (the rows are
 * plain objects of strings, numbers and nulls), and a first chunk with the rest of the load.
 */
import { deserialize, serialize } from "node:v8";
import type { HandoffCodec } from "@/lib/coordination/shared-loads";
import type { CachedRows } from "./row-mappers";
import type { Loaded } from "./ttl-lru";

/** Rows per chunk: about 10 MB of a laboratory record type, far under Redis's 512 MB limit on one value. */
export const ROWS_PER_CHUNK = 50_000;

interface Head {
  bytes: number;
  received: number;
  rejected: CachedRows<unknown>["rejected"];
  startedAt: number;
}

/** The load, and when it started: the proof of access it gives the credentials that waited for it. */
export interface HandedLoad {
  loaded: Loaded<CachedRows<unknown>>;
  startedAt: number;
}

/** Rows of a load handed on even when no instance waits for it: serialized in about a tenth of a second. */
export const SMALL_LOAD_ROWS = 2 * ROWS_PER_CHUNK;

export const handoffCodec: HandoffCodec<HandedLoad> = {
  small: ({ loaded }) => loaded.value.rows.length <= SMALL_LOAD_ROWS,
  toChunks({ loaded, startedAt }) {
    const { rows, received, rejected } = loaded.value;
    const head: Head = { bytes: loaded.bytes, received, rejected, startedAt };
    const chunks = [serialize(head)];
    for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) chunks.push(serialize(rows.slice(i, i + ROWS_PER_CHUNK)));
    return chunks;
  },
  fromChunks([first, ...rest]) {
    const head = deserialize(first) as Head;
    const rows = rest.flatMap((chunk) => deserialize(chunk) as unknown[]);
    const { bytes, received, rejected, startedAt } = head;
    return { loaded: { value: { rows, received, rejected }, bytes }, startedAt };
  },
};

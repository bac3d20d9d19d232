/** One load of the cache: every record of a record type in a study, mapped to compact rows as its pages arrive. */
import type { PartnerClient } from "@/lib/partner-client/client";
import { type CachedRecordType, type CachedRows, mapperOf, type RowOf } from "./row-mappers";
import { estimateBytes, StringPool } from "./size";
import type { LoadProgress } from "./ttl-lru";

export async function loadRows<K extends CachedRecordType>(
  client: PartnerClient,
  study: string,
  recordType: K,
  progress: (p: LoadProgress) => void,
  signal: AbortSignal,
) {
  const pool = new StringPool();
  const map = mapperOf(recordType);
  const result = await client.searchMapped(recordType, study, (r) => map(r, pool.intern), progress, signal);
  const value: CachedRows<RowOf<K>> = { rows: result.records, received: result.total, rejected: result.rejected };
  return { value, bytes: estimateBytes(value, pool) + pool.bytes };
}

/**
 * The study data cache: per (partner identity, study, record type), the compact
 * rows of every record, loaded once and shared by every view and user of
 * that identity until the time to live runs out or someone refreshes.
 */
import { studyNumberSchema } from "@/lib/connections/connection-input";
import type { PartnerCredentials } from "@/lib/partner-api/credentials";
import type { ClientOptions, PartnerClient } from "@/lib/partner-client/client";
import { entryKey, type KeyParts, parseKey, studyMatcher } from "./cache-keys";
import { ClientPool } from "./client-pool";
import { type CachedRecordType, type CachedRows, mapperOf, type RowOf } from "./row-mappers";
import { estimateBytes, StringPool } from "./size";
import { type CacheHit, type CacheStats, type LoadProgress, TtlLruCache } from "./ttl-lru";

export interface StudyCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** For the partner clients: tests inject the in-process service's fetch here. */
  client?: ClientOptions;
  now?: () => number;
}

export interface RecordTypeProgress extends LoadProgress {
  recordType: string;
}

export interface StudyCacheStats extends Omit<CacheStats, "list"> {
  ttlMs: number;
  clients: number;
  list: (KeyParts & { bytes: number; loadedAt: number; lastUsedAt: number })[];
}

export class StudyCache {
  private readonly cache: TtlLruCache<CachedRows<unknown>>;
  private readonly clients: ClientPool;

  constructor(private readonly opts: StudyCacheOptions) {
    this.cache = new TtlLruCache({ ttlMs: opts.ttlMs, maxBytes: opts.maxBytes, now: opts.now });
    this.clients = new ClientPool(opts.client);
  }

  /** Every record of a record type in a study, as compact rows, from the cache or loaded now. */
  async rows<K extends CachedRecordType>(
    creds: PartnerCredentials,
    study: string,
    recordType: K,
  ): Promise<CacheHit<CachedRows<RowOf<K>>>> {
    studyNumberSchema.parse(study);
    const client = this.clients.get(creds);
    // The key proves only which identity is asked for; a valid token proves that these credentials are its own.
    // The client keeps the token, so this costs a request once per token lifetime, not per view.
    await client.tokens.get();
    const hit = await this.cache.get(entryKey(creds, study, recordType), (progress) =>
      load(client, study, recordType, progress),
    );
    return hit as CacheHit<CachedRows<RowOf<K>>>;
  }

  /**
   * Forgets every record type of a study for this identity, so the next view loads it afresh. As in rows(), only
   * credentials that earn a token may: a wrong secret clears nothing (the view it re-renders says why).
   */
  async refresh(creds: PartnerCredentials, study: string): Promise<number> {
    const matcher = studyMatcher(creds, studyNumberSchema.parse(study));
    try {
      await this.clients.get(creds).tokens.get();
    } catch {
      return 0;
    }
    return this.cache.invalidate(matcher);
  }

  /**
   * Loads of this identity's study under way, per record type; none for credentials that hold no token. Synchronous
   * for the streamed progress: the load being watched has earned its token already (rows()).
   */
  progress(creds: PartnerCredentials, study: string): RecordTypeProgress[] {
    const matcher = studyMatcher(creds, studyNumberSchema.parse(study));
    if (!this.clients.get(creds).tokens.held()) return [];
    return this.cache
      .progress(matcher)
      .map(({ key, progress }) => ({ recordType: parseKey(key).recordType, ...progress }));
  }

  stats(): StudyCacheStats {
    const { list, ...rest } = this.cache.stats();
    return {
      ...rest,
      ttlMs: this.opts.ttlMs,
      clients: this.clients.size,
      list: list.map(({ key, ...e }) => ({ ...parseKey(key), ...e })),
    };
  }
}

async function load<K extends CachedRecordType>(
  client: PartnerClient,
  study: string,
  recordType: K,
  progress: (p: LoadProgress) => void,
) {
  const pool = new StringPool();
  const map = mapperOf(recordType);
  const result = await client.searchMapped(recordType, study, (r) => map(r, pool.intern), progress);
  const value: CachedRows<RowOf<K>> = { rows: result.records, received: result.total, rejected: result.rejected };
  return { value, bytes: estimateBytes(value, pool) + pool.bytes };
}

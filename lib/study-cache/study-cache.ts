/**
 * The study data cache: per (partner identity, study, kind), the compact
 * rows of every record, loaded once and shared by every view and user of
 * that identity until the time to live runs out or someone refreshes.
 */
import { studyNumberSchema } from "@/lib/connections/connection-input";
import type { PartnerCredentials } from "@/lib/partner-api/credentials";
import type { ClientOptions, PartnerClient } from "@/lib/partner-client/client";
import { entryKey, type KeyParts, parseKey, studyMatcher } from "./cache-keys";
import { ClientPool } from "./client-pool";
import { type KindData, mapperOf, type RowOf, type StudyKind } from "./row-mappers";
import { estimateBytes, StringPool } from "./size";
import { type CacheHit, type CacheStats, type LoadProgress, TtlLruCache } from "./ttl-lru";

export interface StudyStoreOptions {
  ttlMs: number;
  maxBytes: number;
  /** For the partner clients: tests inject the in-process service's fetch here. */
  client?: ClientOptions;
  now?: () => number;
}

export interface KindProgress extends LoadProgress {
  kind: string;
}

export interface StudyCacheStats extends Omit<CacheStats, "list"> {
  ttlMs: number;
  clients: number;
  list: (KeyParts & { bytes: number; loadedAt: number; lastUsedAt: number })[];
}

export class StudyStore {
  private readonly cache: TtlLruCache<KindData<unknown>>;
  private readonly clients: ClientPool;

  constructor(private readonly opts: StudyStoreOptions) {
    this.cache = new TtlLruCache({ ttlMs: opts.ttlMs, maxBytes: opts.maxBytes, now: opts.now });
    this.clients = new ClientPool(opts.client);
  }

  /** Every record of a kind in a study, as compact rows, from the cache or loaded now. */
  async rows<K extends StudyKind>(
    creds: PartnerCredentials,
    study: string,
    kind: K,
  ): Promise<CacheHit<KindData<RowOf<K>>>> {
    studyNumberSchema.parse(study);
    const client = this.clients.get(creds);
    // The key proves only which identity is asked for; a valid token proves that these credentials are its own.
    // The client keeps the token, so this costs a request once per token lifetime, not per view.
    await client.tokens.get();
    const hit = await this.cache.get(entryKey(creds, study, kind), (progress) => load(client, study, kind, progress));
    return hit as CacheHit<KindData<RowOf<K>>>;
  }

  /**
   * Forgets every kind of a study for this identity, so the next view loads it afresh. As in rows(), only
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
   * Loads of this identity's study under way, per kind; none for credentials that hold no token. Synchronous
   * for the streamed progress: the load being watched has earned its token already (rows()).
   */
  progress(creds: PartnerCredentials, study: string): KindProgress[] {
    const matcher = studyMatcher(creds, studyNumberSchema.parse(study));
    if (!this.clients.get(creds).tokens.held()) return [];
    return this.cache.progress(matcher).map(({ key, progress }) => ({ kind: parseKey(key).kind, ...progress }));
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

async function load<K extends StudyKind>(
  client: PartnerClient,
  study: string,
  kind: K,
  progress: (p: LoadProgress) => void,
) {
  const pool = new StringPool();
  const map = mapperOf(kind);
  const result = await client.searchMapped(kind, study, (r) => map(r, pool.intern), progress);
  const value: KindData<RowOf<K>> = { rows: result.records, received: result.total, rejected: result.rejected };
  return { value, bytes: estimateBytes(value, pool) + pool.bytes };
}

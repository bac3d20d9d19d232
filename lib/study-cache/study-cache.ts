/**
 * The study data cache: per (partner identity, study, record type), the compact
 * rows of every record, loaded once and shared by every view and user of
 * that identity until the time to live runs out or someone refreshes.
 *
 * A cached study is served only to credentials that proved lately, by a
 * request the partner service answered, that they may read it: a proof older
 * than `accessRecheckMs` is renewed with one small request first (AccessProofs),
 * so that a rotated secret or a revoked grant stops reading cached data within
 * that interval. A load the cache starts is its own proof. How an entry is filled (a kept snapshot, a load from the
 * partner, another instance's load) is ./study-loads.ts.
 */

import type { SharedLoads } from "@/lib/coordination/shared-loads";
import type { PartnerClient } from "@/lib/partner-client/client";
import { PartnerError } from "@/lib/partner-client/errors";
import { Turns } from "@/lib/runtime/turns";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { studyNumberSchema } from "@/partner-api/study-number";
import { AccessProofs } from "./access-proofs";
import {
  accessKey,
  cacheCredentials,
  credentialsKey,
  entryKey,
  parseKey,
  sharedLoadKey,
  sharedStudyKey,
  studyMatcher,
} from "./cache-keys";
import { CallerLimitError } from "./caller-limits";
import { ClientPool } from "./client-pool";
import { KeptSnapshots } from "./kept-snapshots";
import { LoadSlots } from "./load-slots";
import { CACHED_RECORD_TYPES, type CachedRecordType, type CachedRows, type RowOf } from "./row-mappers";
import { memorySignInBudget, SignIns } from "./sign-ins";
import type {
  CompletedLoad,
  HeldRecordType,
  RecordTypeProgress,
  RefreshOutcome,
  RowsAsk,
  StudyCacheOptions,
  StudyCacheStats,
} from "./study-cache-types";
import { PAGES_IN_FLIGHT, StudyLoads } from "./study-loads";
import { type CacheHit, TtlLruCache } from "./ttl-lru";

export type {
  CompletedLoad,
  HeldRecordType,
  RecordTypeProgress,
  RefreshOutcome,
  RowsAsk,
  StudyCacheOptions,
  StudyCacheStats,
};

/** Loads at once by default: four record types of a large study at a time keep well under a gigabyte. */
export const DEFAULT_MAX_LOADS = 4;

/** How long a proof of access serves by default: STUDY_ACCESS_RECHECK_SECONDS's default. */
export const DEFAULT_ACCESS_RECHECK_MS = 60_000;

export class StudyCache {
  private readonly cache: TtlLruCache<CachedRows<unknown>>;
  private readonly clients: ClientPool;
  private readonly proofs: AccessProofs;
  private readonly signIns: SignIns;
  // Loads running at once, shared fairly between callers: a load's rows are outside the memory bound until it ends.
  private readonly slots: LoadSlots;
  private readonly kept: KeptSnapshots | undefined;
  private readonly loads: StudyLoads;
  private readonly now: () => number;

  constructor(private readonly opts: StudyCacheOptions) {
    this.now = opts.now ?? Date.now;
    // One fingerprint, one content (docs/snapshots.md): identities that read identical data share one copy of it.
    const join = (_own: CachedRows<unknown>, held: CachedRows<unknown>) => held;
    this.cache = new TtlLruCache({ ttlMs: opts.ttlMs, maxBytes: opts.maxBytes, now: this.now, join });
    // One budget of pages in flight for every load: loads side by side must not each bring their own.
    if (opts.loadThread && opts.client?.fetch)
      throw new Error("A study cache that loads on its thread fetches with the global fetch: give no client.fetch.");
    const pageTurns = opts.client?.pageTurns ?? new Turns(PAGES_IN_FLIGHT);
    this.clients = new ClientPool({ ...opts.client, pageTurns });
    this.proofs = new AccessProofs({ intervalMs: opts.accessRecheckMs ?? DEFAULT_ACCESS_RECHECK_MS, now: this.now });
    this.signIns = new SignIns(this.clients, opts.signInBudget ?? memorySignInBudget(this.now));
    this.slots = new LoadSlots(opts.maxLoads ?? DEFAULT_MAX_LOADS);
    this.kept = opts.snapshots && new KeptSnapshots(opts.snapshots, opts.shared);
    const { cache, proofs, signIns, slots, kept, now } = this;
    const proveAccess = this.proveAccess.bind(this);
    const loadsLimited = this.loadsLimited.bind(this);
    this.loads = new StudyLoads({
      opts,
      cache,
      proofs,
      signIns,
      slots,
      pageTurns,
      kept,
      now,
      proveAccess,
      loadsLimited,
    });
  }

  /**
   * Every record of a record type in a study, as compact rows, from the cache or loaded now (RowsAsk: who asks,
   * and what to tell when a load this call started ends). A load needs a place in the caller's line (LoadSlots)
   * and a token (SignIns) before it starts; either refused, nothing is asked of the partner service.
   */
  rows<K extends CachedRecordType>(
    input: PartnerCredentials,
    study: string,
    recordType: K,
    ask: RowsAsk = {},
  ): Promise<CacheHit<CachedRows<RowOf<K>>>> {
    return this.rowsOf(input, study, recordType, ask, this.opts.together === true);
  }

  /**
   * The study's other record types not held, loaded beside the one asked for (StudyCacheOptions.together), after
   * the loads the page asks for in the same turn have taken their places in the caller's line. A load refused or
   * failed here is left for the view that needs it to ask again, and to say.
   */
  private loadTogether(creds: PartnerCredentials, study: string, asked: CachedRecordType, ask: RowsAsk): void {
    setImmediate(() => {
      for (const recordType of CACHED_RECORD_TYPES) {
        if (recordType === asked || this.cache.holds(entryKey(creds, study, recordType))) continue;
        void this.rowsOf(creds, study, recordType, ask, false).catch(() => undefined);
      }
    });
  }

  private async rowsOf<K extends CachedRecordType>(
    input: PartnerCredentials,
    study: string,
    recordType: K,
    ask: RowsAsk,
    together: boolean,
  ): Promise<CacheHit<CachedRows<RowOf<K>>>> {
    const { caller } = ask;
    studyNumberSchema.parse(study);
    const creds = cacheCredentials(input);
    const client = this.clients.get(creds);
    const key = entryKey(creds, study, recordType);
    const shared = this.opts.shared;
    if (shared && this.cache.holds(key)) await this.dropIfRefreshedElsewhere(shared, key, sharedStudyKey(creds, study));
    if (!this.cache.holds(key)) {
      if (!this.slots.admits(caller)) throw this.loadsLimited();
      // Across instances the sign-in waits for the load's lock (StudyLoads): an instance that waits for another's
      // load of these very credentials needs no token, and the partner service answers one sign-in and one load.
      if (!shared) await this.signIns.ensure(creds, client, caller);
    }
    // The key says only which identity is asked for. A kept copy or another caller's load is served to these
    // credentials once they have proved lately that they may read the study; a load they start proves it itself.
    if (this.cache.holds(key)) await this.proveAccess(creds, client, study, caller);
    const own = credentialsKey(creds);
    // The other record types follow once the partner has answered this one (its first page, or the access check
    // of a kept snapshot): a study it refuses costs one refused request, not one per record type.
    const onAnswered = together ? () => this.loadTogether(creds, study, recordType, ask) : undefined;
    const loader = this.loads.loader({ creds, client, study, recordType, ask, onAnswered });
    const joined = this.cache.progress((k) => k === key)[0]?.startedBy;
    try {
      return (await this.cache.get(key, loader, own)) as CacheHit<CachedRows<RowOf<K>>>;
    } catch (error) {
      // Another secret's load failed its own sign-in: that says nothing of these credentials, proven above.
      if (joined === undefined || joined === own || !(error instanceof PartnerError && error.kind === "authentication"))
        throw error;
      return (await this.cache.get(key, loader, own)) as CacheHit<CachedRows<RowOf<K>>>;
    }
  }

  /**
   * Forgets every record type of a study for this identity, so the next view loads it afresh. Only credentials
   * that prove their access may (a wrong secret clears nothing). While a load of the study from the partner runs, a
   * refresh is ignored and says so: the running load brings fresh data, and another would only pile up. Record
   * types being read from their kept snapshots are no fresher: they are dropped with the rest.
   */
  async refresh(input: PartnerCredentials, study: string, caller?: string): Promise<RefreshOutcome> {
    const creds = cacheCredentials(input);
    const matches = studyMatcher(creds, studyNumberSchema.parse(study));
    const fromPartner = () => this.cache.progress((k) => matches(k) && this.loads.isFromPartner(k));
    // What another instance's load of these credentials handed on is older than a Refresh wants.
    await this.opts.shared?.forget(CACHED_RECORD_TYPES.map((type) => sharedLoadKey(creds, study, type)));
    const own = credentialsKey(creds);
    // Telling these credentials about a load they started themselves needs no proof.
    if (fromPartner().some((l) => l.startedBy === own)) return { status: "loading" };
    if (this.cache.count(matches) === 0) {
      // Kept snapshots stop being served only to credentials that prove their access.
      if (this.kept) {
        try {
          await this.proveAccess(creds, this.clients.get(creds), study, caller);
        } catch {
          return { status: "refused" };
        }
        this.kept.refreshed(creds, study, this.now());
      }
      await this.opts.shared?.markRefreshed(sharedStudyKey(creds, study));
      return { status: "dropped", entries: 0 };
    }
    try {
      await this.proveAccess(creds, this.clients.get(creds), study, caller);
    } catch {
      return { status: "refused" };
    }
    if (fromPartner().length > 0) return { status: "loading" };
    const entries = this.cache.invalidate(matches);
    this.kept?.refreshed(creds, study, this.now());
    // The other instances' copies go too, at their next use (dropIfRefreshedElsewhere).
    await this.opts.shared?.markRefreshed(sharedStudyKey(creds, study));
    return { status: "dropped", entries };
  }

  /**
   * Loads of this identity's study under way, per record type: for the credentials that started one, or that
   * proved their access within the interval. Synchronous, for the streamed progress; a waiting caller whose proof
   * has aged renews it in the background (only with a token in hand), so that the next poll sees the load again.
   */
  progress(input: PartnerCredentials, study: string): RecordTypeProgress[] {
    const creds = cacheCredentials(input);
    const loads = this.cache.progress(studyMatcher(creds, studyNumberSchema.parse(study)));
    const own = credentialsKey(creds);
    // Proven credentials see every load of the identity's study; others only the loads they started themselves
    // (a load starts only once its credentials hold a token, so a wrong secret has none to see).
    const proven = this.proofs.isFresh(accessKey(creds, study));
    const visible = proven ? loads : loads.filter((l) => l.startedBy === own);
    if (!proven && visible.length < loads.length) {
      const client = this.clients.get(creds);
      if (client.tokens.held()) void this.proveAccess(creds, client, study).catch(() => undefined);
    }
    return visible.map(({ key, progress }) => ({ recordType: parseKey(key).recordType, ...progress }));
  }

  /**
   * What the cache holds of this identity's study, per record type, without loading or asking anything: for a
   * summary (the studies list), to credentials that proved their access to the study at some time and were not
   * refused it since (AccessProofs.wasProven); to any others, nothing.
   */
  held(input: PartnerCredentials, study: string): HeldRecordType[] {
    const creds = cacheCredentials(input);
    if (!this.proofs.wasProven(accessKey(creds, studyNumberSchema.parse(study)))) return [];
    return this.cache
      .peek(studyMatcher(creds, study))
      .map(({ key, value, loadedAt }) => ({ recordType: parseKey(key).recordType, value, loadedAt }));
  }

  /**
   * Resolves once every snapshot being kept (of one identity's study, where given: an export naming its snapshot)
   * has been written (or has failed and been said): tests, a stop.
   */
  async snapshotsKept(input?: PartnerCredentials, study?: string): Promise<void> {
    await this.kept?.settled(input && cacheCredentials(input), study);
  }

  /** A copy loaded before a Refresh on another instance is dropped, so that it is loaded afresh as there. */
  private async dropIfRefreshedElsewhere(shared: SharedLoads, key: string, study: string): Promise<void> {
    const refreshedAt = await shared.refreshedAt(study);
    const held = this.cache.peek((k) => k === key)[0];
    if (refreshedAt !== undefined && held !== undefined && held.loadedAt < refreshedAt)
      this.cache.invalidate((k) => k === key);
  }

  private loadsLimited(): CallerLimitError {
    return new CallerLimitError({ kind: "loads-limited", maxLoads: this.slots.queuedPerCaller });
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

  /**
   * Proves (or finds a fresh proof) that these credentials may read the study. When the service answers that the
   * study is not granted, this identity's cached copy of it is dropped and its loads stopped, for every user of the
   * identity; any other failure (a refused secret, a busy service) drops nothing and is thrown as a load's would be.
   */
  private proveAccess(creds: PartnerCredentials, client: PartnerClient, study: string, caller?: string): Promise<void> {
    return this.proofs.ensure(accessKey(creds, study), async () => {
      try {
        await this.signIns.ensure(creds, client, caller);
        await client.proveAccess(study);
      } catch (error) {
        // A refused secret is no longer known to read the study: its summary goes too (held()).
        if (error instanceof PartnerError && error.kind === "authentication")
          this.proofs.forget((k) => k === accessKey(creds, study));
        if (error instanceof PartnerError && error.kind === "forbidden") {
          const matches = studyMatcher(creds, study);
          this.cache.invalidate(matches, error);
          this.proofs.forget(matches);
        }
        throw error;
      }
    });
  }
}

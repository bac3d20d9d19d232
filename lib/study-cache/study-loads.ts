/**
 * How the study cache fills one entry (StudyCache.rows): from the latest kept snapshot once the credentials prove
 * their access, or from the partner service (on the loading thread or in this one), or by waiting for another
 * instance's load of the same credentials (SharedLoads). The keys loading from the partner are counted here: a
 * Refresh leaves a study alone while one of them runs (StudyCache.refresh).
 */

import { setMaxListeners } from "node:events";
import type { PartnerClient } from "@/lib/partner-client/client";
import type { Turns } from "@/lib/runtime/turns";
import type { PartnerCredentials } from "@/partner-api/credentials";
import type { AccessProofs } from "./access-proofs";
import { accessKey, entryKey, sharedLoadKey } from "./cache-keys";
import { collectAfterLargeLoad } from "./collect-after-load";
import { type HandedLoad, handoffCodec } from "./handoff-codec";
import type { KeptSnapshots } from "./kept-snapshots";
import { loadRows } from "./load-rows";
import type { LoadSlots } from "./load-slots";
import { loadThread } from "./load-thread";
import type { CachedRecordType, CachedRows, RowOf } from "./row-mappers";
import type { SignIns } from "./sign-ins";
import type { RowsAsk, StudyCacheOptions } from "./study-cache-types";
import type { Loader, LoadProgress, TtlLruCache } from "./ttl-lru";

/**
 * Pages in flight across all loads of the process (each holds a page's body and parsed resources, a few MB at
 * 1,000 to a page): one load uses them all, four loads share them. Four loads of 16 each took the server's RSS
 * over 1.1 GB with a whole 1,000-subject study loading (docs/benchmarks.md).
 */
export const PAGES_IN_FLIGHT = 16;

/** The study cache's parts a load works with. */
export interface StudyLoadsParts {
  opts: StudyCacheOptions;
  cache: TtlLruCache<CachedRows<unknown>>;
  proofs: AccessProofs;
  signIns: SignIns;
  slots: LoadSlots;
  pageTurns: Pick<Turns, "enter">;
  kept: KeptSnapshots | undefined;
  now: () => number;
  /** StudyCache's proof of access, renewed when it has aged. */
  proveAccess(creds: PartnerCredentials, client: PartnerClient, study: string, caller?: string): Promise<void>;
  /** The error for a caller whose line of loads is full. */
  loadsLimited(): Error;
}

/** One entry to fill, and what to tell (RowsAsk). */
export interface EntryLoad {
  creds: PartnerCredentials;
  client: PartnerClient;
  study: string;
  recordType: CachedRecordType;
  ask: RowsAsk;
  /** Told once, when the partner has answered (the load's first page, or a kept snapshot's access check). */
  onAnswered?: () => void;
}

export class StudyLoads {
  /**
   * Keys loading from the partner (here, or waited for from another instance), not from a kept snapshot: how many
   * loads of each (a load detached by an error may still be ending beside the next).
   */
  private readonly fromPartner = new Map<string, number>();

  constructor(private readonly parts: StudyLoadsParts) {}

  /** Whether a load of the entry from the partner is under way. */
  isFromPartner(key: string): boolean {
    return this.fromPartner.has(key);
  }

  /** The cache's loader of the entry: its kept snapshot if there is one, else a load from the partner. */
  loader(entry: EntryLoad): Loader<CachedRows<unknown>> {
    const { creds, client, study, recordType, ask } = entry;
    const key = entryKey(creds, study, recordType);
    const shared = this.parts.opts.shared;
    return async (told, signal) => {
      let answered = false;
      const answer = () => {
        if (!answered) entry.onAnswered?.();
        answered = true;
      };
      const progress = (p: LoadProgress) => {
        answer();
        told(p);
      };
      // Every page in flight listens to the load's signal (up to PAGES_IN_FLIGHT, with their retries' waits): more
      // than Node's default of 10, which it would report as a possible leak in the server's log.
      setMaxListeners(4 * PAGES_IN_FLIGHT, signal);
      const kept = await this.keptSnapshot(creds, client, study, recordType, ask.caller);
      if (kept) {
        answer();
        const { rows, received, rejected } = kept.loaded.value;
        const counts = { records: rows.length, received, refused: rejected.count };
        await ask.onLoaded?.({ recordType, ...counts, from: "snapshot", snapshot: kept.fingerprint });
        return kept.loaded;
      }
      this.fromPartner.set(key, (this.fromPartner.get(key) ?? 0) + 1);
      try {
        if (!shared) return (await this.loadHere(entry, progress, signal)).loaded;
        const run = {
          load: (p: typeof progress) => this.loadHere(entry, p, signal),
          onProgress: progress,
          codec: handoffCodec,
          signal,
        };
        const { value, ranHere } = await shared.once(sharedLoadKey(creds, study, recordType), run);
        // The other instance's load of these credentials proved them when it started.
        if (!ranHere) this.parts.proofs.record(accessKey(creds, study), value.startedAt);
        return value.loaded;
      } finally {
        const left = (this.fromPartner.get(key) ?? 1) - 1;
        if (left > 0) this.fromPartner.set(key, left);
        else this.fromPartner.delete(key);
      }
    };
  }

  /** A load from the partner service in this instance, once the caller's line has a slot for it (LoadSlots). */
  private async loadHere(
    entry: EntryLoad,
    progress: (p: LoadProgress) => void,
    signal: AbortSignal,
  ): Promise<HandedLoad> {
    const { creds, client, study, recordType, ask } = entry;
    const { slots, signIns, proofs, kept, cache, now } = this.parts;
    // Bounded per caller (LoadSlots): refused here only if the caller's line filled since admits() said yes.
    const release = await (slots.enter(ask.caller, signal) ?? Promise.reject(this.parts.loadsLimited()));
    try {
      if (this.parts.opts.shared) await signIns.ensure(creds, client, ask.caller);
      const startedAt = now();
      // The rows' digests go to the snapshot alone: the cached load does not keep them (32 bytes a row).
      const { digests, ...loaded } = await this.load(client, study, recordType, progress, signal);
      proofs.record(accessKey(creds, study), startedAt);
      const { rows, received, rejected } = loaded.value;
      const takenAt = now();
      const counts = { records: rows.length, received, refused: rejected.count };
      await ask.onLoaded?.({ recordType, ...counts, from: "partner" });
      // Named before they are served (0.1 s a million rows, with the load's digests), rows whose content the cache
      // holds already (another identity's copy of the same data) join that copy as they are stored (TtlLruCache):
      // one copy in memory, and the views' indexes and derived values of the held copy serve them at once.
      const content = await kept?.fingerprint(recordType, loaded.value, digests);
      // Kept beside the rows being served, not before: no view waits for the store (./kept-snapshots.ts). Its
      // fingerprint then names the rows' content, shared with any identity's rows of the same.
      const key = entryKey(creds, study, recordType);
      kept?.keepInBackground(creds, study, recordType, loaded.value, takenAt, digests, async (fingerprint) => {
        cache.share(key, loaded.value, fingerprint);
        await ask.onKept?.({ recordType, snapshot: fingerprint });
      });
      return { loaded: { ...loaded, takenAt, ...(content && { content }) }, startedAt };
    } finally {
      release();
    }
  }

  /**
   * One load: on the loading thread (opts.loadThread, as the app's cache does: ./load-thread.ts), or in this thread,
   * where a large load's garbage is collected once it ends (its parsed pages; the loading thread collects its own).
   */
  private async load<K extends CachedRecordType>(
    client: PartnerClient,
    study: string,
    recordType: K,
    progress: (p: LoadProgress) => void,
    signal: AbortSignal,
  ): Promise<{ value: CachedRows<RowOf<K>>; bytes: number; digests?: Uint8Array }> {
    const { opts, pageTurns } = this.parts;
    if (opts.loadThread) {
      const { retry, pageSize, concurrency } = opts.client ?? {};
      const options = { pageTurns, retry, pageSize, concurrency };
      return loadThread().loadRows(client, study, recordType, options, progress, signal);
    }
    const loaded = await loadRows(client, study, recordType, progress, signal);
    collectAfterLargeLoad(loaded.value.rows.length);
    return loaded;
  }

  /**
   * The latest kept snapshot of the record type (./kept-snapshots.ts), served once these credentials prove their
   * access: the one request to the partner a study opened again costs.
   */
  private async keptSnapshot(
    creds: PartnerCredentials,
    client: PartnerClient,
    study: string,
    recordType: CachedRecordType,
    caller?: string,
  ) {
    const { kept, cache } = this.parts;
    const latest = await kept?.latest(creds, study, recordType);
    if (!latest) return undefined;
    await this.parts.proveAccess(creds, client, study, caller);
    const content = latest.fingerprint;
    // Rows of the same fingerprint held for any identity are these very rows: shared, not read again.
    const held = cache.withContent(content);
    const loaded = held ? { ...held, takenAt: latest.takenAt } : await kept?.read(creds, latest.id);
    return loaded && { loaded: { ...loaded, content }, fingerprint: content };
  }
}

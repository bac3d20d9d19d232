/**
 * The study cache's side of snapshots (docs/snapshots.md): a completed load is kept; a record type not in memory is
 * read back from its latest snapshot, unless a Refresh of the study came after it. Refresh times are kept here (at
 * most MAX_REFRESHES studies, oldest first out) and, across instances, by the shared loads' record (Redis). A store
 * that fails to keep or read a snapshot costs a load from the partner, never a view: it is said on stderr.
 */
import type { SharedLoads } from "@/lib/coordination/shared-loads";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { sharedStudyKey, snapshotIdentity } from "./cache-keys";
import type { CachedRows } from "./row-mappers";
import type { SnapshotKeeper } from "./study-cache-types";
import type { Loaded } from "./ttl-lru";

const MAX_REFRESHES = 10_000;

export class KeptSnapshots {
  private readonly refreshes = new Map<string, number>();

  constructor(
    private readonly keeper: SnapshotKeeper,
    private readonly shared: SharedLoads | undefined,
  ) {}

  /** A Refresh of the study at `at`: snapshots taken up to then are not served again. */
  refreshed(creds: PartnerCredentials, study: string, at: number): void {
    const key = sharedStudyKey(creds, study);
    this.refreshes.delete(key);
    this.refreshes.set(key, at);
    if (this.refreshes.size > MAX_REFRESHES) this.refreshes.delete(this.refreshes.keys().next().value as string);
  }

  /** The latest snapshot to serve for this identity's record type of a study, if any. */
  async latest(creds: PartnerCredentials, study: string, recordType: string) {
    const key = sharedStudyKey(creds, study);
    try {
      const latest = await this.keeper.latest({ identity: snapshotIdentity(creds), study, recordType });
      if (!latest) return undefined;
      const refreshedAt = Math.max(this.refreshes.get(key) ?? 0, (await this.shared?.refreshedAt(key)) ?? 0);
      return latest.takenAt > refreshedAt ? latest : undefined;
    } catch (error) {
      say("read", error);
      return undefined;
    }
  }

  async read(creds: PartnerCredentials, id: number): Promise<Loaded<CachedRows<unknown>> | undefined> {
    try {
      return await this.keeper.read(snapshotIdentity(creds), id);
    } catch (error) {
      say("read", error);
      return undefined;
    }
  }

  /** The fingerprint the load will be kept under (SnapshotKeeper.fingerprint), or undefined where none is made. */
  async fingerprint(recordType: string, value: CachedRows<unknown>, digests: Uint8Array | undefined) {
    try {
      return await this.keeper.fingerprint?.(recordType, value, digests);
    } catch (error) {
      say("keep", error);
      return undefined;
    }
  }

  /** Snapshots being written (at most one per load under way, so bounded by the load slots). */
  private readonly keeping = new Map<Promise<unknown>, string>();

  /**
   * Keeps the load after the rows are served, then tells `kept` its fingerprint (never failing the keeping: a
   * failure there is said on stderr); settled() waits for both.
   */
  keepInBackground(
    creds: PartnerCredentials,
    study: string,
    recordType: string,
    value: CachedRows<unknown>,
    at: number,
    digests: Uint8Array | undefined,
    kept: (fingerprint: string) => void | Promise<void>,
  ): void {
    const keeping = this.keep(creds, study, recordType, value, at, digests).then(async (fingerprint) => {
      if (fingerprint === undefined) return;
      try {
        await kept(fingerprint);
      } catch (error) {
        console.error(`study snapshots: a kept snapshot could not be told (${(error as Error).message}).`);
      }
    });
    this.keeping.set(keeping, sharedStudyKey(creds, study));
    void keeping.finally(() => this.keeping.delete(keeping));
  }

  /** Once the snapshots being kept (of one identity's study, where given) are written and told. */
  async settled(creds?: PartnerCredentials, study?: string): Promise<void> {
    const of = creds && study !== undefined ? sharedStudyKey(creds, study) : undefined;
    await Promise.all([...this.keeping].filter(([, key]) => of === undefined || key === of).map(([p]) => p));
  }

  /** Keeps the load; its fingerprint, or undefined when the store could not keep it. */
  private async keep(
    creds: PartnerCredentials,
    study: string,
    recordType: string,
    value: CachedRows<unknown>,
    at: number,
    digests: Uint8Array | undefined,
  ) {
    const subject = { identity: snapshotIdentity(creds), study, recordType };
    try {
      return (await this.keeper.keep(subject, value, at, digests)).fingerprint;
    } catch (error) {
      say("keep", error);
      return undefined;
    }
  }
}

let lastSaid = 0;

/** At most once a minute: a store that cannot be read or written fails every load alike. */
function say(what: "keep" | "read", error: unknown): void {
  if (Date.now() - lastSaid < 60_000) return;
  lastSaid = Date.now();
  const reason = error instanceof Error ? error.message : "unknown error";
  console.error(`study snapshots: could not ${what} a snapshot (${reason}); the study is loaded from the partner.`);
}

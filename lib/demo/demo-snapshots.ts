/**
 * The demo's snapshots of its earlier data cuts (docs/snapshots.md, The demo): its partner service starts at its
 * third cut, and a new demo user should see what changed at once, as a reviewer who opened the study every week
 * would. So at the first start, before the server serves anything, the demo connection's studies are read at each
 * cut from a copy of the partner database moved back to it, through the real partner service in this process, into
 * the store as that connection's snapshots, one week apart, the current cut last (so the latest snapshot holds the
 * data the partner service serves). Nothing is seeded where the store holds any snapshot of the demo connection.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { SnapshotStore } from "@/lib/snapshots/snapshot-store";
import type { Store } from "@/lib/store/store";
import { cacheCredentials, snapshotIdentity } from "@/lib/study-cache/cache-keys";
import { CACHED_RECORD_TYPES } from "@/lib/study-cache/row-mappers";
import { StudyCache } from "@/lib/study-cache/study-cache";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { noFaults, type ServiceConfig } from "@/partner-service/config";
import { advance, currentCut, rewind } from "@/partner-service/data/cuts/data-cuts";
import { grantedStudies } from "@/partner-service/data/partner-registry";
import { createPartnerService } from "@/partner-service/service";

const WEEK_MS = 7 * 86_400_000;

export interface DemoSnapshotsOptions {
  store: Store;
  /** The demo partner service's database (PARTNER_DB_PATH). */
  partnerDbPath: string;
  /** The demo connection's credentials, as the portal store holds them. */
  creds: PartnerCredentials;
  /** The partner service's own configuration, so that what is seeded is what it serves. */
  config: ServiceConfig;
  studies: readonly string[];
  now?: number;
}

/** Seeds the demo connection's snapshots of every data cut; returns how many cuts were read (0: none needed). */
export async function seedDemoSnapshots(opts: DemoSnapshotsOptions): Promise<number> {
  const creds = cacheCredentials(opts.creds);
  const held = await opts.store.db
    .selectFrom("study_snapshots")
    .select("id")
    .where("identity", "=", snapshotIdentity(creds))
    .limit(1)
    .executeTakeFirst();
  if (held) return 0;
  const dir = mkdtempSync(join(tmpdir(), "demo-snapshots-"));
  const copyPath = join(dir, "partner.db");
  const source = new Database(opts.partnerDbPath, { readonly: true, fileMustExist: true });
  try {
    await source.backup(copyPath);
  } finally {
    source.close();
  }
  const copy = new Database(copyPath);
  try {
    const last = currentCut(copy);
    const studies = grantedStudies(copy, creds.partnerId).filter((s) => opts.studies.includes(s));
    rewind(copy, 1);
    // As the demo's service answers, without its limits and faults: this reading is the service's own.
    const config = { ...opts.config, rateLimitPerMinute: 0, inFlightPerClient: 0, rowsPerMinute: 0, faults: noFaults };
    const service = createPartnerService(copy, config);
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      service.handle(new Request(input, init), { sourceAddress: "127.0.0.1" })) as typeof globalThis.fetch;
    const snapshots = new SnapshotStore(async () => opts.store, { kept: 1_000, keptDays: 36_500 });
    const now = opts.now ?? Date.now();
    for (let cut = 1; cut <= last; cut++) {
      if (cut > 1) advance(copy);
      const takenAt = () => now - (last - cut) * WEEK_MS;
      const cache = new StudyCache({
        ttlMs: 3_600_000,
        maxBytes: 1024 * 2 ** 20,
        now: takenAt,
        snapshots,
        client: { fetch, now: takenAt },
      });
      for (const study of studies) {
        // The cut before is kept already: a Refresh has this cut read from the service.
        if (cut > 1) await cache.refresh(creds, study);
        for (const type of CACHED_RECORD_TYPES) await cache.rows(creds, study, type);
      }
      await cache.snapshotsKept();
    }
    return last;
  } finally {
    copy.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

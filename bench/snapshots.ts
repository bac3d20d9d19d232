/**
 * `npm run bench:snapshots`: what keeping snapshots costs and gives, on the 1,000-subject study (docs/snapshots.md).
 * Against the app server's partner service on a copy of the benchmark database (the copy moves to its next data cut
 * half way), a study cache on the loading thread as in the app:
 * 1. the cold load of every record type without snapshots, then with them into an empty SQLite store (the cost of
 *    the first snapshot, and its bytes);
 * 2. the next data cut (`advance`), Refresh and the load again (the bytes the second snapshot adds);
 * 3. Changes between the two study snapshots, every record type compared, then asked again (kept);
 * 4. a new cache over the same store, as after a restart: the subject list's record types served from the store;
 * 5. the whole study cached for one identity, then for four more clients of the same partner (identical data): the
 *    resident memory of this process, collected, with one and with five.
 * A benchmark, not a test: it asserts nothing. Options: --subjects, --visits (as bench:portal).
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs, run } from "@/lib/cli/args";
import { CHANGED_RECORD_TYPES } from "@/lib/snapshots/changes";
import { SnapshotStore } from "@/lib/snapshots/snapshot-store";
import { studySnapshots } from "@/lib/snapshots/study-snapshots";
import { openPortalDb } from "@/lib/store/sqlite-file";
import { sqliteStore } from "@/lib/store/sqlite-store";
import type { Store } from "@/lib/store/store";
import { cacheCredentials, snapshotIdentity } from "@/lib/study-cache/cache-keys";
import { CACHED_RECORD_TYPES, type CachedRecordType } from "@/lib/study-cache/row-mappers";
import { StudyCache } from "@/lib/study-cache/study-cache";
import type { SnapshotKeeper, SnapshotSubject } from "@/lib/study-cache/study-cache-types";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { advance, changesOfCut } from "@/partner-service/data/cuts/data-cuts";
import { DEMO_PARTNERS } from "@/partner-service/data/demo-partners";
import { openDatabase } from "@/partner-service/data/open";
import { addClient } from "@/partner-service/data/partner-registry";
import { benchDatabase, benchReport } from "./support/bench-database";
import { ensureBuild, startServer } from "./support/start-server";
import { markdownTable } from "./support/stats";

const partner = DEMO_PARTNERS[0];
const SUBJECT_LIST: CachedRecordType[] = ["Group", "Patient", "AdverseEvent", "DiagnosticReport"];
const MiB = 2 ** 20;

/** The snapshot store, timing what keeping costs the load (the load waits for it). */
class TimedKeeper implements SnapshotKeeper {
  keepMs = 0;
  private readonly inner: SnapshotStore;

  constructor(store: Store) {
    this.inner = new SnapshotStore(async () => store, { kept: 20, keptDays: 365 });
  }

  async keep(...args: Parameters<SnapshotKeeper["keep"]>) {
    const started = performance.now();
    try {
      return await this.inner.keep(...args);
    } finally {
      this.keepMs += performance.now() - started;
    }
  }

  latest = (at: SnapshotSubject) => this.inner.latest(at);
  read = (identity: string, id: number) => this.inner.read(identity, id);
}

function cacheOver(keeper: SnapshotKeeper | undefined): StudyCache {
  return new StudyCache({ ttlMs: 3_600_000, maxBytes: 4 * 2 ** 30, loadThread: true, snapshots: keeper });
}

/** A full collection between phases (the script runs with --expose-gc), so that one phase's rows slow no other. */
const collect = () => (globalThis as { gc?: () => void }).gc?.();

/** Every record type of the study, one after another; seconds and rows. */
async function loadAll(cache: StudyCache, creds: PartnerCredentials, study: string, types = CACHED_RECORD_TYPES) {
  const started = performance.now();
  let rows = 0;
  for (const type of types) rows += (await cache.rows(creds, study, type)).value.rows.length;
  await cache.snapshotsKept();
  return { seconds: (performance.now() - started) / 1000, rows };
}

/** Changes between the study's two latest snapshots, every record type, as the Changes section asks: seconds, count. */
async function changesTime(snapshots: SnapshotStore, creds: PartnerCredentials, study: string) {
  const identity = snapshotIdentity(cacheCredentials(creds));
  const started = performance.now();
  const [newer, older] = studySnapshots(await snapshots.list(identity, study));
  let changes = 0;
  for (const type of CHANGED_RECORD_TYPES) {
    const [a, b] = [older.inEffect.get(type), newer.inEffect.get(type)];
    if (a && b && a.id !== b.id) changes += (await snapshots.changes(identity, type, a.id, b.id)).length;
  }
  return { seconds: (performance.now() - started) / 1000, changes };
}

/** This process's resident memory after a full collection (MiB): the cache's rows and the loading thread's heap. */
async function settledRssMiB(): Promise<number> {
  collect();
  await new Promise((r) => setTimeout(r, 2_000));
  collect();
  return process.memoryUsage().rss / MiB;
}

/**
 * The study cached whole for one identity (from the store), then for four more clients of the same partner, each
 * loading from the partner and keeping its own snapshot: resident memory with one and with five, and what the cache
 * counts.
 */
async function fiveIdentities(store: Store, partnerDb: string, creds: PartnerCredentials, study: string) {
  const cache = cacheOver(new TimedKeeper(store));
  await loadAll(cache, creds, study);
  const one = await settledRssMiB();
  const countedOne = cache.stats().bytes;
  const db = openDatabase(partnerDb);
  const others: PartnerCredentials[] = [];
  for (let i = 2; i <= 5; i++) {
    const clientId = `${partner.clientId}-bench-${i}`;
    others.push({ ...creds, clientId, clientSecret: await addClient(db, partner.partnerId, clientId) });
  }
  db.close();
  for (const other of others) await loadAll(cache, other, study);
  const five = await settledRssMiB();
  const { bytes, sharing, entries } = cache.stats();
  return { one, five, countedOne, counted: bytes, sharing, entries };
}

async function storedBytes(store: Store) {
  const rows = await store.db.selectFrom("study_snapshots").select(["id", "bytes"]).orderBy("id").execute();
  return rows.map((r) => Number(r.bytes));
}

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const { dbPath, study } = await benchDatabase(flags);
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), "bench-snapshots-"));
  const partnerDb = join(dir, "partner.db");
  copyFileSync(dbPath, partnerDb);
  const report = benchReport("snapshots-report.md");
  const server = await startServer(3290, {
    PARTNER_DB_PATH: partnerDb,
    PARTNER_RATE_LIMIT_PER_MINUTE: "0",
    PARTNER_ROWS_PER_MINUTE: "0",
    PARTNER_DEMO_DATA: "false",
  });
  const storePath = join(dir, "portal.db");
  const store = sqliteStore(openPortalDb(storePath));
  try {
    const creds: PartnerCredentials = { baseUrl: server.baseUrl, ...partner };
    const plain = await loadAll(cacheOver(undefined), creds, study.studyNumber);
    collect();
    const keeper = new TimedKeeper(store);
    const kept = await loadAll(cacheOver(keeper), creds, study.studyNumber);
    const keepSeconds = keeper.keepMs / 1000;
    collect();
    const first = (await storedBytes(store)).reduce((a, b) => a + b, 0);
    const fileAfterFirst = statSync(storePath).size;

    const partnerDbHandle = openDatabase(partnerDb);
    const cut = advance(partnerDbHandle);
    const changed = changesOfCut(partnerDbHandle, cut).length;
    partnerDbHandle.close();
    // Each phase's cache is its own, out of reach once the phase ends: no phase's rows weigh on another's memory.
    const second = await (async (refreshed) => {
      await refreshed.refresh(creds, study.studyNumber);
      return loadAll(refreshed, creds, study.studyNumber);
    })(cacheOver(new TimedKeeper(store)));
    const all = await storedBytes(store);
    const added = all.slice(CACHED_RECORD_TYPES.length).reduce((a, b) => a + b, 0);

    collect();
    const snapshots = new SnapshotStore(async () => store, { kept: 20, keptDays: 365 });
    const compared = await changesTime(snapshots, creds, study.studyNumber);
    const reused = await changesTime(snapshots, creds, study.studyNumber);

    collect();
    const reopened = await loadAll(cacheOver(new TimedKeeper(store)), creds, study.studyNumber, SUBJECT_LIST);
    collect();
    const five = await fiveIdentities(store, partnerDb, creds, study.studyNumber);

    report.log(
      `bench:snapshots, ${new Date().toISOString().slice(0, 10)}, ${study.subjects} subjects x ${study.visits} visits`,
    );
    report.log(
      markdownTable(
        ["measure", "figure"],
        [
          ["cold load, every record type, no snapshots", `${plain.seconds.toFixed(1)} s (${plain.rows} rows)`],
          ["the same, keeping the first snapshot", `${kept.seconds.toFixed(1)} s`],
          [
            "keeping it (beside the loads, which do not wait for it)",
            `${keepSeconds.toFixed(1)} s (${((keepSeconds / plain.seconds) * 100).toFixed(0)} % of the plain load)`,
          ],
          [
            "first snapshot's chunks (compressed)",
            `${(first / MiB).toFixed(1)} MiB (store file ${(fileAfterFirst / MiB).toFixed(1)} MiB)`,
          ],
          ["next data cut: rows the partner changed", `${changed}`],
          ["Refresh and load after it", `${second.seconds.toFixed(1)} s`],
          [
            "bytes the second snapshot added",
            `${(added / MiB).toFixed(2)} MiB (${((added / first) * 100).toFixed(1)} % of the first)`,
          ],
          [
            "Changes between the two, every record type",
            `${compared.seconds.toFixed(2)} s (${compared.changes} records)`,
          ],
          ["the same Changes asked again (kept)", `${reused.seconds.toFixed(3)} s`],
          [
            "after a restart: the subject list's record types from the store",
            `${reopened.seconds.toFixed(2)} s (${reopened.rows} rows)`,
          ],
          ["RSS, the whole study cached for one identity", `${five.one.toFixed(0)} MiB`],
          [
            "RSS, the same for five identities of identical data",
            `${five.five.toFixed(0)} MiB (${(five.five / five.one).toFixed(2)}x one; ${five.entries} entries, ` +
              `${five.sharing} sharing; counted ${(five.counted / MiB).toFixed(0)} MiB, ` +
              `one ${(five.countedOne / MiB).toFixed(0)} MiB)`,
          ],
        ],
      ),
    );
    report.save();
  } finally {
    await store.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * `npm run bench:portal`: the time to load the 1,000-subject study's
 * laboratory results through the portal's client and study cache, with 0 ms
 * and 50 ms of added latency per request, against a plain sequential
 * next-link pager in the same run, the portal's loads plain and keeping their snapshots in a fresh SQLite store
 * (timed until the rows are served, as a view waits; the keeping goes on beside them); then the process RSS with
 * the whole study cached. The portal's loads run on the loading thread, as in the app (lib/study-cache/load-thread.ts).
 * Uses the database of `npm run bench:service` (created if missing).
 * A benchmark, not a test: it asserts nothing.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs, run } from "@/lib/cli/args";
import { defaultRetryPolicy } from "@/lib/partner-client/retry";
import { TokenSource } from "@/lib/partner-client/token";
import { SnapshotStore } from "@/lib/snapshots/snapshot-store";
import { openPortalDb } from "@/lib/store/sqlite-file";
import { sqliteStore } from "@/lib/store/sqlite-store";
import { type CachedRecordType, ROW_MAPPERS } from "@/lib/study-cache/row-mappers";
import { StudyCache } from "@/lib/study-cache/study-cache";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { API_PATH } from "@/partner-api/paths";
import { DEMO_PARTNERS } from "@/partner-service/data/demo-partners";
// Run with --expose-gc (the npm script does) so that memory is read after a full collection, and with the
// young generation and heap growth that server/start.sh gives the app: in production this client runs there.
import { benchDatabase, benchReport } from "./support/bench-database";
import { ensureBuild, startServer } from "./support/start-server";
import { fmt, markdownTable, median } from "./support/stats";

const partner = DEMO_PARTNERS[0];
const PORTAL_RUNS = 3;
const rssMiB = () => process.memoryUsage().rss / 2 ** 20;

/** The plain client: one request at a time, following `next`, parsing every page. */
async function sequentialPager(
  creds: PartnerCredentials,
  study: string,
): Promise<{ seconds: number; records: number }> {
  const token = await new TokenSource(creds, fetch, defaultRetryPolicy).get();
  const headers = { authorization: `Bearer ${token}`, "x-partnerid": creds.partnerId };
  const started = performance.now();
  let url: string | undefined =
    `${creds.baseUrl}${API_PATH}/observation?researchstudy=${study}&category=laboratory&_count=1000`;
  let records = 0;
  while (url) {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    const bundle = (await res.json()) as { entry?: unknown[]; link: { relation: string; url: string }[] };
    records += bundle.entry?.length ?? 0;
    url = bundle.link.find((l) => l.relation === "next")?.url;
  }
  return { seconds: (performance.now() - started) / 1000, records };
}

/** One load into a fresh cache, keeping its snapshot into a fresh store when `keep`: seconds until served. */
async function portalLoad(
  creds: PartnerCredentials,
  study: string,
  recordType: CachedRecordType,
  keep: boolean,
): Promise<{ seconds: number; records: number }> {
  const dir = keep ? mkdtempSync(join(tmpdir(), "bench-portal-")) : undefined;
  const store = dir ? sqliteStore(openPortalDb(join(dir, "portal.db"))) : undefined;
  const snapshots = store && new SnapshotStore(async () => store, { kept: 20, keptDays: 365 });
  const cache = new StudyCache({ ttlMs: 3_600_000, maxBytes: 4 * 2 ** 30, loadThread: true, snapshots });
  try {
    const started = performance.now();
    const hit = await cache.rows(creds, study, recordType);
    const seconds = (performance.now() - started) / 1000;
    // The keeping ends before the next load starts, so that no load pays for another's.
    await cache.snapshotsKept();
    return { seconds, records: hit.value.rows.length };
  } finally {
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** PORTAL_RUNS loads, each into a fresh cache: the median and the range, in seconds. */
async function portalLoads(creds: PartnerCredentials, study: string, keep: boolean) {
  const loads: number[] = [];
  for (let run = 0; run < PORTAL_RUNS; run++) loads.push((await portalLoad(creds, study, "laboratory", keep)).seconds);
  return { median: median(loads), range: `${fmt(Math.min(...loads), 2)}-${fmt(Math.max(...loads), 2)}`, loads };
}

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const { dbPath, study } = await benchDatabase(flags);
  ensureBuild();
  const report = benchReport("portal-report.md");
  const log = report.log;
  const rows: (string | number)[][] = [];
  for (const latency of [0, 50]) {
    const server = await startServer(3240 + latency, {
      PARTNER_DB_PATH: dbPath,
      PARTNER_RATE_LIMIT_PER_MINUTE: "0",
      PARTNER_ROWS_PER_MINUTE: "0",
      PARTNER_DEMO_DATA: "false",
      PARTNER_FAULT_LATENCY_MS: String(latency),
    });
    const creds: PartnerCredentials = {
      baseUrl: server.baseUrl,
      partnerId: partner.partnerId,
      clientId: partner.clientId,
      clientSecret: partner.clientSecret,
    };
    try {
      // Memory first, in a process that has loaded nothing yet, so earlier loads' garbage does not count.
      if (latency === 0) await wholeStudy(creds, study.studyNumber, log);
      const pager = await sequentialPager(creds, study.studyNumber);
      // This machine's speed drifts; the median of three loads (each a fresh cache) is reported, with the range.
      const plain = await portalLoads(creds, study.studyNumber, false);
      const kept = await portalLoads(creds, study.studyNumber, true);
      rows.push([
        latency,
        pager.records,
        fmt(pager.seconds, 2),
        `${fmt(plain.median, 2)} (${plain.range})`,
        fmt(pager.seconds / plain.median, 2),
        `${fmt(kept.median, 2)} (${kept.range})`,
        fmt(pager.seconds / kept.median, 2),
      ]);
      const each = (l: number[]) => l.map((x) => fmt(x, 2)).join(", ");
      console.log(
        `  latency ${latency} ms: pager ${fmt(pager.seconds, 2)} s, portal ${each(plain.loads)} s, ` +
          `keeping ${each(kept.loads)} s`,
      );
    } finally {
      await server.stop();
    }
  }
  log(
    markdownTable(
      [
        "added latency ms",
        "laboratory results",
        "sequential next-link pager s",
        `portal client + cache s, median of ${PORTAL_RUNS} (range)`,
        "speed-up",
        "keeping snapshots s, median (range)",
        "speed-up keeping",
      ],
      rows,
    ),
  );
  report.save();
});

/** Loads every record type the cache knows for the study and reports this process's memory with all of it held. */
async function wholeStudy(creds: PartnerCredentials, study: string, log: (s?: string) => void) {
  global.gc?.();
  const before = rssMiB();
  const cache = new StudyCache({ ttlMs: 3_600_000, maxBytes: 4 * 2 ** 30, loadThread: true });
  const started = performance.now();
  const recordTypes = Object.keys(ROW_MAPPERS) as CachedRecordType[];
  // One record type after another, as a user opening the study's views would load them.
  for (const k of recordTypes) await cache.rows(creds, study, k);
  // Two full collections a moment apart let V8 hand the loads' garbage back to the system before RSS is read.
  global.gc?.();
  await new Promise((r) => setTimeout(r, 1000));
  global.gc?.();
  const stats = cache.stats();
  const heap = process.memoryUsage().heapUsed / 2 ** 20;
  log(
    `Whole study cached (${recordTypes.join(", ")}; ${stats.entries} entries) ` +
      `in ${fmt((performance.now() - started) / 1000, 1)} s: ` +
      `process RSS ${fmt(rssMiB(), 0)} MiB (${fmt(before, 0)} MiB before), V8 heap in use ${fmt(heap, 0)} MiB, ` +
      `cache estimate ${fmt(stats.bytes / 2 ** 20, 0)} MiB.`,
  );
  log();
}

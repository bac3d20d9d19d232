/**
 * `npm run bench:review`: the review workflow (docs/review.md, Marking and The study overview) on the 1,000-subject
 * x 48-visit study (the database of `npm run bench:service`, created if missing), its data cached and its snapshots
 * kept (the keep of a million rows' load runs on the rendering thread for some seconds after it). Marking every
 * laboratory result of the study at once (POST /review of the export source "all-results", about 1.06 M rows),
 * unmarking them, marking a test's results (a filter of the same source), and marking them all again; then, with a
 * mark on every result, the Overview and the laboratory listings that read the marks (p50/p95 over `--repeats`
 * requests each); then `--singles` marks of one result each, each followed by the Overview, whose counts move
 * forward by the records a mark changed; last the portal's RSS once it settles. A failed request is reported with
 * its status and its answer as sent, never retried. The partner service runs in a process of its own, as for
 * `bench:views`. A benchmark, not a test: it asserts nothing.
 *
 * Flags: --repeats 20, --singles 20 (at most 100: the keys are unmarked first in one request), --settle 30 (s idle
 * before RSS is read), --test ALT (the filter's test), --port 3302 (the service on the next one).
 */

import Database from "better-sqlite3";
import { intFlag, parseArgs, run } from "@/lib/cli/args";
import { MAX_KEYS } from "@/sections/frame/review-route";
import { awaitKeeps } from "./support/await-keeps";
import { benchDatabase, benchReport } from "./support/bench-database";
import { studyTarget } from "./support/load-mix";
import { PortalSession } from "./support/portal-session";
import { type Bench, measureMarking, measureSingles } from "./support/review-marking";
import { measurePages } from "./support/review-pages";
import { reviewRecords } from "./support/review-records";
import { rssMiB, settleRss } from "./support/rss-watch";
import {
  ensureBuild,
  peakRssMiB,
  portalDbPathOf,
  rssBreakdownMiB,
  startServers,
  treeRssMiB,
} from "./support/start-server";
import { fmt } from "./support/stats";
import { STUDY_ERROR_MARK } from "./support/study-visit";

/** The portal's port (`--port`); the partner service's is the next. Apart from the other benchmarks' ports. */
const PORT = 3302;
/** What the partner database says the portal should count, read before the servers start. */
interface Expected {
  labResults: number;
  testResults: number;
  /** The visit with the most laboratory results: the heaviest `?at=` listing. */
  visit: string;
}

function expected(dbPath: string, study: string, test: string): Expected {
  const db = new Database(dbPath, { readonly: true });
  try {
    const count = (sql: string, ...args: string[]) =>
      db
        .prepare(sql)
        .pluck()
        .get(study, ...args) as number;
    const visit = db
      .prepare("SELECT visit FROM lab_results WHERE study_number = ? GROUP BY visit ORDER BY COUNT(*) DESC LIMIT 1")
      .pluck()
      .get(study) as string | undefined;
    if (!visit) throw new Error(`the partner database holds no laboratory result of study ${study}`);
    return {
      labResults: count("SELECT COUNT(*) FROM lab_results WHERE study_number = ?"),
      // The portal names a result's test by the partner's code text (partner-service/resources/measurements.ts).
      testResults: count("SELECT COUNT(*) FROM lab_results WHERE study_number = ? AND test_code = ?", test),
      visit,
    };
  } finally {
    db.close();
  }
}

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const repeats = intFlag(flags, "repeats", 20);
  const singles = Math.min(MAX_KEYS, intFlag(flags, "singles", 20));
  const settle = intFlag(flags, "settle", 30);
  const test = flags.test ?? "ALT";
  const port = intFlag(flags, "port", PORT);
  const { dbPath, study, subjects, visits } = await benchDatabase(flags);
  const counts = expected(dbPath, study.studyNumber, test);
  const singleKeys = reviewRecords(dbPath, study.studyNumber, singles).labResults;
  ensureBuild();
  const { service, server } = await startServers(port, port + 1, false, dbPath);
  const report = benchReport("review-report.md");
  const log = report.log;
  try {
    log(
      `bench:review, ${new Date().toISOString().slice(0, 10)}: study ${study.studyNumber}, ${subjects} subjects x ` +
        `${visits} visits, ${counts.labResults.toLocaleString("en")} laboratory results in the partner database; ` +
        "portal on SQLite, the partner service in its own process.",
    );
    log();
    const session = await PortalSession.signIn(server.baseUrl);
    const studyHref = await session.studyHref(study.studyNumber);
    const bench: Bench = { session, studyHref, target: studyTarget(studyHref), log, portalPid: server.pid };
    await openStudy(bench, portalDbPathOf(port));
    await measureMarking(bench, counts, test);
    await measurePages(bench, counts.visit, repeats);
    await measureSingles(bench, singleKeys);
    await logSettledRss(bench, settle, service?.pid);
  } finally {
    await server.stop();
    await service?.stop();
  }
  report.save();
});

/**
 * The Overview and the Laboratory page once each, as HTML read to its end: a study page streams while the study
 * loads, so its whole response is the study cached (as bench/views.ts's first visits). A page whose load failed
 * still answers 200 with the study's error box: that stops the benchmark before it measures anything.
 */
async function openStudy(b: Bench, portalDbPath: string) {
  const seconds: string[] = [];
  for (const [name, path] of [
    ["Overview", b.studyHref],
    ["Laboratory", `${b.studyHref}/laboratory`],
  ]) {
    const started = performance.now();
    if ((await b.session.text(path)).includes(STUDY_ERROR_MARK)) throw new Error(`${name}: the study's error box`);
    seconds.push(`${name} ${fmt((performance.now() - started) / 1000, 1)} s`);
  }
  const keptIn = await awaitKeeps({ portalDbPath });
  const kept = keptIn === null ? "not kept within 180 s" : `kept ${fmt(keptIn, 1)} s after the Laboratory page`;
  b.log(
    `1. The study cached: first visits (their loads) ${seconds.join(", ")}; the loads' snapshots ${kept}; ` +
      `portal RSS then ${fmt(rssMiB([b.portalPid]), 0)} MiB.`,
  );
  b.log();
}

/** The portal's RSS at each 5 s step of `settle` s without a request, the last the settled figure. */
async function logSettledRss(b: Bench, settle: number, servicePid: number | undefined) {
  const steps = await settleRss([b.portalPid], settle);
  console.log(`  RSS while settling (MiB): ${steps.map((s) => fmt(s, 0)).join(", ")}`);
  const kinds = rssBreakdownMiB(b.portalPid);
  b.log(
    `5. Portal RSS ${settle} s after the last request, the study cached and a mark on every laboratory result: ` +
      `${fmt(steps.at(-1)!, 0)} MiB (anonymous ${fmt(kinds.anon, 0)}, file-backed ${fmt(kinds.file, 0)}); ` +
      `its peak over the whole run ${fmt(peakRssMiB(b.portalPid), 0)} MiB.` +
      (servicePid ? ` The partner service's own process: ${fmt(treeRssMiB(servicePid), 0)} MiB.` : ""),
  );
}

/**
 * `npm run bench:review`: the review workflow (docs/review.md, Marking and The study overview) on the 1,000-subject
 * x 48-visit study (the database of `npm run bench:service`, created if missing), its data cached. Marking every
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
import { MARKS_PER_MINUTE, MAX_KEYS } from "@/sections/frame/review-route";
import { benchDatabase, benchReport } from "./support/bench-database";
import { studyTarget } from "./support/load-mix";
import { PortalSession, postHeaders } from "./support/portal-session";
import { reviewRecords } from "./support/review-records";
import { rssMiB, settleRss, watchRss } from "./support/rss-watch";
import { ensureBuild, peakRssMiB, rssBreakdownMiB, startServers, treeRssMiB } from "./support/start-server";
import { fmt, markdownTable, percentile } from "./support/stats";
import { STUDY_ERROR_MARK } from "./support/study-visit";

/** The portal's port (`--port`); the partner service's is the next. Apart from the other benchmarks' ports. */
const PORT = 3302;
/** The product's goals (docs/benchmarks.md). */
const MARK_ALL_GOAL_S = 5;
const PAGE_P95_GOAL_MS = 300;

type Log = (line?: string) => void;

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
    await openStudy(bench);
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

interface Bench {
  session: PortalSession;
  studyHref: string;
  target: { connectionId: string; studyNumber: string };
  log: Log;
  portalPid: number;
}

/**
 * The Overview and the Laboratory page once each, as HTML read to its end: a study page streams while the study
 * loads, so its whole response is the study cached (as bench/views.ts's first visits). A page whose load failed
 * still answers 200 with the study's error box: that stops the benchmark before it measures anything.
 */
async function openStudy(b: Bench) {
  const seconds: string[] = [];
  for (const [name, path] of [
    ["Overview", b.studyHref],
    ["Laboratory", `${b.studyHref}/laboratory`],
  ]) {
    const started = performance.now();
    if ((await b.session.text(path)).includes(STUDY_ERROR_MARK)) throw new Error(`${name}: the study's error box`);
    seconds.push(`${name} ${fmt((performance.now() - started) / 1000, 1)} s`);
  }
  b.log(
    `1. The study cached: first visits (their loads) ${seconds.join(", ")}; ` +
      `portal RSS then ${fmt(rssMiB([b.portalPid]), 0)} MiB.`,
  );
  b.log();
}

/** A POST /review's answer as sent: its status, its text (a failure is reported in its own words) and its time. */
interface Sent {
  status: number;
  text: string;
  seconds: number;
  count: number | null;
}

/**
 * One POST /review, as the portal's page sends it. Not PortalSession.post: an answer that is not JSON (a proxy's
 * or the server's own error page) is kept as text, to be reported exactly. A request that gets no answer at all
 * (a timeout, a reset) is status 0 with the error's message and cause.
 */
async function postReview(session: PortalSession, body: Record<string, unknown>): Promise<Sent> {
  const started = performance.now();
  try {
    const res = await fetch(`${session.baseUrl}/review`, {
      method: "POST",
      headers: postHeaders(session.baseUrl, session.cookie),
      body: JSON.stringify(body),
      redirect: "manual",
    });
    const text = await res.text();
    const seconds = (performance.now() - started) / 1000;
    return { status: res.status, text, seconds, count: countOf(text) };
  } catch (err) {
    const e = err as Error & { cause?: unknown };
    const cause = e.cause instanceof Error ? `: ${e.cause.name}: ${e.cause.message}` : "";
    return { status: 0, text: `${e.message}${cause}`, seconds: (performance.now() - started) / 1000, count: null };
  }
}

function countOf(text: string): number | null {
  try {
    const answer = JSON.parse(text) as { count?: unknown };
    return typeof answer.count === "number" ? answer.count : null;
  } catch {
    return null;
  }
}

/**
 * Every laboratory result marked at once, unmarked, a test's results marked (a filter of the same table), then
 * every result marked again (the test's already marked with their content now: only the others are written). The
 * last leaves a mark on every result for the pages measured next. Each answer's count is checked against the
 * partner database's; a failure's status and text are logged as the portal sent them.
 */
async function measureMarking(b: Bench, counts: Expected, test: string) {
  const shown = (query: string) => ({
    ...{ connectionId: b.target.connectionId, study: b.target.studyNumber },
    shown: { view: "laboratory", table: "all-results", query },
  });
  const filter = new URLSearchParams({ "all.f_test": `=${test}` }).toString();
  const steps = [
    { name: "mark every laboratory result", act: "mark", query: "", rows: counts.labResults },
    { name: "unmark them", act: "unmark", query: "", rows: counts.labResults },
    { name: `mark one test's (${filter})`, act: "mark", query: filter, rows: counts.testResults },
    { name: `mark every result again (${test}'s already marked)`, act: "mark", query: "", rows: counts.labResults },
  ];
  const rows: (string | number)[][] = [];
  const failures: string[] = [];
  const sents: Sent[] = [];
  for (const step of steps) {
    const watch = watchRss([b.portalPid]);
    const sent = await postReview(b.session, { ...shown(step.query), act: step.act });
    const peak = watch.stop();
    sents.push(sent);
    const verdict = sent.status !== 200 ? "failed" : sent.count === step.rows ? "yes" : `no (${sent.count})`;
    if (sent.status !== 200) failures.push(`${step.name}: HTTP ${sent.status} ${sent.text}`);
    console.log(`  ${step.name}: HTTP ${sent.status} in ${fmt(sent.seconds, 2)} s, count ${sent.count}`);
    rows.push([
      step.name,
      step.rows.toLocaleString("en"),
      sent.status,
      sent.count === null ? "-" : sent.count.toLocaleString("en"),
      verdict,
      fmt(sent.seconds, 2),
      fmt(peak, 0),
    ]);
  }
  b.log(
    `2. Marking (POST /review, shown: view "laboratory", table "all-results"; goal for every result at once: ` +
      `under ${MARK_ALL_GOAL_S} s). Expected rows from the partner database; peak RSS of the portal meanwhile.`,
  );
  b.log();
  b.log(
    markdownTable(
      ["request", "expected rows", "HTTP", "count answered", "count = expected", "seconds", "peak RSS MiB"],
      rows,
    ),
  );
  b.log();
  const [all] = sents;
  const met = all.status === 200 && all.seconds < MARK_ALL_GOAL_S ? "met" : "not met";
  b.log(
    `Every result at once: HTTP ${all.status} in ${fmt(all.seconds, 2)} s; ` +
      `the goal (under ${MARK_ALL_GOAL_S} s) ${met}.`,
  );
  for (const f of failures) b.log(`Failed: ${f}`);
  b.log();
}

/**
 * `repeats` requests of a page as HTML after a first one, which is reported apart (it may count over every mark)
 * and checked for the study's error box: a page that failed to read the marks still answers 200.
 */
async function timePage(session: PortalSession, name: string, path: string, repeats: number) {
  const started = performance.now();
  const html = await session.text(path);
  const first = performance.now() - started;
  if (html.includes(STUDY_ERROR_MARK)) throw new Error(`${name}: the study's error box`);
  const times: number[] = [];
  let bytes = Buffer.byteLength(html);
  for (let i = 0; i < repeats; i++) {
    const r = await session.get(path, "html");
    times.push(r.ms);
    bytes = Math.max(bytes, r.bytes);
  }
  times.sort((a, b) => a - b);
  return { first, p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

/** The Overview and the laboratory listings that read the marks, with a mark on every result. */
async function measurePages(b: Bench, visit: string, repeats: number) {
  const lab = `${b.studyHref}/laboratory`;
  const at = new URLSearchParams({ at: visit }).toString();
  const pages = [
    { name: "Overview", path: b.studyHref },
    { name: `Laboratory, every test at ${visit} (at=)`, path: `${lab}?${at}` },
    { name: "Laboratory, one test (test=LB0214)", path: `${lab}?test=LB0214` },
    { name: `Laboratory at ${visit}, filtered Reviewed`, path: `${lab}?${at}&res.f_review=%3DReviewed` },
  ];
  const rows: (string | number)[][] = [];
  const p95s: number[] = [];
  for (const page of pages) {
    const t = await timePage(b.session, page.name, page.path, repeats);
    console.log(`  ${page.name}: p95 ${fmt(t.p95, 0)} ms`);
    p95s.push(t.p95);
    rows.push([page.name, fmt(t.first, 0), fmt(t.p50, 0), fmt(t.p95, 0), fmt(t.bytes / 1024, 0)]);
  }
  b.log(
    `3. Pages with a mark on every laboratory result, HTML, ${repeats} requests each after a first ` +
      `(goal: p95 under ${PAGE_P95_GOAL_MS} ms).`,
  );
  b.log();
  b.log(markdownTable(["page", "first ms", "p50 ms", "p95 ms", "KiB"], rows));
  b.log();
  const over = pages.filter((_, i) => p95s[i] >= PAGE_P95_GOAL_MS).map((p) => p.name);
  b.log(over.length === 0 ? "Every page's p95 under the goal." : `p95 at or over the goal: ${over.join("; ")}.`);
  b.log();
}

/**
 * One result marked a request, each followed by the Overview, as a reviewer marks a row and looks back at the
 * progress. Every result is marked by now, and a mark of a record already marked with its content leaves it as it
 * is: the keys are unmarked first, in one request, so that each mark changes one record.
 */
async function measureSingles(b: Bench, keys: readonly string[]) {
  const body = { connectionId: b.target.connectionId, study: b.target.studyNumber, recordType: "laboratory" };
  const unmarked = await postReview(b.session, { ...body, act: "unmark", keys });
  if (unmarked.status !== 200)
    b.log(`Unmarking the ${keys.length} keys first failed: HTTP ${unmarked.status} ${unmarked.text}`);
  const marks: number[] = [];
  const overviews: number[] = [];
  const failures: string[] = [];
  for (const key of keys) {
    const sent = await postReview(b.session, { ...body, act: "mark", keys: [key] });
    if (sent.status !== 200 || sent.count !== 1) failures.push(`${key}: HTTP ${sent.status} ${sent.text}`);
    marks.push(sent.seconds * 1000);
    overviews.push((await b.session.get(b.studyHref, "html")).ms);
  }
  marks.sort((x, y) => x - y);
  overviews.sort((x, y) => x - y);
  const row = (name: string, ms: number[]) => [
    name,
    ms.length,
    fmt(percentile(ms, 50), 0),
    fmt(percentile(ms, 95), 0),
    fmt(ms.at(-1)!, 0),
  ];
  b.log(
    `4. One mark at a time: ${keys.length} laboratory results (unmarked first in one request, in ` +
      `${fmt(unmarked.seconds * 1000, 0)} ms), each marked by POST /review of its key and followed by a GET of the ` +
      `Overview (HTML). ${keys.length + 5} marking requests in all, under the ${MARKS_PER_MINUTE} a minute allowed.`,
  );
  b.log();
  b.log(
    markdownTable(
      ["request", "n", "p50 ms", "p95 ms", "max ms"],
      [row("POST /review, one key", marks), row("GET Overview after it", overviews)],
    ),
  );
  b.log();
  for (const f of failures) b.log(`Failed mark: ${f}`);
  if (failures.length > 0) b.log();
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

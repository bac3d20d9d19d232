/**
 * `npm run bench:exports`: exports of the 1,000-subject x 48-visit study (the database of `npm run bench:service`,
 * created if missing), its data cached: the CSV of every laboratory result, an Excel file of about 500,000 of them
 * (a value filter, `--xlsx-query`), both at once while cached views are browsed (their p95), and the whole study
 * export pack (its rows are those of every file in it). Reports rows/s, seconds and the portal's RSS growth during
 * each export. The partner service runs in a process of its own, as for `bench:views`. A benchmark, not a test: it
 * asserts nothing. `--subjects 40 --visits 8` for a quick look; `--port` moves the two servers.
 */

import { intFlag, parseArgs, run } from "@/lib/cli/args";
import { benchDatabase, benchReport } from "./support/bench-database";
import { type ExportRequest, type ExportRun, runExport } from "./support/export-run";
import { PortalSession } from "./support/portal-session";
import { ensureBuild, startServers } from "./support/start-server";
import { fmt, markdownTable, percentile } from "./support/stats";
import { BENCH_VIEWS } from "./support/views";

/** The portal's port (`--port`); the partner service's is the next. */
const PORT = 3292;
/** Results below 13.5: about 500,000 of the 1,059,296 laboratory results of the benchmark study. */
const XLSX_QUERY = "all.f_value=%3C13.5";

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const port = intFlag(flags, "port", PORT);
  const { dbPath, study, subjects, visits } = await benchDatabase(flags);
  ensureBuild();
  const { service, server } = await startServers(port, port + 1, false, dbPath);
  const report = benchReport("exports-report.md");
  const log = report.log;
  try {
    const session = await PortalSession.signIn(server.baseUrl);
    const studyHref = await session.studyHref(study.studyNumber);
    const subjectId = await session.firstSubjectId(studyHref);
    const views = BENCH_VIEWS(studyHref, subjectId);
    // Every view once: the whole study cached, as a user's exports would find it.
    for (const v of views) await session.get(v.path, "html");
    const base = { connectionId: decodeURIComponent(studyHref.split("/")[2]), study: study.studyNumber };
    const allResults = { ...base, view: "laboratory", table: "all-results" };
    const csv: ExportRequest = { ...allResults, format: "csv", query: "" };
    const xlsx: ExportRequest = { ...allResults, format: "xlsx", query: flags["xlsx-query"] ?? XLSX_QUERY };
    const rows: (string | number)[][] = [];
    rows.push(line("CSV, every laboratory result", await runExport(session, server.pid, csv)));
    rows.push(line("Excel, results below the value filter", await runExport(session, server.pid, xlsx)));
    const together = await browsingDuring(session, views, () =>
      Promise.all([runExport(session, server.pid, csv), runExport(session, server.pid, xlsx)]),
    );
    rows.push(line("CSV, both at once", together.runs[0]), line("Excel, both at once", together.runs[1]));
    // The whole study export pack: every SDTM dataset as CSV and Dataset-JSON, the dictionary, derived tables.
    rows.push(line("Study export pack (ZIP)", await runExport(session, server.pid, { ...base, format: "zip" })));
    log(`Study ${study.studyNumber}: ${subjects} subjects x ${visits} visits, cached; Excel query ${xlsx.query}.`);
    log();
    log(markdownTable(["export", "rows", "seconds", "rows/s", "file MiB", "RSS growth MiB"], rows));
    log();
    log(`Browsing the ${views.length} cached views during both exports: ${together.summary}.`);
  } finally {
    await server.stop();
    await service?.stop();
  }
  report.save();
});

function line(name: string, r: ExportRun): (string | number)[] {
  return [name, r.rows, fmt(r.seconds, 1), fmt(r.rows / r.seconds, 0), fmt(r.bytes / 2 ** 20, 1), fmt(r.rssGrowth, 0)];
}

/** The views requested one after another (as HTML) while `work` runs: p50 and p95 of their server times. */
async function browsingDuring<T>(
  session: PortalSession,
  views: { path: string }[],
  work: () => Promise<T>,
): Promise<{ runs: T; summary: string }> {
  let done = false;
  const times: number[] = [];
  const browsing = (async () => {
    for (let i = 0; !done; i++) times.push((await session.get(views[i % views.length].path, "html")).ms);
  })();
  const runs = await work().finally(() => {
    done = true;
  });
  await browsing;
  times.sort((a, b) => a - b);
  const ms = (p: number) => fmt(percentile(times, p), 0);
  const summary = `${times.length} pages, p50 ${ms(50)} ms, p95 ${ms(95)} ms`;
  return { runs, summary };
}

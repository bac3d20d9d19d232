/**
 * `npm run bench:views`: each study view of the 1,000-subject x 48-visit
 * study (the database of `npm run bench:service`, created if missing), with
 * the study cached: the server time of the page (p50/p95 over repeated
 * requests, each the whole response read on the same machine) and the bytes
 * sent, both as the HTML of a first visit and as the RSC payload of a
 * navigation; then the server's RSS with the whole study cached and every
 * view visited. Signs in as the demo user over HTTP, exactly as a browser.
 * A benchmark, not a test: it asserts nothing.
 */
import { benchDatabase, benchReport } from "./bench/bench-database";
import { PortalSession } from "./bench/portal-session";
import { ensureBuild, startServer, treeRssMiB } from "./bench/start-server";
import { fmt, markdownTable, percentile } from "./bench/stats";
import { BENCH_VIEWS } from "./bench/views";
import { intFlag, parseArgs, run } from "./cli";

const PORT = 3290;

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const repeats = intFlag(flags, "repeats", 20);
  const { dbPath, study, subjects, visits } = await benchDatabase(flags);
  ensureBuild();
  const server = await startServer(PORT, {
    PARTNER_DB_PATH: dbPath,
    PARTNER_RATE_LIMIT_PER_MINUTE: "0",
  });
  const report = benchReport("views-report.md");
  const log = report.log;
  try {
    const session = await PortalSession.signIn(server.baseUrl);
    const studyHref = await session.studyHref(study.studyNumber);
    const subjectId = await session.firstSubjectId(studyHref);
    const views = BENCH_VIEWS(studyHref, subjectId);
    const rows: (string | number)[][] = [];
    for (const view of views) {
      // The first visit loads what the view needs into the cache (and is reported apart: it waits for the partner).
      const first = await session.get(view.path, "html");
      const html: number[] = [];
      const rsc: number[] = [];
      let htmlBytes = 0;
      let rscBytes = 0;
      for (let i = 0; i < repeats; i++) {
        const h = await session.get(view.path, "html");
        const r = await session.get(view.path, "rsc");
        html.push(h.ms);
        rsc.push(r.ms);
        htmlBytes = Math.max(htmlBytes, h.bytes);
        rscBytes = Math.max(rscBytes, r.bytes);
      }
      html.sort((a, b) => a - b);
      rsc.sort((a, b) => a - b);
      rows.push([
        view.name,
        fmt(first.ms / 1000, 1),
        fmt(percentile(html, 50), 0),
        fmt(percentile(html, 95), 0),
        fmt(percentile(rsc, 50), 0),
        fmt(percentile(rsc, 95), 0),
        kib(htmlBytes),
        kib(rscBytes),
      ]);
      console.log(`  ${view.name}: html p95 ${fmt(percentile(html, 95), 0)} ms, ${kib(htmlBytes)} KiB`);
    }
    log(
      `Study ${study.studyNumber}: ${subjects} subjects x ${visits} visits; ${repeats} requests of each kind per view.`,
    );
    log();
    log(
      markdownTable(
        [
          "view",
          "first visit s (loads)",
          "HTML p50 ms",
          "HTML p95 ms",
          "RSC p50 ms",
          "RSC p95 ms",
          "HTML KiB",
          "RSC KiB",
        ],
        rows,
      ),
    );
    log();
    await new Promise((r) => setTimeout(r, 3000));
    log(`Server RSS with the whole study cached and every view visited: ${fmt(treeRssMiB(server.pid), 0)} MiB.`);
  } finally {
    await server.stop();
  }
  report.save();
});

const kib = (bytes: number) => fmt(bytes / 1024, 0);

/**
 * `npm run bench:views`: each study view of the 1,000-subject x 48-visit
 * study (the database of `npm run bench:service`, created if missing), with
 * the study cached: the server time of the page (p50/p95 over repeated
 * requests, each the whole response read on the same machine) and the bytes
 * sent, both as the HTML of a first visit and as the RSC payload of a
 * navigation; then the portal's RSS with the whole study cached and every
 * view visited. Signs in as the demo user over HTTP, exactly as a browser.
 * The partner service runs in a process of its own, as a partner's would
 * (the demo connection points at it: DEMO_PARTNER_BASE_URL), so that the
 * portal's memory is measured apart from the service's; `--embedded` measures
 * the one-process demo instead (portal and service together). Last, the
 * derivations of the tumour-response views and the data checks alone, timed
 * in this process on the study's rows (./bench/derivations.ts;
 * `--derivation-repeats`, 5 by default).
 * A benchmark, not a test: it asserts nothing.
 */

import { intFlag, parseArgs, run } from "@/lib/cli/args";
import { benchDatabase, benchReport } from "./support/bench-database";
import { measureDerivations } from "./support/derivations";
import { PortalSession } from "./support/portal-session";
import {
  type BenchServer,
  ensureBuild,
  peakRssMiB,
  rssBreakdownMiB,
  startServers,
  treeRssMiB,
} from "./support/start-server";
import { fmt, markdownTable, percentile } from "./support/stats";
import { BENCH_VIEWS, type BenchView } from "./support/views";

/** The portal's port (`--port`, 3290 by default); the partner service's is the next one. */
const DEFAULT_PORT = 3290;

const HEADERS = [
  "view",
  "first visit s (loads)",
  "HTML p50 ms",
  "HTML p95 ms",
  "RSC p50 ms",
  "RSC p95 ms",
  "HTML KiB",
  "RSC KiB",
];

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const repeats = intFlag(flags, "repeats", 20);
  const settle = intFlag(flags, "settle", 30);
  const derivationRepeats = intFlag(flags, "derivation-repeats", 5);
  const port = intFlag(flags, "port", DEFAULT_PORT);
  const { dbPath, study, subjects, visits } = await benchDatabase(flags);
  ensureBuild();
  const embedded = flags.embedded === "true";
  const { service, server } = await startServers(port, port + 1, embedded, dbPath);
  const report = benchReport(embedded ? "views-embedded-report.md" : "views-report.md");
  const log = report.log;
  try {
    const session = await PortalSession.signIn(server.baseUrl);
    const studyHref = await session.studyHref(study.studyNumber);
    const subjectId = await session.firstSubjectId(studyHref);
    const rows: (string | number)[][] = [];
    for (const view of BENCH_VIEWS(studyHref, subjectId)) rows.push(await measureView(session, view, repeats));
    log(
      `Study ${study.studyNumber}: ${subjects} subjects x ${visits} visits; ${repeats} requests of each kind per view.`,
    );
    log();
    log(markdownTable(HEADERS, rows));
    log();
    await logSettledRss(log, server, service, settle);
    // After the portal's memory is read: this process loads the study's rows from the partner service itself.
    log();
    await measureDerivations((service ?? server).baseUrl, study.studyNumber, derivationRepeats, log);
  } finally {
    await server.stop();
    await service?.stop();
  }
  report.save();
});

/** A view's row of the report: its first visit, then `repeats` requests of its HTML and of its RSC payload. */
async function measureView(session: PortalSession, view: BenchView, repeats: number): Promise<(string | number)[]> {
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
  console.log(`  ${view.name}: html p95 ${fmt(percentile(html, 95), 0)} ms, ${kib(htmlBytes)} KiB`);
  return [
    view.name,
    fmt(first.ms / 1000, 1),
    fmt(percentile(html, 50), 0),
    fmt(percentile(html, 95), 0),
    fmt(percentile(rsc, 50), 0),
    fmt(percentile(rsc, 95), 0),
    kib(htmlBytes),
    kib(rscBytes),
  ];
}

/** The portal's RSS (and the service's), `settle` seconds after the last request. */
async function logSettledRss(
  log: (line?: string) => void,
  server: BenchServer,
  service: BenchServer | undefined,
  settle: number,
) {
  // V8 gives memory back when the process has been idle a while (its memory reducer): read RSS once it settles.
  const samples: string[] = [];
  for (let waited = 0; waited < settle; waited += 5) {
    await new Promise((r) => setTimeout(r, 5000));
    samples.push(`${waited + 5} s: ${fmt(treeRssMiB(server.pid), 0)}`);
  }
  console.log(`  RSS while settling (MiB): ${samples.join(", ")}`);
  const kinds = rssBreakdownMiB(server.pid);
  log(
    `${service ? "Portal" : "Portal and service"} RSS with the whole study cached and every view visited, ` +
      `${settle} s after the last request: ` +
      `${fmt(treeRssMiB(server.pid), 0)} MiB ` +
      `(anonymous ${fmt(kinds.anon, 0)}, file-backed ${fmt(kinds.file, 0)}, shared ${fmt(kinds.shmem, 0)}).`,
  );
  // The peak covers the whole run: the study's loads and every page request.
  log(`The portal's peak RSS over the whole run (loads included): ${fmt(peakRssMiB(server.pid), 0)} MiB.`);
  if (service) log(`The partner service's own process: ${fmt(treeRssMiB(service.pid), 0)} MiB.`);
}

const kib = (bytes: number) => fmt(bytes / 1024, 0);

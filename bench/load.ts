/**
 * `npm run bench:load`: many signed-in users browsing the 1,000-subject x 48-visit study at once (the database of
 * `npm run bench:service`, created if missing), with the study cached, and marking records reviewed and commenting
 * on them as reviewers do (bench/support/load-mix.ts); then the same while the study loads cold for another partner
 * identity and the CSV of every laboratory result is exported. Per phase: requests, requests/s,
 * latency p50, p95, p99 and max, each review action's p50 and p95, errors by status (a POST refused by its route's
 * limit a user a minute counted apart, as limited), the portal's RSS before, at its peak and after settling; a
 * PASS/FAIL line against the goals (p95 under 300 ms, no error, no RSS growth once settled) and a Markdown table.
 *
 * Flags: --users 50, --duration 60 (s a phase), --think-ms 3000 (mean wait between a user's pages, drawn from 0 to
 * twice it; 0 for a closed loop that measures capacity), --html-share 0.5, --settle 20 (s idle before RSS is read),
 * --rss-tolerance 64 (MiB), --cached-runs 2 (phase 1 repeated), --partner-nice 10 (the partner services' CPU
 * priority, 0 for the same as the portal's), --partner-idle 1 (the partner services as SCHED_IDLE; 0 for nice
 * alone), --port 3296 (the two partner services on the next two, the counting proxy on the third).
 * `--cluster`: the portal is `npm run cluster -- --test` (three instances on PostgreSQL and Redis behind nginx;
 * bench/support/load-cluster.ts) on --port 3400 and the next five; the users sign in and browse through its proxy,
 * and each phase also reports each instance's RSS, PostgreSQL transactions and Redis commands per request and the
 * requests each instance answered.
 * `--users 10 --duration 10` for a smoke run. The partner services run in processes of their own, as for
 * `bench:views`. A benchmark, not a test: it asserts nothing.
 */

import { intFlag, parseArgs, run } from "@/lib/cli/args";
import { benchDatabase, benchReport } from "./support/bench-database";
import { describeRequests, requestsSince } from "./support/counting-proxy";
import { createAccounts, signInAll } from "./support/load-accounts";
import { startLoadCluster } from "./support/load-cluster";
import type { DriveOptions } from "./support/load-driver";
import { isAction, LOAD_MIX, type MixEntry, studyTarget } from "./support/load-mix";
import { type Background, runPhase } from "./support/load-phase";
import { type PhaseResult, phaseLines, phasesTable } from "./support/load-report";
import { type LoadServers, startLoadServers } from "./support/load-servers";
import { warmUp, warmUpLine } from "./support/load-warmup";
import { measureCost } from "./support/phase-cost";
import { PortalSession } from "./support/portal-session";
import { type ReviewRecords, reviewRecords } from "./support/review-records";
import { rssMiB, settleRss } from "./support/rss-watch";
import { ensureBuild } from "./support/start-server";
import { fmt } from "./support/stats";

const PORT = 3296;
const CLUSTER_PORT = 3400;

/** A flag that may be 0 or a fraction: `--think-ms 0`, `--html-share 0.25`. */
function numberFlag(flags: Record<string, string>, name: string, fallback: number, max = Infinity): number {
  if (flags[name] === undefined) return fallback;
  const n = Number(flags[name]);
  if (!Number.isFinite(n) || n < 0 || n > max) throw new Error(`--${name} must be a number from 0 to ${max}.`);
  return n;
}

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const cluster = flags.cluster !== undefined;
  const { dbPath, study, subjects, visits } = await benchDatabase(flags);
  const records = reviewRecords(dbPath, study.studyNumber);
  // The cluster script makes its own build when the one in .next lacks its key (scripts/cluster/keys.sh).
  if (!cluster) ensureBuild();
  const partner = { nice: intFlag(flags, "partner-nice", 10), idle: numberFlag(flags, "partner-idle", 1, 1) === 1 };
  const servers = cluster
    ? await startLoadCluster(intFlag(flags, "port", CLUSTER_PORT), dbPath, partner)
    : await startLoadServers(intFlag(flags, "port", PORT), dbPath, partner);
  const report = benchReport(cluster ? "load-cluster-report.md" : "load-report.md");
  try {
    const portal = cluster ? `the cluster's ${servers.portals.length} instances (PostgreSQL, Redis, nginx)` : "SQLite";
    report.log(`Study ${study.studyNumber}: ${subjects} subjects x ${visits} visits. Portal: ${portal}.`);
    await measure(servers, study.studyNumber, records, flags, report.log);
  } finally {
    await servers.stop();
  }
  report.save();
});

async function measure(
  servers: LoadServers,
  study: string,
  records: ReviewRecords,
  flags: Record<string, string>,
  log: (s?: string) => void,
) {
  const users = intFlag(flags, "users", 50);
  const settle = intFlag(flags, "settle", 20);
  const tolerance = intFlag(flags, "rss-tolerance", 64);
  const pids = servers.portals.map((p) => p.pid);
  const startRss = rssMiB(pids);
  const plan = {
    ...{ portalDbPath: servers.portalDbPath, databaseUrl: servers.cluster?.databaseUrl },
    ...{ secretKey: servers.secretKey, study },
  };
  console.log(`Creating and signing in ${users} users…`);
  const loadAccounts = await createAccounts({ ...plan, partnerBaseUrl: servers.cachedServiceUrl }, "load", users);
  const virtualUsers = await signInAll(servers.portalUrl, loadAccounts, study);
  const coldPlan = { ...plan, partnerBaseUrl: servers.coldServiceUrl, client: servers.coldClient };
  const [coldAccount] = await createAccounts(coldPlan, "cold", 1);
  const cold = await PortalSession.signIn(servers.portalUrl, coldAccount);
  // The warm-up's and the export's user: the demo account, whose connection points at the cached identity.
  const exporter = await PortalSession.signIn(servers.portalUrl);
  const studyHref = await exporter.studyHref(study);
  console.log("Loading the study (cold)…");
  const warm = await warmUp(servers, exporter, studyHref, records);
  const cachedRss = (await settleRss(pids, settle)).at(-1)!;
  const base = { baseUrl: servers.portalUrl, users: virtualUsers, subjects: warm.ids, records };
  const options = driveOptions(flags, base);
  const think = fmt((2 * options.thinkMs) / 1000, 1);
  const weight = (entries: readonly MixEntry[]) => entries.reduce((sum, e) => sum + e.weight, 0);
  const postShare = fmt((100 * weight(LOAD_MIX.filter(isAction))) / weight(LOAD_MIX), 0);
  log(
    `${warmUpLine(warm, servers)} Portal RSS ${fmt(startRss, 0)} MiB at start, ${fmt(cachedRss, 0)} MiB with ` +
      `the study cached, settled. Each user waits 0 to ${think} s between pages (${warm.ids.length} subjects to ` +
      `choose from); ${fmt(options.htmlShare * 100, 0)} % of pages as HTML, the rest RSC; ${postShare} % of ` +
      `requests review actions (POST) on ${records.adverseEvents.length} adverse events and ` +
      `${records.labResults.length} laboratory results drawn from the partner's.`,
  );
  log();
  const context = { options, servers, settle, tolerance, log };
  const results = await cachedRuns(intFlag(flags, "cached-runs", 2), context);
  const { connectionId } = studyTarget(studyHref);
  const background = { cold, coldHref: `/studies/${coldAccount.connectionId}/${study}`, exporter, connectionId };
  const phase2 = await costedPhase("cold load + export", context, { ...background, study });
  // The cold load leaves a second copy of the study in the cache: allowed for at what the first one cost.
  const copyCost = cachedRss - startRss;
  results.push({
    ...phase2.result,
    rssLimit: phase2.result.rss.before + copyCost + tolerance,
    rssLimitReason: `before + a second cached copy (${fmt(copyCost, 0)}, as the first) + ${tolerance}`,
  });
  for (const line of withCost(results.at(-1)!, phase2.cost)) log(line);
  log(phasesTable(results));
}

/** A phase's lines with its cost's before the blank line that ends them. */
const withCost = (r: PhaseResult, cost: string[]) => [...phaseLines(r).slice(0, -1), ...cost];

interface RunContext {
  options: DriveOptions;
  servers: LoadServers;
  settle: number;
  tolerance: number;
  log: (s?: string) => void;
}

/**
 * A phase with what it cost (bench/support/phase-cost.ts), the partner requests made meanwhile, and the requests
 * that needed a particular instance: any error of a request sent round robin (in a cluster every page must be
 * answered by whichever instance the proxy picks; on one server the same count).
 */
async function costedPhase(name: string, c: RunContext, background?: Background) {
  const pids = c.servers.portals.map((p) => p.pid);
  const cost = await measureCost(c.servers.portals, c.servers.cluster);
  const partnerBefore = c.servers.partnerProxy.count();
  const result = await runPhase(name, c.options, pids, c.settle, background);
  const partner = requestsSince(partnerBefore, c.servers.partnerProxy.count());
  const lines = [
    ...(await cost.lines(result.samples.requests)),
    `Partner requests through the counting proxy meanwhile: ${describeRequests(partner)}.`,
    ...(c.servers.cluster ? [`Requests that needed a particular instance: ${result.samples.errorTotal}.`] : []),
    "",
  ];
  return { result, cost: lines };
}

/**
 * Phase 1 again and again (`--cached-runs`) tells a one-time rise of the settled RSS from a growth per run: the
 * first minute of many users fills the bounded memos and V8's heap to their working size (by 130 MiB on a quiet
 * machine), so growth is judged run over run, from the first run's settled RSS.
 */
async function cachedRuns(runs: number, context: RunContext): Promise<PhaseResult[]> {
  const results: PhaseResult[] = [];
  for (let run = 1; run <= runs; run++) {
    const phase1 = await costedPhase(run === 1 ? "cached study" : `cached study, run ${run}`, context);
    const first = results[0]?.rss.after;
    const limit =
      first === undefined
        ? { rssLimit: Number.POSITIVE_INFINITY, rssLimitReason: "none for the first run (the working size)" }
        : { rssLimit: first + context.tolerance, rssLimitReason: `the first run's settled RSS + ${context.tolerance}` };
    results.push({ ...phase1.result, ...limit });
    for (const line of withCost(results.at(-1)!, phase1.cost)) context.log(line);
  }
  return results;
}

/** How the users drive the portal, from the flags. */
function driveOptions(
  flags: Record<string, string>,
  base: Pick<DriveOptions, "baseUrl" | "users" | "subjects" | "records">,
): DriveOptions {
  return {
    ...base,
    mix: LOAD_MIX,
    durationMs: intFlag(flags, "duration", 60) * 1000,
    thinkMs: numberFlag(flags, "think-ms", 3000),
    htmlShare: numberFlag(flags, "html-share", 0.5, 1),
    maxSockets: intFlag(flags, "max-sockets", base.users.length),
  };
}

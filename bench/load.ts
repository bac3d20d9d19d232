/**
 * `npm run bench:load`: many signed-in users browsing the 1,000-subject x 48-visit study at once (the database of
 * `npm run bench:service`, created if missing), with the study cached; then the same while the study loads cold for
 * another partner identity and the CSV of every laboratory result is exported. Per phase: requests, requests/s,
 * latency p50, p95, p99 and max, errors by status, the portal's RSS before, at its peak and after settling; a
 * PASS/FAIL line against the goals (p95 under 300 ms, no error, no RSS growth once settled) and a Markdown table.
 *
 * Flags: --users 50, --duration 60 (s a phase), --think-ms 3000 (mean wait between a user's pages, drawn from 0 to
 * twice it; 0 for a closed loop that measures capacity), --html-share 0.5, --settle 20 (s idle before RSS is read),
 * --rss-tolerance 64 (MiB), --cached-runs 2 (phase 1 repeated), --partner-nice 10 (the partner services' CPU
 * priority, 0 for the same as the portal's), --partner-idle 1 (the partner services as SCHED_IDLE; 0 for nice
 * alone), --port 3296 (the two partner services on the next two).
 * `--users 10 --duration 10` for a smoke run. The partner services run in processes of their own, as for
 * `bench:views`. A benchmark, not a test: it asserts nothing.
 */

import { intFlag, parseArgs, run } from "@/lib/cli/args";
import { benchDatabase, benchReport } from "./support/bench-database";
import { createAccounts, signInAll } from "./support/load-accounts";
import type { DriveOptions } from "./support/load-driver";
import { LOAD_MIX } from "./support/load-mix";
import { runPhase } from "./support/load-phase";
import { type PhaseResult, phaseLines, phasesTable } from "./support/load-report";
import { type LoadServers, startLoadServers } from "./support/load-servers";
import { PortalSession } from "./support/portal-session";
import { settleRss } from "./support/rss-watch";
import { ensureBuild, treeRssMiB } from "./support/start-server";
import { fmt } from "./support/stats";
import { subjectIds, visitMix, warmStudy } from "./support/study-visit";

const PORT = 3296;

/** A flag that may be 0 or a fraction: `--think-ms 0`, `--html-share 0.25`. */
function numberFlag(flags: Record<string, string>, name: string, fallback: number, max = Infinity): number {
  if (flags[name] === undefined) return fallback;
  const n = Number(flags[name]);
  if (!Number.isFinite(n) || n < 0 || n > max) throw new Error(`--${name} must be a number from 0 to ${max}.`);
  return n;
}

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const { dbPath, study, subjects, visits } = await benchDatabase(flags);
  ensureBuild();
  const partner = { nice: intFlag(flags, "partner-nice", 10), idle: numberFlag(flags, "partner-idle", 1, 1) === 1 };
  const servers = await startLoadServers(intFlag(flags, "port", PORT), dbPath, partner);
  const report = benchReport("load-report.md");
  try {
    report.log(`Study ${study.studyNumber}: ${subjects} subjects x ${visits} visits.`);
    await measure(servers, study.studyNumber, flags, report.log);
  } finally {
    await servers.stop();
  }
  report.save();
});

async function measure(servers: LoadServers, study: string, flags: Record<string, string>, log: (s?: string) => void) {
  const users = intFlag(flags, "users", 50);
  const settle = intFlag(flags, "settle", 20);
  const tolerance = intFlag(flags, "rss-tolerance", 64);
  const { portal } = servers;
  const startRss = treeRssMiB(portal.pid);
  const plan = { portalDbPath: servers.portalDbPath, secretKey: servers.secretKey, study };
  console.log(`Creating and signing in ${users} users…`);
  const loadAccounts = await createAccounts({ ...plan, partnerBaseUrl: servers.cachedServiceUrl }, "load", users);
  const virtualUsers = await signInAll(portal.baseUrl, loadAccounts, study);
  const [coldAccount] = await createAccounts({ ...plan, partnerBaseUrl: servers.coldServiceUrl }, "cold", 1);
  const cold = await PortalSession.signIn(portal.baseUrl, coldAccount);
  // The warm-up's and the export's user: the demo account, whose connection points at the cached identity.
  const exporter = await PortalSession.signIn(portal.baseUrl);
  const studyHref = await exporter.studyHref(study);
  console.log("Loading the study (cold)…");
  const warm = await warmStudy(exporter, studyHref);
  const ids = await subjectIds(exporter, studyHref);
  await visitMix(exporter, studyHref, LOAD_MIX, ids[0]);
  const cachedRss = (await settleRss(portal.pid, settle)).at(-1)!;
  const options = driveOptions(flags, { baseUrl: portal.baseUrl, users: virtualUsers, subjects: ids });
  const think = fmt((2 * options.thinkMs) / 1000, 1);
  log(
    `The study loaded cold in ${fmt(warm.seconds, 1)} s (${warm.views} views, one after another, before any ` +
      `user); portal RSS ${fmt(startRss, 0)} MiB at start, ${fmt(cachedRss, 0)} MiB with the study cached, ` +
      `settled. Each user waits 0 to ${think} s between pages (${ids.length} subjects to choose from); ` +
      `${fmt(options.htmlShare * 100, 0)} % of pages as HTML, the rest RSC.`,
  );
  log();
  const runs = intFlag(flags, "cached-runs", 2);
  const results = await cachedRuns(runs, { options, pid: portal.pid, settle, tolerance, log });
  const connectionId = decodeURIComponent(studyHref.split("/")[2]);
  const background = { cold, coldHref: `/studies/${coldAccount.connectionId}/${study}`, exporter, connectionId };
  const phase2 = await runPhase("cold load + export", options, portal.pid, settle, { ...background, study });
  // The cold load leaves a second copy of the study in the cache: allowed for at what the first one cost.
  const copyCost = cachedRss - startRss;
  results.push({
    ...phase2,
    rssLimit: phase2.rss.before + copyCost + tolerance,
    rssLimitReason: `before + a second cached copy (${fmt(copyCost, 0)}, as the first) + ${tolerance}`,
  });
  for (const line of phaseLines(results.at(-1)!)) log(line);
  log(phasesTable(results));
}

interface RunContext {
  options: DriveOptions;
  pid: number;
  settle: number;
  tolerance: number;
  log: (s?: string) => void;
}

/**
 * Phase 1 again and again (`--cached-runs`) tells a one-time rise of the settled RSS from a growth per run: the
 * first minute of many users fills the bounded memos and V8's heap to their working size (by 130 MiB on a quiet
 * machine), so growth is judged run over run, from the first run's settled RSS.
 */
async function cachedRuns(runs: number, { options, pid, settle, tolerance, log }: RunContext): Promise<PhaseResult[]> {
  const results: PhaseResult[] = [];
  for (let run = 1; run <= runs; run++) {
    const phase1 = await runPhase(run === 1 ? "cached study" : `cached study, run ${run}`, options, pid, settle);
    const first = results[0]?.rss.after;
    const limit =
      first === undefined
        ? { rssLimit: Number.POSITIVE_INFINITY, rssLimitReason: "none for the first run (the working size)" }
        : { rssLimit: first + tolerance, rssLimitReason: `the first run's settled RSS + ${tolerance}` };
    results.push({ ...phase1, ...limit });
    for (const line of phaseLines(results.at(-1)!)) log(line);
  }
  return results;
}

/** How the users drive the portal, from the flags. */
function driveOptions(
  flags: Record<string, string>,
  base: Pick<DriveOptions, "baseUrl" | "users" | "subjects">,
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

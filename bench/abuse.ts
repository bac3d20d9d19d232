/**
 * `npm run bench:abuse`: what an abusive user costs a legitimate one. The legitimate user (the demo account) browses
 * the cached views of the 1,000-subject x 48-visit study (the database of `npm run bench:service`, created if
 * missing) one after another; first alone, then while a second signed-in user, separately:
 *
 * - opens the study pages of 100 connections with made-up client IDs and secrets in a loop, 8 at a time, for
 *   `--seconds` (120 by default): token requests the partner refuses, from the portal's one address;
 * - starts 50 exports of every laboratory result with varied sorts and searches, spread over `--export-seconds`
 *   (50 by default), cancelling each started one at the end;
 * - sends `--refusals` (3,000 by default) requests the portal refuses (made-up connections on the progress route,
 *   a study not on its connection, an administrator's page), 8 at a time; the audit entries they add are counted.
 *
 * Reported: the legitimate user's pages, errors, p50/p95/max per phase, and the abuser's answers by status. The
 * goals (docs/security.md): no error for the legitimate user and p95 under 300 ms on cached pages. The partner
 * service runs in a process of its own with its default limits on token requests. A benchmark, not a test: it
 * asserts nothing.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { intFlag, parseArgs, run } from "@/lib/cli/args";
import { openConfiguredStore } from "@/lib/store/portal-store";
import { createAbuser } from "./support/abuse-accounts";
import { type Browsing, browsingDuring, hammer, row, StatusCounts, status, variedQuery } from "./support/abuse-phases";
import { benchDatabase, benchReport } from "./support/bench-database";
import { PortalSession } from "./support/portal-session";
import { ensureBuild, portalDbPathOf, startServer } from "./support/start-server";
import { markdownTable } from "./support/stats";
import { BENCH_VIEWS } from "./support/views";

const PORT = 3294;

run(async () => {
  const { flags } = parseArgs(process.argv.slice(2));
  const port = intFlag(flags, "port", PORT);
  const seconds = intFlag(flags, "seconds", 120);
  const exportSeconds = intFlag(flags, "export-seconds", 50);
  const refusals = intFlag(flags, "refusals", 3000);
  const { dbPath, study, subjects, visits } = await benchDatabase(flags);
  ensureBuild();
  const service = await startServer(port + 1, { PARTNER_DB_PATH: dbPath, PARTNER_RATE_LIMIT_PER_MINUTE: "0" });
  const secretKey = randomBytes(32).toString("base64");
  const portalDbPath = portalDbPathOf(port);
  const server = await startServer(port, {
    PARTNER_DB_PATH: `bench-data/portal-${port}-partner.db`,
    DEMO_PARTNER_BASE_URL: service.baseUrl,
    PORTAL_SECRET_KEY: secretKey,
  });
  const report = benchReport("abuse-report.md");
  const log = report.log;
  try {
    const legit = await PortalSession.signIn(server.baseUrl);
    const studyHref = await legit.studyHref(study.studyNumber);
    const subjectId = await legit.firstSubjectId(studyHref);
    const paths = BENCH_VIEWS(studyHref, subjectId).map((v) => v.path);
    console.log("Loading the study into the cache…");
    for (const p of paths) await legit.get(p, "html");
    const plan = { portalDbPath, secretKey, study: study.studyNumber, partnerBaseUrl: service.baseUrl };
    const abuser = await createAbuser(server.baseUrl, { ...plan, connections: 100 });
    const rows: string[][] = [];
    const phase = async (name: string, work: () => Promise<StatusCounts | string>) => {
      console.log(`Phase: ${name}…`);
      let abuse = "";
      const browsing: Browsing = await browsingDuring(legit, paths, async () => {
        abuse = String(await work());
      });
      rows.push([name, ...row(browsing), abuse]);
      console.log(`  ${rows.at(-1)!.join(" | ")}`);
    };
    await phase("none (the legitimate user alone)", async () => {
      await sleep(30_000);
      return "";
    });
    const stop = Date.now() + seconds * 1000;
    await phase(`${seconds} s of study pages of 100 made-up connections`, () =>
      hammer(
        8,
        () => Date.now() > stop,
        (n) => {
          const id = abuser.connectionIds[n % abuser.connectionIds.length];
          return status(abuser.session, `/studies/${id}/${encodeURIComponent(study.studyNumber)}`);
        },
      ),
    );
    await phase(`50 export starts over ${exportSeconds} s, varied sorts and searches`, () =>
      exportStarts(abuser.session, { connectionId: abuser.goodConnectionId, study: study.studyNumber }, exportSeconds),
    );
    const before = await auditSize(portalDbPath);
    let refused = new StatusCounts();
    await phase(`${refusals} refused requests`, async () => {
      refused = await hammer(
        8,
        (sent) => sent >= refusals,
        (n) => status(abuser.session, refusedPath(n, abuser)),
      );
      return refused;
    });
    const after = await auditSize(portalDbPath);
    log(`Study ${study.studyNumber}: ${subjects} subjects x ${visits} visits, cached; ${paths.length} views in turn.`);
    log();
    log(markdownTable(["abuse", "pages", "errors", "p50 ms", "p95 ms", "max ms", "the abuser's answers"], rows));
    log();
    log(
      `The ${refused.total} refused requests added ${after.entries - before.entries} audit entries ` +
        `(${Math.round((after.bytes - before.bytes) / 1024)} KiB of details).`,
    );
  } finally {
    await server.stop();
    await service.stop();
  }
  report.save();
});

/** 50 starts of the every-result export, evenly spread; each started job is cancelled once all are sent. */
async function exportStarts(session: PortalSession, target: { connectionId: string; study: string }, s: number) {
  const counts = new StatusCounts();
  const started: string[] = [];
  for (let n = 0; n < 50; n++) {
    const at = performance.now();
    const body = { ...target, view: "laboratory", table: "all-results", format: "csv", query: variedQuery(n) };
    const res = await send(session, "POST", "/exports", body);
    counts.add(res.status);
    if (res.status === 202) started.push(((await res.json()) as { id: string }).id);
    else await res.arrayBuffer();
    await sleep(Math.max(0, (s * 1000) / 50 - (performance.now() - at)));
  }
  for (const id of started) await (await send(session, "DELETE", `/exports/${id}`)).arrayBuffer();
  return counts;
}

/** A state-changing request as the portal's own page sends it (same origin). */
function send(session: PortalSession, method: string, path: string, body?: unknown) {
  return fetch(`${session.baseUrl}${path}`, {
    method,
    headers: { cookie: session.cookie, origin: session.baseUrl, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Requests the portal refuses and records: made-up connections, a study not on the connection, an admin page. */
function refusedPath(n: number, abuser: { goodConnectionId: string }): string {
  switch (n % 3) {
    case 0:
      return `/studies/${randomUUID()}/ONC-101/progress`;
    case 1:
      return `/studies/${abuser.goodConnectionId}/NOT-A-STUDY-${n}`;
    default:
      return "/admin/audit";
  }
}

/** The audit trail's entries and the characters of their details, in the server's portal store. */
async function auditSize(path: string): Promise<{ entries: number; bytes: number }> {
  const store = await openConfiguredStore(path);
  try {
    const size = await store.db
      .selectFrom("audit_log")
      .select([sql<number>`count(*)`.as("entries"), sql<number>`coalesce(sum(length(details)), 0)`.as("bytes")])
      .executeTakeFirstOrThrow();
    // PostgreSQL's sum is a numeric, which node-postgres reads as text.
    return { entries: Number(size.entries), bytes: Number(size.bytes) };
  } finally {
    await store.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * bench:review's marking steps (bench/review.ts): POST /review as the portal's page sends it, every laboratory result
 * at once and a filter's, then one result at a time, each followed by the Overview.
 */
import { MARKS_PER_MINUTE } from "@/sections/frame/review-route";
import { type PortalSession, postHeaders } from "./portal-session";
import { watchRss } from "./rss-watch";
import { fmt, markdownTable, percentile } from "./stats";

/** The product's goal (docs/benchmarks.md). */
const MARK_ALL_GOAL_S = 5;

export type Log = (line?: string) => void;

/** What each step of the benchmark works with. */
export interface Bench {
  session: PortalSession;
  studyHref: string;
  target: { connectionId: string; studyNumber: string };
  log: Log;
  portalPid: number;
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
export async function measureMarking(b: Bench, counts: { labResults: number; testResults: number }, test: string) {
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
 * One result marked a request, each followed by the Overview, as a reviewer marks a row and looks back at the
 * progress. Every result is marked by now, and a mark of a record already marked with its content leaves it as it
 * is: the keys are unmarked first, in one request, so that each mark changes one record.
 */
export async function measureSingles(b: Bench, keys: readonly string[]) {
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

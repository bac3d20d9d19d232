/** bench:review's pages (bench/review.ts): the Overview and the laboratory listings that read every mark. */

import type { PortalSession } from "./portal-session";
import type { Bench } from "./review-marking";
import { fmt, markdownTable, percentile } from "./stats";
import { STUDY_ERROR_MARK } from "./study-visit";

/** The product's goal (docs/benchmarks.md). */
const PAGE_P95_GOAL_MS = 300;

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
export async function measurePages(b: Bench, visit: string, repeats: number) {
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

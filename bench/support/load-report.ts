/**
 * The figures of a `npm run bench:load` phase, its verdict against the goals (docs/benchmarks.md), and the Markdown
 * table.
 */
import type { PhaseSamples } from "./load-samples";
import { fmt, markdownTable, percentile } from "./stats";

/** The goal: p95 of every page request under this, with the study cached. */
export const P95_GOAL_MS = 300;

export interface PhaseResult {
  name: string;
  users: number;
  seconds: number;
  samples: PhaseSamples;
  rss: { before: number; peak: number; after: number; steps: number[] };
  /** The requests that started while the cold load or the export ran, and for how long the users overlapped them. */
  overlap?: { samples: PhaseSamples; seconds: number };
  /** What ran beside the users (the cold load, the export): one line each. */
  beside: string[];
  /** Failures of what ran beside the users; each counts as an error. */
  besideErrors: string[];
  /** RSS after settling may be at most this (MiB): see rssLimit in bench/load.ts. */
  rssLimit: number;
  rssLimitReason: string;
}

export interface Verdict {
  pass: boolean;
  reasons: string[];
}

const latency = (r: { samples: PhaseSamples }) => {
  const ms = r.samples.sorted();
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), max: ms.at(-1) ?? NaN };
};

export function verdict(r: PhaseResult): Verdict {
  const { p95 } = latency(r);
  const errors = r.samples.errorTotal + r.besideErrors.length;
  const checks: [boolean, string][] = [
    [r.samples.requests > 0, `${r.samples.requests} requests`],
    [p95 < P95_GOAL_MS, `p95 ${fmt(p95, 0)} ms (goal < ${P95_GOAL_MS})`],
    ...overlapCheck(r),
    [errors === 0, `${errors} errors (goal 0)`],
    [r.rss.after <= r.rssLimit, `RSS after settling ${fmt(r.rss.after, 0)} MiB (${limitText(r)})`],
  ];
  return { pass: checks.every(([ok]) => ok), reasons: checks.map(([ok, text]) => `${ok ? "ok" : "NOT MET"}: ${text}`) };
}

const limitText = (r: PhaseResult) => (Number.isFinite(r.rssLimit) ? `at most ${fmt(r.rssLimit, 0)}` : "no limit");

/** The goal applies as well to the requests made while the cold load or the export ran, when there were some. */
function overlapCheck(r: PhaseResult): [boolean, string][] {
  if (!r.overlap || r.overlap.samples.requests === 0) return [];
  const { p95 } = latency(r.overlap);
  return [[p95 < P95_GOAL_MS, `p95 while they ran ${fmt(p95, 0)} ms (goal < ${P95_GOAL_MS})`]];
}

function overlapLine(r: PhaseResult): string[] {
  if (!r.overlap) return [];
  const o = r.overlap;
  if (o.samples.requests === 0) return ["No request started while they ran."];
  const l = latency(o);
  return [
    `Requests that started while they ran (the first ${fmt(o.seconds, 1)} s of the users'): ${o.samples.requests}, ` +
      `latency p50 ${fmt(l.p50, 0)} ms, p95 ${fmt(l.p95, 0)} ms, p99 ${fmt(l.p99, 0)} ms, max ${fmt(l.max, 0)} ms.`,
  ];
}

/** The phase's lines for the report: figures, slowest views, errors, memory, verdict. */
export function phaseLines(r: PhaseResult): string[] {
  const l = latency(r);
  const s = r.samples;
  const v = verdict(r);
  const lines = [
    `### ${r.name}`,
    "",
    `${r.users} users for ${fmt(r.seconds, 1)} s: ${s.requests} requests ` +
      `(${s.byKind.html} HTML, ${s.byKind.rsc} RSC, ${s.byKind.post} POST), ` +
      `${fmt(s.requests / r.seconds, 1)} requests/s; ` +
      `latency p50 ${fmt(l.p50, 0)} ms, p95 ${fmt(l.p95, 0)} ms, ` +
      `p99 ${fmt(l.p99, 0)} ms, max ${fmt(l.max, 0)} ms.`,
    `Slowest views by p95: ${s
      .slowestViews(5)
      .map((x) => `${x.name} ${fmt(x.p95, 0)} ms (${x.kept})`)
      .join("; ")}.`,
    ...postLines(s),
    ...r.beside,
    ...overlapLine(r),
    ...(s.retried > 0 ? [`Sent again after a reset of a reused keep-alive connection: ${s.retried}.`] : []),
    errorsLine(r),
    ...s.errorCounts().map((e) => `- ${e.count} x ${e.status} on ${e.view} (e.g. ${e.example})`),
    ...r.besideErrors.map((e) => `- ${e}`),
    `Portal RSS (MiB): ${fmt(r.rss.before, 0)} before, ${fmt(r.rss.peak, 0)} at its peak, ` +
      `${fmt(r.rss.after, 0)} after settling (${r.rss.steps.map((x) => fmt(x, 0)).join(", ")} every 5 s); ` +
      `${limitText(r)}: ${r.rssLimitReason}.`,
    `${v.pass ? "PASS" : "FAIL"} (${r.name}): ${v.reasons.join("; ")}.`,
    "",
  ];
  return lines;
}

/** The errors' count, by status (their lines follow, by status and view). */
function errorsLine(r: PhaseResult): string {
  const total = r.samples.errorTotal + r.besideErrors.length;
  if (total === 0) return "Errors: none.";
  const byStatus = new Map<string, number>();
  for (const e of r.samples.errorCounts()) byStatus.set(e.status, (byStatus.get(e.status) ?? 0) + e.count);
  if (r.besideErrors.length > 0) byStatus.set("beside the users", r.besideErrors.length);
  return `Errors: ${total} (${[...byStatus].map(([status, n]) => `${n} x ${status}`).join(", ")}):`;
}

/**
 * The review actions, one row each with p50 and p95 as the pages have, and the POSTs the routes' limits refused
 * (429: counted, not errors; their quick answers are in the latencies).
 */
function postLines(s: PhaseSamples): string[] {
  if (s.byKind.post === 0) return ["Review actions (POST): none."];
  const rows = s.posts().map((p) => {
    const limited = p.limited > 0 ? `, ${p.limited} limited (429)` : "";
    const requests = `${p.kept} ${p.kept === 1 ? "request" : "requests"}`;
    return `- ${p.name}: ${requests}, p50 ${fmt(p.p50, 0)} ms, p95 ${fmt(p.p95, 0)} ms${limited}`;
  });
  const limited = s.limitedTotal === 0 ? "none" : String(s.limitedTotal);
  return [`Review actions (POST); limited by their routes' limits a user a minute (429): ${limited}.`, ...rows];
}

export function phasesTable(results: PhaseResult[]): string {
  return markdownTable(
    [
      "phase",
      "users",
      "requests",
      "requests/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "max ms",
      "errors",
      "RSS MiB before / peak / settled",
      "goals",
    ],
    results.map((r) => {
      const l = latency(r);
      const rss = `${fmt(r.rss.before, 0)} / ${fmt(r.rss.peak, 0)} / ${fmt(r.rss.after, 0)}`;
      return [
        r.name,
        r.users,
        r.samples.requests,
        fmt(r.samples.requests / r.seconds, 1),
        fmt(l.p50, 0),
        fmt(l.p95, 0),
        fmt(l.p99, 0),
        fmt(l.max, 0),
        r.samples.errorTotal + r.besideErrors.length,
        rss,
        verdict(r).pass ? "PASS" : "FAIL",
      ];
    }),
  );
}

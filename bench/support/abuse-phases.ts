/**
 * The abusive patterns of `npm run bench:abuse`, each run by one signed-in user while a legitimate user browses
 * cached pages: study pages of connections with made-up credentials opened in a loop, export starts with varied
 * sorts and searches, and requests the portal refuses (each would be an audit entry). Every pattern counts its
 * answers by HTTP status; the legitimate user's page times and errors are what the benchmark is about.
 */
import type { PortalSession } from "./portal-session";
import { fmt, percentile } from "./stats";

export interface Browsing {
  pages: number;
  errors: number;
  p50: number;
  p95: number;
  max: number;
}

/** Answers by HTTP status ("error" for a request that got no answer), in words for the report. */
export class StatusCounts {
  private readonly counts = new Map<string, number>();
  total = 0;

  add(status: number | "error"): void {
    this.counts.set(String(status), (this.counts.get(String(status)) ?? 0) + 1);
    this.total++;
  }

  toString(): string {
    return [...this.counts]
      .sort()
      .map(([s, n]) => `${n} × ${s}`)
      .join(", ");
  }
}

/** The views requested one after another (as HTML) until `work` settles: their times and the failures among them. */
export async function browsingDuring(
  session: PortalSession,
  paths: string[],
  work: () => Promise<unknown>,
): Promise<Browsing> {
  let done = false;
  const times: number[] = [];
  let errors = 0;
  const browsing = (async () => {
    for (let i = 0; !done; i++) {
      const started = performance.now();
      try {
        await session.get(paths[i % paths.length], "html");
      } catch {
        errors++;
      }
      times.push(performance.now() - started);
    }
  })();
  await work().finally(() => {
    done = true;
  });
  await browsing;
  times.sort((a, b) => a - b);
  return { pages: times.length, errors, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! };
}

/** `requests` run `concurrency` at a time until `until()` says stop; each gives its status. */
export async function hammer(
  concurrency: number,
  until: (sent: number) => boolean,
  request: (n: number) => Promise<number>,
): Promise<StatusCounts> {
  const counts = new StatusCounts();
  let sent = 0;
  const worker = async () => {
    while (!until(sent)) {
      const n = sent++;
      try {
        counts.add(await request(n));
      } catch {
        counts.add("error");
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return counts;
}

/** One GET with the session's cookie, its body read to the end: the status. */
export async function status(session: PortalSession, path: string): Promise<number> {
  const res = await fetch(`${session.baseUrl}${path}`, { headers: { cookie: session.cookie }, redirect: "manual" });
  await res.arrayBuffer();
  return res.status;
}

/** Sorts and searches of the laboratory results listing that differ from one start to the next. */
export function variedQuery(n: number): string {
  const columns = ["value", "subject", "collected", "test", "visit", "unit"];
  const sort = `${columns[n % columns.length]}.${n % 2 ? "desc" : "asc"}`;
  const q = encodeURIComponent(`${(n * 7919) % 1000}`);
  return `all.sort=${sort}&all.q=${q}`;
}

export const row = (b: Browsing): string[] => [
  String(b.pages),
  String(b.errors),
  fmt(b.p50, 0),
  fmt(b.p95, 0),
  fmt(b.max, 0),
];

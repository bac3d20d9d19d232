/**
 * What `npm run bench:load` records of a phase's requests, in bounded memory: every request is counted, its latency
 * kept in a fixed-size uniform sample (reservoir sampling, algorithm R), errors counted by status and view with one
 * example path each. 50 users for 60 s make some thousands of requests, far below the reservoir's size, so in
 * practice every latency is kept; the bound is for long or fast runs (`--duration 3600 --think-ms 0`).
 */
import { percentile } from "./stats";

/** 8 bytes a sample (plus 2 for its view): 1,000,000 samples are about 10 MB. */
export const MAX_SAMPLES = 1_000_000;

/** A page as HTML or as an RSC payload, or a review action's POST. */
export type PageKind = "html" | "rsc" | "post";

export interface ErrorCount {
  /** The HTTP status, or what went wrong before one came ("network error: ECONNRESET", "timeout"). */
  status: string;
  view: string;
  count: number;
  /** The first path that failed so (it names the user's connection, which is no secret). */
  example: string;
}

export class PhaseSamples {
  requests = 0;
  /** Requests sent twice after a reset of a reused keep-alive connection (bench/support/load-driver.ts). */
  retried = 0;
  readonly byKind: Record<PageKind, number> = { html: 0, rsc: 0, post: 0 };
  private readonly ms: Float64Array;
  private readonly views: Uint16Array;
  private readonly errors = new Map<string, ErrorCount>();
  /** The views sent as POSTs (review actions): reported apart from the pages. */
  private readonly posted = new Set<number>();
  /** POSTs refused by the route's limit a user a minute (429), by view: not errors. */
  private readonly limited = new Map<number, number>();

  constructor(
    private readonly viewNames: readonly string[],
    private readonly capacity = MAX_SAMPLES,
  ) {
    this.ms = new Float64Array(capacity);
    this.views = new Uint16Array(capacity);
  }

  /** One request that ended: its latency in ms (errors included: a slow failure is a slow page too). */
  add(view: number, kind: PageKind, ms: number): void {
    const n = this.requests++;
    this.byKind[kind]++;
    if (kind === "post") this.posted.add(view);
    const slot = n < this.capacity ? n : Math.floor(Math.random() * (n + 1));
    if (slot >= this.capacity) return;
    this.ms[slot] = ms;
    this.views[slot] = view;
  }

  addError(view: number, status: string, path: string): void {
    const key = `${status}\u0000${view}`;
    const known = this.errors.get(key);
    if (known) known.count++;
    else this.errors.set(key, { status, view: this.viewNames[view], count: 1, example: path });
  }

  /** A POST answered 429: its latency is added as any request's, and it is counted here rather than as an error. */
  addLimited(view: number): void {
    this.limited.set(view, (this.limited.get(view) ?? 0) + 1);
  }

  get limitedTotal(): number {
    let sum = 0;
    for (const n of this.limited.values()) sum += n;
    return sum;
  }

  errorCounts(): ErrorCount[] {
    return [...this.errors.values()].sort((a, b) => b.count - a.count);
  }

  get errorTotal(): number {
    let sum = 0;
    for (const e of this.errors.values()) sum += e.count;
    return sum;
  }

  /** The kept latencies, sorted, of every view or of one. */
  sorted(view?: number): number[] {
    const kept = Math.min(this.requests, this.capacity);
    const out: number[] = [];
    for (let i = 0; i < kept; i++) if (view === undefined || this.views[i] === view) out.push(this.ms[i]);
    return out.sort((a, b) => a - b);
  }

  /** The pages (not the POSTs) whose p95 is highest: name, requests kept, p95. */
  slowestViews(count: number): { name: string; kept: number; p95: number }[] {
    return this.viewNames
      .map((name, i) => {
        const ms = this.posted.has(i) ? [] : this.sorted(i);
        return { name, kept: ms.length, p95: percentile(ms, 95) };
      })
      .filter((v) => v.kept > 0)
      .sort((a, b) => b.p95 - a.p95)
      .slice(0, count);
  }

  /** Each view sent as POSTs, in the mix's order: requests kept, p50, p95, and how many were limited (429). */
  posts(): { name: string; kept: number; p50: number; p95: number; limited: number }[] {
    return [...this.posted]
      .sort((a, b) => a - b)
      .map((i) => {
        const ms = this.sorted(i);
        const limited = this.limited.get(i) ?? 0;
        return { name: this.viewNames[i], kept: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), limited };
      });
  }
}

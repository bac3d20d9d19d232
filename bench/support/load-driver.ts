/**
 * The virtual users of `npm run bench:load`: each one signed in with its own session cookie, looping until the
 * phase ends: it picks a view by weight, requests it (the HTML of a first visit, or the RSC payload of a navigation
 * inside the app), reads the whole response (looking for the study's error box), then waits its think time.
 * Requests go through node:http with one keep-alive agent whose sockets are bounded (one per user by default, as a
 * browser's tab would mostly use one), so the driver never opens more connections than it was told. Any status
 * but 200, a page with the study's error box, a network error or a timeout counts as an error.
 */
import { Agent, request } from "node:http";
import { type MixContext, type MixView, pickView } from "./load-mix";
import type { PageKind, PhaseSamples } from "./load-samples";
import { pageUrl } from "./portal-session";
import { STUDY_ERROR_MARK } from "./study-visit";

export interface VirtualUser {
  cookie: string;
  /** The user's study address, on its own connection. */
  study: string;
}

export interface DriveOptions {
  baseUrl: string;
  users: readonly VirtualUser[];
  mix: readonly MixView[];
  subjects: readonly string[];
  durationMs: number;
  /** The mean think time; each wait is drawn uniformly from 0 to twice it. */
  thinkMs: number;
  /** The share of requests asked for as HTML (a first visit); the rest are RSC navigations. */
  htmlShare: number;
  maxSockets: number;
}

/**
 * An idle pooled socket is closed after this. The server closes idle connections after 5 s (Node's keepAliveTimeout,
 * announced in its Keep-Alive header, which the agent would follow less 1 s), but it starts counting when it has
 * handed the answer to the kernel: a client starved of CPU on a busy machine reads the end of a large page later, and
 * then reused sockets the server was closing (28 resets in 428 requests in one run). 2 s leaves a wide margin.
 */
const IDLE_SOCKET_MS = 2000;

/** A request with no byte for this long is an error ("timeout"), so a stuck server cannot hang the benchmark. */
const REQUEST_TIMEOUT_MS = 30_000;

interface Outcome {
  status: string;
  ms: number;
  /** Sent a second time after a reset of a reused connection (see get). */
  retried: boolean;
}

/** Whether a text streamed in chunks contains `mark`, a match across two chunks included. */
export function markFinder(mark: string): { push(chunk: string): void; found(): boolean } {
  let tail = "";
  let found = false;
  return {
    push(chunk) {
      if (found) return;
      const text = tail + chunk;
      found = text.includes(mark);
      tail = text.slice(-(mark.length - 1));
    },
    found: () => found,
  };
}

/**
 * One GET read to its end; resolves (never rejects) with the status or what went wrong. A request that fails with
 * ECONNRESET on a reused keep-alive socket before any answer is sent once more, on a new connection, as browsers do
 * (and as Node's documentation advises): the server may close an idle connection just as the client reuses it.
 * Such retries are counted and reported; the latency includes both attempts.
 */
function get(agent: Agent, url: URL, cookie: string, kind: PageKind): Promise<Outcome> {
  const started = performance.now();
  const headers: Record<string, string> = { cookie, ...(kind === "rsc" ? { rsc: "1" } : {}) };
  return new Promise((resolve) => {
    const done = (status: string, retried: boolean) => resolve({ status, ms: performance.now() - started, retried });
    const attempt = (retried: boolean) => {
      let answered = false;
      // The retry on a connection of its own (closed after it): the pool's other idle sockets may be as stale.
      const via = retried ? { agent: false as const } : { agent };
      const req = request(url, { ...via, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        answered = true;
        const mark = markFinder(STUDY_ERROR_MARK);
        res.setEncoding("latin1");
        res.on("data", mark.push);
        res.on("end", () => {
          const status = String(res.statusCode);
          done(mark.found() && status === "200" ? "200 with the study's error box" : status, retried);
        });
        res.on("error", (err) => done(`network error: ${errorCode(err)} during the answer`, retried));
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (err) => {
        if (!answered && !retried && req.reusedSocket && errorCode(err) === "ECONNRESET") return attempt(true);
        const socket = retried ? "on the retry" : req.reusedSocket ? "on a reused connection" : "on a new connection";
        done(err.message === "timeout" ? "timeout" : `network error: ${errorCode(err)} ${socket}`, retried);
      });
      req.end();
    };
    attempt(false);
  });
}

const errorCode = (err: Error) => (err as NodeJS.ErrnoException).code ?? err.message;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs every user until the phase's time is up (a request under way then is finished and counted). Each request is
 * recorded in the sample sets `sinks` names when it starts (the phase's, and another while something runs beside).
 */
export async function drive(options: DriveOptions, sinks: () => PhaseSamples[]): Promise<{ seconds: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets, timeout: IDLE_SOCKET_MS });
  const started = performance.now();
  const deadline = started + options.durationMs;
  const context = (user: VirtualUser): MixContext => ({
    study: user.study,
    subject: () => options.subjects[Math.floor(Math.random() * options.subjects.length)],
  });
  const loop = async (user: VirtualUser, index: number) => {
    const ctx = context(user);
    // Users start evenly spread over one mean think time, not all in the same millisecond.
    await sleep((options.thinkMs * index) / options.users.length);
    while (performance.now() < deadline) {
      const view = pickView(options.mix);
      const path = options.mix[view].path(ctx);
      const kind: PageKind = Math.random() < options.htmlShare ? "html" : "rsc";
      const recordIn = sinks();
      const outcome = await get(agent, pageUrl(options.baseUrl, path, kind), user.cookie, kind);
      for (const samples of recordIn) {
        samples.add(view, kind, outcome.ms);
        if (outcome.retried) samples.retried++;
        if (outcome.status !== "200") samples.addError(view, outcome.status, path);
      }
      const think = Math.random() * 2 * options.thinkMs;
      await sleep(Math.min(think, Math.max(0, deadline - performance.now())));
    }
  };
  await Promise.all(options.users.map(loop));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { seconds };
}

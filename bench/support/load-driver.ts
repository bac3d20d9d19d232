/**
 * The virtual users of `npm run bench:load`: each one signed in with its own session cookie, looping until the
 * phase ends: it picks an entry of the mix by weight and sends it, then waits its think time. A view is requested
 * as the HTML of a first visit or the RSC payload of a navigation inside the app, read whole (looking for the
 * study's error box); a review action is a POST of its JSON body with the portal's Origin, as the page's script
 * sends it. Requests go through node:http with one keep-alive agent whose sockets are bounded (one per user by
 * default, as a browser's tab would mostly use one), so the driver never opens more connections than it was told.
 * Any status but 200, a page with the study's error box, a network error or a timeout counts as an error; but a
 * POST's 429 is the route's limit a user a minute doing its work (a closed loop can reach it), counted as limited.
 */
import { Agent, request } from "node:http";
import { isAction, type MixContext, type MixEntry, pickView, studyTarget } from "./load-mix";
import type { PageKind, PhaseSamples } from "./load-samples";
import { pageUrl, postHeaders } from "./portal-session";
import type { ReviewRecords } from "./review-records";
import { STUDY_ERROR_MARK } from "./study-visit";

export interface VirtualUser {
  cookie: string;
  /** The user's study address, on its own connection. */
  study: string;
}

export interface DriveOptions {
  baseUrl: string;
  users: readonly VirtualUser[];
  mix: readonly MixEntry[];
  subjects: readonly string[];
  /** The records the review actions name. */
  records: ReviewRecords;
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
  /** Sent a second time after a reset of a reused connection (see send). */
  retried: boolean;
  /** A POST's error in the route's words (its JSON `error`), for the report's example. */
  error?: string;
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
 * One request read to its end; resolves (never rejects) with the status or what went wrong. A request that fails
 * with ECONNRESET on a reused keep-alive socket before any answer is sent once more, on a new connection, as
 * browsers do (and as Node's documentation advises): the server may close an idle connection just as the client
 * reuses it, before reading the request, so a POST sent again is not one done twice. Such retries are counted and
 * reported; the latency includes both attempts.
 */
function send(agent: Agent, url: URL, headers: Record<string, string>, post?: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: string, retried: boolean, error?: string) =>
      resolve({ status, ms: performance.now() - started, retried, error });
    const attempt = (retried: boolean) => {
      let answered = false;
      // The retry on a connection of its own (closed after it): the pool's other idle sockets may be as stale.
      const via = retried ? { agent: false as const } : { agent };
      const method = post === undefined ? "GET" : "POST";
      const req = request(url, { ...via, method, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        answered = true;
        const mark = markFinder(STUDY_ERROR_MARK);
        // A POST's answer is a little JSON, kept for its error's words; a page is searched as it streams.
        let json = "";
        res.setEncoding("latin1");
        const keep = (chunk: string) => {
          if (json.length < 2000) json += chunk;
        };
        res.on("data", post === undefined ? mark.push : keep);
        res.on("end", () => {
          const status = String(res.statusCode);
          if (post !== undefined) return done(status, retried, status === "200" ? undefined : errorWords(json));
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
      req.end(post);
    };
    attempt(false);
  });
}

/** The `error` of a route's JSON answer (lib/export/answers.ts), or the start of whatever else it sent. */
function errorWords(text: string): string {
  try {
    const { error } = JSON.parse(text) as { error?: unknown };
    if (typeof error === "string") return error;
  } catch {
    // Not JSON: an error page, say.
  }
  return text.slice(0, 200);
}

const errorCode = (err: Error) => (err as NodeJS.ErrnoException).code ?? err.message;

/**
 * One entry of the mix sent: a view as HTML or RSC, or an action's POST. `example` names the request in the
 * report's errors: a view's path; an action's route, act, record and the route's words.
 */
async function sendEntry(
  agent: Agent,
  options: DriveOptions,
  user: VirtualUser,
  entry: MixEntry,
  ctx: MixContext,
): Promise<{ kind: PageKind; example: string; outcome: Outcome }> {
  if (!isAction(entry)) {
    const path = entry.path(ctx);
    const kind: PageKind = Math.random() < options.htmlShare ? "html" : "rsc";
    const headers: Record<string, string> = { cookie: user.cookie, ...(kind === "rsc" ? { rsc: "1" } : {}) };
    return { kind, example: path, outcome: await send(agent, pageUrl(options.baseUrl, path, kind), headers) };
  }
  const { path, body } = entry.post(ctx);
  const headers = postHeaders(options.baseUrl, user.cookie);
  const outcome = await send(agent, new URL(path, options.baseUrl), headers, JSON.stringify(body));
  const record = [body.act, body.recordType, body.key ?? (body.keys as string[] | undefined)?.join(" ")];
  const example = `POST ${path} ${record.filter(Boolean).join(" ")}: ${outcome.error ?? "no answer"}`;
  return { kind: "post", example, outcome };
}

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
    ...studyTarget(user.study),
    records: options.records,
    marked: [],
  });
  const loop = async (user: VirtualUser, index: number) => {
    const ctx = context(user);
    // Users start evenly spread over one mean think time, not all in the same millisecond.
    await sleep((options.thinkMs * index) / options.users.length);
    while (performance.now() < deadline) {
      const view = pickView(options.mix);
      const recordIn = sinks();
      const { kind, example, outcome } = await sendEntry(agent, options, user, options.mix[view], ctx);
      for (const samples of recordIn) {
        samples.add(view, kind, outcome.ms);
        if (outcome.retried) samples.retried++;
        if (kind === "post" && outcome.status === "429") samples.addLimited(view);
        else if (outcome.status !== "200") samples.addError(view, outcome.status, example);
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

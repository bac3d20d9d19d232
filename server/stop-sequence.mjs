/**
 * How the server stops on SIGTERM or SIGINT (docs/health.md, Stopping). Readiness answers 503 "stopping" at once;
 * the server takes no new connections and ends its idle ones; answers under way and the work registered to a stop
 * (running exports: lib/runtime/process-stop.ts) get the grace to end; at its end the answers still open are cut and
 * the work still running is abandoned (an export is marked failed, with its reason); then the store's and Redis's
 * connections close, and the caller exits.
 */

/**
 * The record lib/runtime/process-stop.ts keeps through processSingleton("processStop"): the same slot (a test
 * checks).
 */
export const PROCESS_STOP_SLOT = Symbol.for("study-portal.processStop");
/** Within the 30 s an orchestrator commonly waits after SIGTERM before it kills the process. */
export const STOP_GRACE_MS = 25_000;
/** How long each part's abandon and close may take. */
export const PART_MS = 2_000;

/** The process's stop record, made here when no part has registered yet. */
export function processStopState() {
  globalThis[PROCESS_STOP_SLOT] ??= { stopping: false, participants: new Set() };
  return globalThis[PROCESS_STOP_SLOT];
}

/** True when `promise` settles (either way) within `ms`; false when it does not, and it is left to itself. */
export async function within(promise, ms) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `step` of each participant that has one, all at once, each for at most `ms`. */
function each(participants, step, ms) {
  const running = participants
    .filter((p) => p[step])
    .map((p) =>
      within(
        Promise.resolve().then(() => p[step]()),
        ms,
      ),
    );
  return Promise.all(running);
}

/**
 * Prepares `server` for a graceful stop and returns the stop: it resolves with whether everything ended within the
 * grace (`drained`) and how many parts' work was abandoned. Must be called before the server takes requests, so that
 * it knows the answers under way.
 */
export function stoppable(server, { graceMs = STOP_GRACE_MS, partMs = PART_MS } = {}) {
  const state = processStopState();
  // Bounded by the server's connections (maxConnections): each holds one answer at a time.
  const answering = new Set();
  server.prependListener("request", (_req, res) => {
    // A keep-alive client (a load balancer) would otherwise go on sending requests on its connection, and the server
    // would not close before the grace ran out.
    if (state.stopping) res.setHeader("connection", "close");
    answering.add(res);
    res.once("close", () => {
      answering.delete(res);
      if (state.stopping) setImmediate(() => server.closeIdleConnections());
    });
  });
  return async () => {
    state.stopping = true;
    for (const res of answering) if (!res.headersSent) res.setHeader("connection", "close");
    const participants = [...state.participants];
    const closed = new Promise((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const waiting = new AbortController();
    const unsettled = new Set(participants.filter((p) => p.settled));
    const work = [...unsettled].map((p) =>
      Promise.resolve()
        .then(() => p.settled(waiting.signal))
        .catch(() => undefined)
        .then(() => unsettled.delete(p)),
    );
    const drained = await within(Promise.all([closed, ...work]), graceMs);
    waiting.abort();
    const abandoned = [...unsettled];
    if (!drained) server.closeAllConnections();
    await each(abandoned, "abandon", partMs);
    await each(participants, "close", partMs);
    return { drained, abandoned: abandoned.length };
  };
}

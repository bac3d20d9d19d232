/**
 * The app's production HTTP server: Next.js's own request handler behind
 * Node's HTTP server (a Next.js "custom server"), for one reason: the app must
 * know the address each request came from, to limit failed sign-ins and
 * token requests per source (docs/security.md). `next start`
 * keeps a client-sent X-Forwarded-For as it is, so any client could claim any
 * address. Here every request gets the socket's peer address in PEER_HEADER
 * and this process's token in PEER_TOKEN_HEADER (stampPeer), overwriting any
 * copy the client sent; lib/http/client-address.ts believes the peer header
 * only with that token (or, behind TRUSTED_PROXY_HOPS proxies, reads
 * X-Forwarded-For).
 *
 * On SIGTERM or SIGINT it stops gracefully: readiness says so at once, and the work under way gets a grace to end
 * (./stop-sequence.mjs, docs/health.md, Stopping).
 *
 * Usage: node server/serve.mjs [-p PORT] [-H HOSTNAME] (server/start.sh).
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import next from "next";
import { connectionCap, connectionsPerAddress, MAX_CONNECTIONS } from "./connection-cap.mjs";
import { COLLECT_WHEN_QUIET, idleCollector } from "./idle-collection.mjs";
import { STOP_GRACE_MS, stoppable } from "./stop-sequence.mjs";

/** Kept equal to their namesakes in lib/http/client-address.ts (a test checks it). */
export const PEER_HEADER = "x-study-portal-peer";
export const PEER_TOKEN_HEADER = "x-study-portal-peer-token";
export const PEER_TOKEN_SLOT = Symbol.for("study-portal.peerToken");

/** Puts the socket's peer and the token in the request's headers, over whatever the client sent under them. */
export function stampPeer(req, token) {
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "unknown";
  req.headers[PEER_TOKEN_HEADER] = token;
}

/**
 * The largest request body taken: 256 KiB. The portal's forms and server actions send a few kilobytes; Next.js would
 * otherwise buffer up to 10 MB of every body its proxy (middleware) sees, per request. The token endpoint is left
 * to the partner service, which reads at most 4 KB of it and answers in its own error form.
 */
export const MAX_BODY_BYTES = 256 * 1024;
const TOKEN_PATH = "/svc-apim/external/svc-oidc/oauth2/token";

/** The status that refuses a request's body before Next.js reads it (413 too large, 411 no length), or undefined. */
export function bodyRefusal(url, headers) {
  if (url === TOKEN_PATH || url.startsWith(`${TOKEN_PATH}?`)) return undefined;
  const length = headers["content-length"];
  if (length !== undefined) return /^\d+$/.test(length) && Number(length) <= MAX_BODY_BYTES ? undefined : 413;
  // A body without a length could be any size; browsers always send the length of a form or an action.
  return headers["transfer-encoding"] !== undefined ? 411 : undefined;
}

/**
 * How much of a refused body is read and dropped, and for how long at most, before the answer: a server that closes
 * a connection its client is still sending on makes the system reset it, and the reset can reach the client before
 * the answer does (it then sees EPIPE or ECONNRESET, not the 413). Nothing read is kept; a client sending more than
 * this, or slower, gets the answer then (one whose Content-Length says more, at once), and the connection closes
 * under it.
 */
export const LINGER = { bytes: 16 * 1024 * 1024, ms: 2_000 };

/** Answers `status` for a body it will not read: the partner API in its error form, the portal in plain text. */
export function refuse(req, res, status, url, linger = LINGER) {
  const what = status === 413 ? "The request body is too large." : "A request body needs a Content-Length.";
  // The partner API's error form: docs/partner-service.md.
  const body = url.startsWith("/svc-apim/")
    ? JSON.stringify({
        resourceType: "OperationOutcome",
        issue: [{ severity: "error", code: "too-long", diagnostics: what }],
      })
    : what;
  const type = url.startsWith("/svc-apim/") ? "application/fhir+json; charset=utf-8" : "text/plain; charset=utf-8";
  let dropped = 0;
  let answered = false;
  const answer = () => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    res.writeHead(status, { "content-type": type, "cache-control": "no-store", connection: "close" });
    res.end(body);
  };
  const timer = setTimeout(answer, linger.ms);
  // A body it says is larger than the bound would not be read to its end anyway.
  if (Number(req.headers["content-length"]) > linger.bytes) return answer();
  req.on("data", (chunk) => {
    dropped += chunk.length;
    if (dropped > linger.bytes) answer();
  });
  req.once("end", answer);
  req.once("error", answer);
}

function options(argv) {
  // As `next start`: -p/--port, -H/--hostname, and PORT from the environment as the fallback.
  const flag = (short, long) => {
    const i = argv.findIndex((a) => a === short || a === long);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const port = Number(flag("-p", "--port") ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error("The port must be a whole number 1-65535.");
  return { port, hostname: flag("-H", "--hostname") };
}

async function main() {
  const { port, hostname } = options(process.argv.slice(2));
  const perAddress = connectionsPerAddress(process.env);
  // Made before the app exists, so that no request reaches it without: a new one each start, never written down.
  const token = randomBytes(32).toString("base64url");
  globalThis[PEER_TOKEN_SLOT] = token;
  const dir = fileURLToPath(new URL("..", import.meta.url));
  const app = next({ dev: false, dir, port, hostname: hostname ?? "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  const idle = idleCollector({ gc: globalThis.gc });
  // A large load's collection waits for quiet too: a full collection of a heap with two copies of the study paused
  // every page in flight for up to 0.85 s (docs/benchmarks.md, bench:load).
  globalThis[COLLECT_WHEN_QUIET] = idle.due;
  const server = createServer((req, res) => {
    idle.started();
    res.once("close", idle.ended);
    const refusal = bodyRefusal(req.url ?? "/", req.headers);
    if (refusal !== undefined) return refuse(req, res, refusal, req.url ?? "/");
    stampPeer(req, token);
    handle(req, res).catch((err) => {
      console.error("server: request failed:", err instanceof Error ? err.message : "unknown");
      // Once part of an answer has gone, appending to it would corrupt it: cut it, so the client sees a failure.
      if (res.headersSent) return res.destroy();
      res.writeHead(500, { "content-type": "text/plain" });
      res.end("Internal Server Error");
    });
  });
  // Slow or endless requests must not hold sockets: whole request in 60 s, headers in 20 s.
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;
  server.maxConnections = MAX_CONNECTIONS;
  // Node drops a connection past maxConnections before any listener runs, so the cap counts at most that many.
  if (perAddress > 0) server.prependListener("connection", connectionCap(perAddress));
  const stop = stoppable(server);
  server.listen(port, hostname, () =>
    console.log(`Study Portal listening on http://${hostname ?? "localhost"}:${port}`),
  );
  let stopping = false;
  const onSignal = (signal) => {
    // A second signal (Ctrl-C again) is someone who will not wait.
    if (stopping) {
      console.error("server: stopped at once, without waiting for the work under way.");
      process.exit(1);
    }
    stopping = true;
    console.log(`server: ${signal}: stopping; waiting up to ${STOP_GRACE_MS / 1000} s for the work under way.`);
    stop().then(
      ({ drained, abandoned }) => {
        if (!drained) console.log(`server: stopped at the end of the grace; ${abandoned} part(s) abandoned work.`);
        process.exit(0);
      },
      (err) => {
        console.error("server: the stop failed:", err instanceof Error ? err.message : "unknown");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

// Started as a program, not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}

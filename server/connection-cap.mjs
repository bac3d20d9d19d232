/**
 * The server's caps on connections held at once: MAX_CONNECTIONS in all, and a cap per source within it; without
 * the second one address could open all of them (slow requests, idle keep-alive connections) and leave none for
 * anyone else. Sources are keyed as the app's limits key them (lib/http/source-key.mjs: an IPv6 address by its /64).
 * A connection past the cap is answered 503 and closed before any request on it reaches the app
 * (docs/configuration.md, SERVER_MAX_CONNECTIONS_PER_ADDRESS). Connections from this machine itself are not capped:
 * the portal reads its own partner service over HTTP, and the tests and benchmarks run here.
 */
import { sourceKey } from "../lib/http/source-key.mjs";

/** Connections held at once: with the body limit, what requests can make the server hold is bounded (128 MiB). */
export const MAX_CONNECTIONS = 512;
/** Connections one source holds at once by default: a browser opens about six; a clinic's NAT a few browsers. */
export const MAX_CONNECTIONS_PER_ADDRESS = 32;
const SETTING = "SERVER_MAX_CONNECTIONS_PER_ADDRESS";

const BODY = "Too many connections from your address at once. Close some, then try again.";
const BUSY = [
  "HTTP/1.1 503 Service Unavailable",
  "Content-Type: text/plain; charset=utf-8",
  `Content-Length: ${Buffer.byteLength(BODY)}`,
  "Retry-After: 5",
  "Connection: close",
  "",
  BODY,
].join("\r\n");

/**
 * The cap from the environment; 0 turns it off. Unset, it is off behind trusted proxies (every connection then
 * comes from the nearest proxy, so a cap per peer would cap the whole site) and MAX_CONNECTIONS_PER_ADDRESS without.
 */
export function connectionsPerAddress(env) {
  const text = env[SETTING]?.trim();
  if (!text) return Number(env.TRUSTED_PROXY_HOPS ?? 0) > 0 ? 0 : MAX_CONNECTIONS_PER_ADDRESS;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > MAX_CONNECTIONS)
    throw new Error(`${SETTING} must be a whole number 0-${MAX_CONNECTIONS} (0: no cap per address).`);
  return n;
}

const LOOPBACK = /^(?:127\.|::1$|::ffff:127\.)/i;

/** The key a connection counts under: its source (sourceKey), or undefined for one from this machine. */
export function sourceOf(remoteAddress) {
  if (remoteAddress === undefined) return "unknown";
  return LOOPBACK.test(remoteAddress) ? undefined : sourceKey(remoteAddress);
}

/**
 * A "connection" listener, to be put before the HTTP server's own (prependListener): it counts each source's open
 * connections and refuses one past `max`. The map holds one entry per source with a connection open, so never more
 * entries than the server holds connections.
 */
export function connectionCap(max, keyOf = (socket) => sourceOf(socket.remoteAddress)) {
  const open = new Map();
  const listener = (socket) => {
    const key = keyOf(socket);
    if (key === undefined) return;
    const count = open.get(key) ?? 0;
    if (count >= max) {
      // Destroyed once the answer is written: nothing the client sent on it is read.
      socket.end(BUSY, () => socket.destroy());
      return;
    }
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = open.get(key) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  };
  listener.sources = () => open.size;
  return listener;
}

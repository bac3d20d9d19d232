/**
 * The address a request came from, for limits per source (failed sign-ins,
 * token requests, concurrent password checks). The partner service and the
 * portal both use it.
 *
 * server/serve.mjs puts the socket's peer address in PEER_HEADER on every
 * request, with PEER_TOKEN_HEADER beside it: a random token made when the
 * server script starts and kept on globalThis under PEER_TOKEN_SLOT. The peer
 * header is believed only when that token comes with it, so a copy a client
 * sends is ignored on every way into the app: through the server script
 * (which overwrites both headers anyway), and through `next dev` or a bare
 * `next start`, where no token exists and every request is "unknown".
 *
 * Behind reverse proxies the peer is the nearest proxy, so with
 * TRUSTED_PROXY_HOPS = n the address is the n-th entry from the right of
 * X-Forwarded-For, the one the outermost trusted proxy saw; entries further
 * left were written by the client and prove nothing.
 */
import { timingSafeEqual } from "node:crypto";

export { sourceKey } from "./source-key.mjs";

export const PEER_HEADER = "x-study-portal-peer";
export const PEER_TOKEN_HEADER = "x-study-portal-peer-token";
/** The processSingleton convention (lib/runtime/process-singleton.ts): every bundle of the app sees the one slot. */
export const PEER_TOKEN_SLOT = Symbol.for("study-portal.peerToken");

/** Longest address kept: an IPv6 address with a zone is well under it; anything longer is not an address. */
const MAX_ADDRESS = 64;

/** Whether the request carries the server script's token of this process (compared in constant time). */
function stampedByServer(headers: Headers): boolean {
  const token = (globalThis as unknown as Record<symbol, unknown>)[PEER_TOKEN_SLOT];
  const sent = headers.get(PEER_TOKEN_HEADER);
  if (typeof token !== "string" || !token || sent === null) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export function clientAddress(headers: Headers, trustedProxyHops = 0): string {
  let address: string | undefined;
  if (trustedProxyHops > 0) {
    const hops = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    address = hops[hops.length - trustedProxyHops];
  } else if (stampedByServer(headers)) {
    address = headers.get(PEER_HEADER) ?? undefined;
  }
  return address && address.length <= MAX_ADDRESS ? address : "unknown";
}

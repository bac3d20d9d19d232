/**
 * The address a request came from, for limits per source (failed sign-ins,
 * token requests, concurrent password checks). No imports: the partner
 * service and the portal both use it.
 *
 * server/serve.mjs puts the socket's peer address in PEER_HEADER on every
 * request (dropping a copy the client sent). Behind reverse proxies the peer
 * is the nearest proxy, so with TRUSTED_PROXY_HOPS = n the address is the
 * n-th entry from the right of X-Forwarded-For, the one the outermost trusted
 * proxy saw; entries further left were written by the client and prove
 * nothing. Without the server script (next dev) every request is "unknown".
 */
import { isIPv6 } from "node:net";

export const PEER_HEADER = "x-study-portal-peer";

/** Longest address kept: an IPv6 address with a zone is well under it; anything longer is not an address. */
const MAX_ADDRESS = 64;

export function clientAddress(headers: Headers, trustedProxyHops = 0): string {
  let address: string | undefined;
  if (trustedProxyHops > 0) {
    const hops = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    address = hops[hops.length - trustedProxyHops];
  } else {
    address = headers.get(PEER_HEADER) ?? undefined;
  }
  return address && address.length <= MAX_ADDRESS ? address : "unknown";
}

/**
 * The key a source is limited by (failed sign-ins and token requests, checks at once). An IPv4 address is its own
 * key; an IPv6 address counts by its /64 network, because one subscriber usually holds a whole /64 and could
 * otherwise use a fresh address for every request. Anything else (e.g. "unknown") is used as it is.
 */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

export function sourceKey(address: string): string {
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const bare = address.split("%")[0].toLowerCase();
  const [head, tail] = bare.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  // "::" stands for the zero groups between; an embedded IPv4 tail (a.b.c.d) is two groups.
  const backGroups = back.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const zeros = tail === undefined ? 0 : Math.max(0, 8 - front.length - backGroups);
  const groups = [...front, ...Array<string>(zeros).fill("0"), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

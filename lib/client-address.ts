/**
 * The address a request came from, for limits per source (failed sign-ins,
 * token requests, concurrent password checks). No imports: the partner
 * service and the portal both use it.
 *
 * scripts/serve.mjs puts the socket's peer address in PEER_HEADER on every
 * request (dropping a copy the client sent). Behind reverse proxies the peer
 * is the nearest proxy, so with TRUSTED_PROXY_HOPS = n the address is the
 * n-th entry from the right of X-Forwarded-For, the one the outermost trusted
 * proxy saw; entries further left were written by the client and prove
 * nothing. Without the server script (next dev) every request is "unknown".
 */
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

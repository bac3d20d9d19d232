/**
 * The origin check of the route handlers that change state (docs/security.md): a request a browser sends from
 * another site is refused, whatever cookies it carries, rather than trusting SameSite=Lax alone.
 *
 * - With an `Origin` header (every browser sends one on a POST or DELETE fetch), it must be the portal's own: the
 *   public address's origin (NEXTAUTH_URL), or the host the request was sent to (its `Host`; behind trusted
 *   reverse proxies, TRUSTED_PROXY_HOPS > 0, the `X-Forwarded-Host` the outermost one saw). "null" is never ours.
 * - Without it, `Sec-Fetch-Site` decides: "same-origin" (and "none", a request the user made directly) pass.
 * - With neither, the request comes from a program, not a browser (curl, a script, a test's HTTP client): a
 *   browser cannot send a cross-site request that carries the victim's cookies without one of the two, so it passes,
 *   and the session check decides.
 *
 * No imports: the settings it reads are passed in (lib/config/env.ts imports lib/http).
 */

/** What the check reads of the settings: the portal's public address and the reverse proxies trusted. */
export interface OriginSettings {
  NEXTAUTH_URL?: string;
  TRUSTED_PROXY_HOPS: number;
}

export const CROSS_ORIGIN_REFUSAL =
  "This request came from another site, so it was refused. Open the portal itself and try again from its page.";

/** Why the request must be refused (CROSS_ORIGIN_REFUSAL), or null when it comes from the portal's own pages. */
export function crossOriginRefusal(headers: Headers, settings: OriginSettings): string | null {
  const origin = headers.get("origin");
  if (origin !== null) return isOwnOrigin(origin, headers, settings) ? null : CROSS_ORIGIN_REFUSAL;
  const site = headers.get("sec-fetch-site");
  if (site === null || site === "same-origin" || site === "none") return null;
  return CROSS_ORIGIN_REFUSAL;
}

function isOwnOrigin(origin: string, headers: Headers, settings: OriginSettings): boolean {
  const url = URL.canParse(origin) ? new URL(origin) : undefined;
  if (!url || !/^https?:$/.test(url.protocol)) return false;
  const publicUrl = settings.NEXTAUTH_URL;
  if (publicUrl && URL.canParse(publicUrl) && new URL(publicUrl).origin === url.origin) return true;
  const host = requestHost(headers, settings.TRUSTED_PROXY_HOPS);
  // Read as the origin's own scheme would spell it: lower case, a default port (":443") dropped.
  const sent = host === undefined ? undefined : `${url.protocol}//${host}`;
  return sent !== undefined && URL.canParse(sent) && new URL(sent).host === url.host;
}

/**
 * The host the browser sent the request to. Behind n trusted proxies, X-Forwarded-Host's n-th entry from the
 * right (one entry when the proxies replace it rather than append to it), as client-address.ts reads
 * X-Forwarded-For; otherwise the Host header, since Next.js passes on a client-sent X-Forwarded-Host as it is.
 */
function requestHost(headers: Headers, trustedProxyHops: number): string | undefined {
  if (trustedProxyHops > 0) {
    const hops = (headers.get("x-forwarded-host") ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    const forwarded = hops[Math.max(0, hops.length - trustedProxyHops)];
    if (forwarded) return forwarded;
  }
  return headers.get("host") ?? undefined;
}

/**
 * A route handler that answers 403 in words to a request from another site, and otherwise runs `handler`;
 * `settings` is read per request.
 */
export function sameOriginOnly<A extends unknown[]>(
  settings: () => OriginSettings,
  handler: (request: Request, ...rest: A) => Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    const refusal = crossOriginRefusal(request.headers, settings());
    if (refusal) return Response.json({ error: refusal }, { status: 403, headers: { "cache-control": "no-store" } });
    return handler(request, ...rest);
  };
}

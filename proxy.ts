/**
 * Next 16 middleware: only redirects and guards, never data access.
 * - The partner service API (/svc-apim) is never redirected; a malformed
 *   percent-escape there gets the API's own 404 OperationOutcome (Next alone would answer
 *   a bare 500).
 * - Signed-out visitors of portal pages go to /signin. Only the presence of a
 *   session cookie is checked here: whether it is valid, its user enabled
 *   and its lifetime left is decided on the server by lib/auth/dal.ts on
 *   every page and action.
 * - Portal pages and /signin get the security headers (lib/config/security-headers.ts): a
 *   Content-Security-Policy with a nonce made for this request, which Next.js
 *   reads from the request's header and puts on its scripts.
 * - next-auth's own routes (/api/auth) get a policy of their own (no nonce reaches them).
 * - The health endpoints (lib/health/health-paths.ts) pass untouched: load balancers probe them signed out.
 * Next's assets (/_next) and the icons are left alone; every other path, a study number with a dot in it
 * included, passes here.
 */
import { type NextRequest, NextResponse } from "next/server";
import { authRouteSecurityHeaders, newNonce, pageSecurityHeaders } from "@/lib/config/security-headers";
import { isHealthPath } from "@/lib/health/health-paths";
import { isMalformedPath } from "@/lib/http/url";
import { NO_RESOURCE_AT_PATH, operationOutcomeResponse } from "@/partner-api/operation-outcome";

// next-auth's cookie names (the __Secure- one over https); a large token is split into .0, .1, ...
const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];
const isAuthRoute = (path: string) => path === "/api/auth" || path.startsWith("/api/auth/");
const hasSessionCookie = (req: NextRequest) =>
  req.cookies.getAll().some((c) => SESSION_COOKIES.some((n) => c.name === n || c.name.startsWith(`${n}.`)));

/** The request goes on to the page with its policy (Next.js takes the nonce from it); the answer carries it too. */
function withSecurityHeaders(req: NextRequest): NextResponse {
  const headers = pageSecurityHeaders(newNonce());
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set("content-security-policy", headers["content-security-policy"]);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (isHealthPath(pathname)) return undefined;
  if (pathname.startsWith("/svc-apim/")) {
    // Next.js cannot route a path it cannot decode: answer it here in the API's own error form.
    return isMalformedPath(pathname) ? operationOutcomeResponse(404, "not-found", NO_RESOURCE_AT_PATH) : undefined;
  }
  if (isAuthRoute(pathname)) {
    const response = NextResponse.next();
    for (const [name, value] of Object.entries(authRouteSecurityHeaders())) response.headers.set(name, value);
    return response;
  }
  if (pathname === "/signin") return withSecurityHeaders(req);
  // No portal page has a malformed escape in its path; Next would answer it with a bare 500.
  if (isMalformedPath(pathname))
    return new NextResponse("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  // Server actions (POST) answer a missing session themselves, with a redirect the page can follow.
  if (hasSessionCookie(req) || (req.method !== "GET" && req.method !== "HEAD")) return withSecurityHeaders(req);
  const signIn = new URL("/signin", req.url);
  if (pathname !== "/") signIn.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(signIn);
}

export const config = {
  matcher: [
    // Not the token path: Next.js hands the proxy a copy of the request body, buffering up to 10 MB of it, and the
    // token endpoint reads at most 4 KB (docs/partner-service.md, Rate limit). That path is never malformed.
    "/svc-apim/((?!external/svc-oidc/oauth2/token$).*)",
    // Everything else but Next's assets and the icons: every portal page (a path with a dot in it, e.g. a study
    // number such as ONC.101, included), the sign-in page and next-auth's routes.
    "/((?!svc-apim/|_next/|favicon\\.ico$|icon\\.svg$).*)",
  ],
};

/**
 * The security headers of the portal's pages (proxy.ts adds them to every
 * page and to /signin). The partner API under /svc-apim keeps its own
 * headers: it answers JSON, and an HTML policy means nothing there.
 *
 * The Content-Security-Policy allows scripts by a nonce made afresh for each
 * request: Next.js reads it from the request's Content-Security-Policy header
 * and puts it on its own scripts and styles (which is why every page is
 * rendered per request; they all check the session anyway). 'strict-dynamic'
 * lets those scripts load the app's chunks. No 'unsafe-eval' outside
 * `next dev`, where React needs eval for its debugging aids.
 */
import { type Env, env, servedOverHttps } from "./env";

/** A fresh, unguessable nonce: 16 random bytes, base64. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

export function contentSecurityPolicy(nonce: string, e: Env = env()): string {
  const dev = e.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    // No style attribute in any page's markup: styles are in style sheets, and the charts set their sizes through
    // the CSSOM once in the browser (components/charts/ChartArea.tsx), which this does not govern.
    "style-src-attr 'none'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(servedOverHttps(e) ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The headers of a portal page (HTML), nonce included; HSTS only when the portal is served over https. */
export function pageSecurityHeaders(nonce: string, e: Env = env()): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(nonce, e),
    ...(servedOverHttps(e) ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * The headers of next-auth's own routes (/api/auth): JSON answers, and a few plain HTML pages of next-auth's (the
 * sign-out confirmation) that carry inline styles and no script. No nonce reaches them, so their policy allows
 * inline styles and nothing else.
 */
export function authRouteSecurityHeaders(e: Env = env()): Record<string, string> {
  const policy = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "content-security-policy": policy,
    ...(servedOverHttps(e) ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

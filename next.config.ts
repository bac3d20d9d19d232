import { createHmac } from "node:crypto";
import type { NextConfig } from "next";

/**
 * The fingerprint of the server actions' key the build is made with ("" for none), which the server reads at start
 * to know that its build has one every instance can share (lib/config/shared-keys.ts, keyFingerprint: the same
 * HMAC, which a test checks; docs/health.md, Shared keys). The key itself stays where Next.js puts it.
 */
function actionsKeyFingerprint(key = process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY): string {
  if (!key) return "";
  return createHmac("sha256", key)
    .update("study-portal instance key: NEXT_SERVER_ACTIONS_ENCRYPTION_KEY")
    .digest("hex");
}

/**
 * Headers that do not change per request or deployment. The Content-Security-Policy (a nonce per request) and HSTS
 * (only over https, read at run time) are added by proxy.ts (lib/config/security-headers.ts).
 */
const PAGE_HEADERS = [
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // No page of the portal uses any of these; a script injected into one gets none of them either.
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), display-capture=()",
  },
  // For browsers without CSP frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Compression belongs to the reverse proxy in front: on this 2-core server gzipping
  // megabyte-sized partner pages would cost more CPU than building them.
  compress: false,
  serverExternalPackages: ["better-sqlite3"],
  // Partner links are exact; a trailing-slash redirect would change the addresses partners were given.
  skipTrailingSlashRedirect: true,
  env: { STUDY_PORTAL_ACTIONS_KEY_FINGERPRINT: actionsKeyFingerprint() },
  async headers() {
    return [
      // Every answer, the partner API's JSON included, is read as the type it declares.
      { source: "/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] },
      // The portal's pages and assets; the partner API keeps its own headers.
      { source: "/:path((?!svc-apim/).*)", headers: PAGE_HEADERS },
    ];
  },
};

export default nextConfig;

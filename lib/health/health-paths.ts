/**
 * The health endpoints' paths (docs/health.md): answered signed out, so proxy.ts lets them through untouched (no
 * redirect to /signin). Each has its route under app/api/health (a test checks).
 */
export const LIVE_PATH = "/api/health/live";
export const READY_PATH = "/api/health/ready";

export const isHealthPath = (pathname: string): boolean => pathname === LIVE_PATH || pathname === READY_PATH;

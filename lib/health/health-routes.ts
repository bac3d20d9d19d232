/**
 * The health endpoints' answers (docs/health.md): JSON, never cached, for anyone (no session), with nothing in them
 * but states in words: no version, address or error text.
 */
import { processReadinessChecks, type ReadinessChecks, readiness } from "./readiness";

const HEADERS = { "cache-control": "no-store" };

/** Liveness: the process serves. It reads nothing, so a failing store or Redis never makes it restart. */
export function liveResponse(): Response {
  return Response.json({ status: "ok" }, { headers: HEADERS });
}

/** Readiness: 200 when the store (and Redis, when used) answers; 503 with the part that does not, or "stopping". */
export async function readyResponse(checks: ReadinessChecks = processReadinessChecks()): Promise<Response> {
  const { httpStatus, body } = await readiness(checks);
  return Response.json(body, { status: httpStatus, headers: HEADERS });
}

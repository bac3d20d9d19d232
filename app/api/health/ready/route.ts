import { readyResponse } from "@/lib/health/health-routes";

export const dynamic = "force-dynamic";

/** Readiness (docs/health.md): 200 when the store and Redis answer; 503 naming the part that does not, or stopping. */
export const GET = () => readyResponse();

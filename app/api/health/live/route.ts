import { liveResponse } from "@/lib/health/health-routes";

export const dynamic = "force-dynamic";

/** Liveness (docs/health.md): 200 while the process serves; reads neither the store nor Redis. */
export const GET = () => liveResponse();

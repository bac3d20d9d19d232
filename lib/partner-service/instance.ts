/**
 * The process-wide service instance that the route handlers mount, configured
 * from the environment. The first call opens the database (creating the demo
 * data when it is missing and demo data is enabled).
 */
import { env, publicBaseUrl } from "../env";
import { forgetProcessSingleton, processSingleton } from "../process-singleton";
import type { ServiceConfig } from "./config";
import { seedDemoPartners } from "./data/demo-partners";
import { demoStudies } from "./data/generator/generate-dataset";
import { openOrCreate } from "./data/open";
import { operationOutcome } from "./http";
import { createPartnerService, type PartnerService } from "./service";

export function serviceConfig(): ServiceConfig {
  const e = env();
  return {
    baseUrl: publicBaseUrl(e),
    structureBase: e.PARTNER_STRUCTURE_BASE,
    ctcBase: e.PARTNER_CTC_BASE,
    tokenTtlSeconds: e.PARTNER_TOKEN_TTL_SECONDS,
    rateLimitPerMinute: e.PARTNER_RATE_LIMIT_PER_MINUTE,
    faults: {
      latencyMs: e.PARTNER_FAULT_LATENCY_MS,
      rate429: e.PARTNER_FAULT_429_RATE,
      rate503: e.PARTNER_FAULT_503_RATE,
      dropRate: e.PARTNER_FAULT_DROP_RATE,
      seed: e.PARTNER_FAULT_SEED,
    },
  };
}

/** The demo database recipe, shared by the server's first start and `npm run data`. */
export function demoCreateOptions() {
  const e = env();
  return {
    seed: e.DEMO_SEED,
    studies: demoStudies({ subjects: e.DEMO_SUBJECTS, visits: e.DEMO_VISITS }),
    register: seedDemoPartners,
  };
}

/** The process's service; a failed open is forgotten, so that the next request tries again. */
export function partnerService(): Promise<PartnerService> {
  return processSingleton("partnerService", () => {
    const opening = (async () => {
      const e = env();
      const db = await openOrCreate(e.PARTNER_DB_PATH, e.PARTNER_DEMO_DATA ? demoCreateOptions() : undefined);
      return createPartnerService(db, serviceConfig());
    })();
    opening.catch(() => forgetProcessSingleton("partnerService"));
    return opening;
  });
}

export async function handlePartnerRequest(req: Request): Promise<Response> {
  let service: PartnerService;
  try {
    service = await partnerService();
  } catch (err) {
    console.error("partner-service: cannot open the database:", err instanceof Error ? err.message : "unknown");
    return operationOutcome(
      503,
      "transient",
      "The partner service is not available: its database could not be opened. Try again later.",
    );
  }
  return service.handle(req);
}

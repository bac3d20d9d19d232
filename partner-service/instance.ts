/**
 * The process-wide service instance that the route handlers mount, configured
 * from the environment. The first call opens the database (creating the demo
 * data when it is missing and demo data is enabled).
 */
import type { Database } from "better-sqlite3";
import { type Env, env, publicBaseUrl } from "@/lib/config/env";
import { clientAddress } from "@/lib/http/client-address";
import { forgetProcessSingleton, processSingleton } from "@/lib/runtime/process-singleton";
import type { ServiceConfig } from "./config";
import { refuseLiveDemoClients, seedDemoPartners } from "./data/demo-partners";
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
    tokenFailuresPerMinute: e.PARTNER_TOKEN_FAILURES_PER_MINUTE,
    tokenFailuresPerSourcePerMinute: e.PARTNER_TOKEN_FAILURES_PER_SOURCE_PER_MINUTE,
    inFlightPerClient: e.PARTNER_IN_FLIGHT_PER_CLIENT,
    rowsPerMinute: e.PARTNER_ROWS_PER_MINUTE,
    faults: {
      latencyMs: e.PARTNER_FAULT_LATENCY_MS,
      rate429: e.PARTNER_FAULT_429_RATE,
      rate503: e.PARTNER_FAULT_503_RATE,
      dropRate: e.PARTNER_FAULT_DROP_RATE,
      seed: e.PARTNER_FAULT_SEED,
      dataOnly: e.PARTNER_FAULT_DATA_ONLY,
    },
  };
}

/** The demo's generated data are its third data cut. */
export const DEMO_CUTS = 3;

/** The demo database recipe, shared by the server's first start and `npm run data`. */
export function demoCreateOptions(e: Env = env()) {
  return {
    seed: e.DEMO_SEED,
    studies: demoStudies({ subjects: e.DEMO_SUBJECTS, visits: e.DEMO_VISITS }),
    imperfections: e.DEMO_IMPERFECTIONS,
    // Two cuts already taken before the generated data (docs/partner-service.md, Data cuts).
    cuts: { latest: DEMO_CUTS },
    register: seedDemoPartners,
  };
}

/**
 * The service database as configured: created with demo data when missing and PARTNER_DEMO_DATA is on, and
 * refused outside demo mode while a demo client's published secret still works.
 */
export async function openServiceDatabase(e: Env = env()): Promise<Database> {
  const db = await openOrCreate(e.PARTNER_DB_PATH, e.PARTNER_DEMO_DATA ? demoCreateOptions(e) : undefined);
  if (!e.DEMO_MODE) {
    try {
      await refuseLiveDemoClients(db, e.PARTNER_DB_PATH);
    } catch (err) {
      db.close();
      throw err;
    }
  }
  return db;
}

/** The process's service; a failed open is forgotten, so that the next request tries again. */
export function partnerService(): Promise<PartnerService> {
  return processSingleton("partnerService", () => {
    const opening = (async () => createPartnerService(await openServiceDatabase(), serviceConfig()))();
    opening.catch(() => forgetProcessSingleton("partnerService"));
    return opening;
  });
}

/**
 * partnerService for instrumentation.ts: a database that cannot be opened, or one refused for its demo
 * secrets, ends the start with its message (as server/portal-startup.ts does for the portal's settings).
 */
export async function startPartnerServiceOrExit(): Promise<void> {
  try {
    await partnerService();
  } catch (err) {
    console.error(`\n${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
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
  return service.handle(req, { sourceAddress: clientAddress(req.headers, env().TRUSTED_PROXY_HOPS) });
}

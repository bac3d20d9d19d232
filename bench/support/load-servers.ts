/**
 * The servers of `npm run bench:load`: the portal, and two partner service processes on the benchmark's database.
 * Every user's connection points at the first, whose copy of the study is cached; phase 2 loads the study cold from
 * the second. The study cache keys its entries by the partner's address, partner ID and client ID, so the second is
 * a partner identity with nothing cached. (The first under another host name would not do: the partner client
 * refuses `next` links to an address other than its connection's, and the service names its own.)
 */
import { randomBytes } from "node:crypto";
import { type BenchServer, deprioritise, startServer } from "./start-server";

export interface LoadServers {
  portal: BenchServer;
  portalDbPath: string;
  /** The portal's PORTAL_SECRET_KEY, which seals the connections' secrets (bench/support/load-accounts.ts). */
  secretKey: string;
  cachedServiceUrl: string;
  coldServiceUrl: string;
  stop(): Promise<void>;
}

/** How the partner services yield the CPU to the portal: their nice value, and whether they run as SCHED_IDLE. */
export interface PartnerPriority {
  nice: number;
  idle: boolean;
}

/** The portal on `port`, the partner services on the next two ports. */
export async function startLoadServers(
  port: number,
  partnerDbPath: string,
  partner: PartnerPriority = { nice: 0, idle: false },
): Promise<LoadServers> {
  const started: BenchServer[] = [];
  const stop = async () => {
    for (const s of started.reverse()) await s.stop();
  };
  try {
    const serviceEnv = {
      PARTNER_DB_PATH: partnerDbPath,
      PARTNER_RATE_LIMIT_PER_MINUTE: "0",
      PARTNER_ROWS_PER_MINUTE: "0",
    };
    const cached = await startServer(port + 1, serviceEnv);
    started.push(cached);
    const cold = await startServer(port + 2, serviceEnv);
    started.push(cold);
    // A real partner service runs on its own machine; here it shares two cores with the portal. A lower priority
    // keeps its work (reading and sending a million results) from being counted as the portal's latency.
    for (const service of [cached, cold]) deprioritise(service.pid, partner.nice, partner.idle);
    const secretKey = randomBytes(32).toString("base64");
    const portal = await startServer(port, {
      // The portal's own embedded service gets a small demo database; every connection points at the others.
      PARTNER_DB_PATH: `bench-data/portal-${port}-partner.db`,
      DEMO_PARTNER_BASE_URL: cached.baseUrl,
      PARTNER_BASE_URL_ALLOWLIST: `${cached.baseUrl},${cold.baseUrl}`,
      PORTAL_SECRET_KEY: secretKey,
      // The phases assume the study stays cached: on a slow machine a long run could outlast the default 15 minutes.
      STUDY_CACHE_TTL_SECONDS: "3600",
    });
    started.push(portal);
    return {
      portal,
      portalDbPath: `bench-data/portal-${port}.db`,
      secretKey,
      cachedServiceUrl: cached.baseUrl,
      coldServiceUrl: cold.baseUrl,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

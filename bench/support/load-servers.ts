/**
 * The servers of `npm run bench:load`: the portal, and two partner service processes on the benchmark's database.
 * Every user's connection points at the first, whose copy of the study is cached; phase 2 loads the study cold from
 * the second. The study cache keys its entries by the partner's address, partner ID and client ID, so the second is
 * a partner identity with nothing cached. (The first under another host name would not do: the partner client
 * refuses `next` links to an address other than its connection's, and the service names its own.) The first is
 * reached through a counting proxy in this process (bench/support/counting-proxy.ts), which it names in its links:
 * the partner requests of the warm-up's load.
 */
import { randomBytes } from "node:crypto";
import type { BenchClient } from "./bench-database";
import { type CountingProxy, startCountingProxy } from "./counting-proxy";
import { type BenchServer, deprioritise, portalDbPathOf, startServer } from "./start-server";

/** A portal process: one server's, or one instance of a cluster. */
export interface PortalProcess {
  name: string;
  url: string;
  pid: number;
}

export interface LoadServers {
  /** The address the users sign in at and browse: the server's, or the cluster's proxy. */
  portalUrl: string;
  /** The portal's processes, whose RSS and CPU time are measured: one server, or a cluster's instances. */
  portals: PortalProcess[];
  portalDbPath: string;
  /** The portal's PORTAL_SECRET_KEY, which seals the connections' secrets (bench/support/load-accounts.ts). */
  secretKey: string;
  cachedServiceUrl: string;
  coldServiceUrl: string;
  /** The cold load's client credential, when it is not the demo partner's (a cluster has one partner address). */
  coldClient?: BenchClient;
  /** Counts the partner requests of the cached identity's address (and of the cold one, in a cluster). */
  partnerProxy: CountingProxy;
  /** For a cluster: its PostgreSQL, Redis and nginx access log, read around each phase. */
  cluster?: { databaseUrl: string; redisUrl: string; accessLog: string };
  stop(): Promise<void>;
}

/** How the partner services yield the CPU to the portal: their nice value, and whether they run as SCHED_IDLE. */
export interface PartnerPriority {
  nice: number;
  idle: boolean;
}

/** With every partner service: its rate limits off (docs/benchmarks.md, The setup). */
export const SERVICE_LIMITS_OFF = { PARTNER_RATE_LIMIT_PER_MINUTE: "0", PARTNER_ROWS_PER_MINUTE: "0" };

/** The portal on `port`, the partner services on the next two ports, the counting proxy on the third. */
export async function startLoadServers(
  port: number,
  partnerDbPath: string,
  partner: PartnerPriority = { nice: 0, idle: false },
): Promise<LoadServers> {
  const started: BenchServer[] = [];
  // The service's start is polled through the proxy (it redirects to its public address): the proxy comes first.
  const proxy = await startCountingProxy(port + 3, `http://127.0.0.1:${port + 1}`);
  const stop = async () => {
    for (const s of started.reverse()) await s.stop();
    await proxy.close();
  };
  try {
    const serviceEnv = { PARTNER_DB_PATH: partnerDbPath, ...SERVICE_LIMITS_OFF };
    const cached = await startServer(port + 1, { ...serviceEnv, PUBLIC_BASE_URL: proxy.url });
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
      DEMO_PARTNER_BASE_URL: proxy.url,
      PARTNER_BASE_URL_ALLOWLIST: `${proxy.url},${cold.baseUrl}`,
      PORTAL_SECRET_KEY: secretKey,
      // The phases assume the study stays cached: on a slow machine a long run could outlast the default 15 minutes.
      STUDY_CACHE_TTL_SECONDS: "3600",
    });
    started.push(portal);
    return {
      portalUrl: portal.baseUrl,
      portals: [{ name: "portal", url: portal.baseUrl, pid: portal.pid }],
      portalDbPath: portalDbPathOf(port),
      secretKey,
      cachedServiceUrl: proxy.url,
      coldServiceUrl: cold.baseUrl,
      partnerProxy: proxy,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

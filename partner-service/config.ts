import type { SecretCheckLimits } from "./secret-checks";

/** Everything the service needs to know about its deployment, injected so tests can run it in-process. */
export interface ServiceConfig {
  /** Public base address, without a trailing slash; every link and fullUrl starts with it. */
  baseUrl: string;
  structureBase: string;
  ctcBase: string;
  tokenTtlSeconds: number;
  /** Requests per client per minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Failed token requests per source address and client ID: a burst of this many, refilled at this many per minute. */
  tokenFailuresPerMinute: number;
  /** Failed token requests per source address under client IDs the registry does not know: likewise, a looser cap. */
  tokenFailuresPerSourcePerMinute: number;
  /** Data requests of one client in flight at once (in-flight.ts); 0 turns the limit off. */
  inFlightPerClient: number;
  /** Rows of data one client may be served per minute, a minute's worth at once; 0 turns the budget off. */
  rowsPerMinute: number;
  /** Client-secret checks at once (secret-checks.ts); DEFAULT_SECRET_CHECK_LIMITS unless a test needs others. */
  secretChecks?: SecretCheckLimits;
  faults: FaultConfig;
}

export interface FaultConfig {
  latencyMs: number;
  rate429: number;
  rate503: number;
  dropRate: number;
  /** Fixed seed for repeatable fault sequences in tests; random when absent. */
  seed?: number;
  /** Faults only on data requests: the token endpoint answers as it would without them. */
  dataOnly?: boolean;
}

export const noFaults: FaultConfig = { latencyMs: 0, rate429: 0, rate503: 0, dropRate: 0 };

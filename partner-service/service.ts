/**
 * The partner service as a function from a Request to a Response. No Next.js
 * here: route handlers mount it, and tests call it in-process.
 */
import type { Database } from "better-sqlite3";
import { API_PATH, TOKEN_PATH } from "@/partner-api/paths";
import { RECORD_TYPE_PATHS } from "@/partner-api/record-types";
import { authenticate, type Caller, createGrantCheck } from "./auth";
import type { ServiceConfig } from "./config";
import { createFaultInjector, droppedResponse } from "./faults";
import { errorResponse, notFound, ServiceError } from "./http";
import { createInFlightLimit, type InFlightLimit, releasedWhenRead } from "./in-flight";
import { searchPatients } from "./patient-search";
import { createQueries } from "./queries";
import { createRateLimiter, type RateLimiter } from "./rate-limit";
import { serviceSystems } from "./resources/build-context";
import { type Route, type SearchDeps, type Served, searchRecordType } from "./search";
import { handleTokenRequest, type TokenEndpointDeps, tokenEndpointDeps, tokenErrorResponse } from "./token-endpoint";
import { createTokenStore, type TokenStore } from "./tokens";

export type { ServiceConfig } from "./config";

/** What the server knows about a request beyond the Request itself. */
export interface RequestOrigin {
  /** The address the request came from (lib/http/client-address.ts); "unknown" when the server cannot tell. */
  sourceAddress: string;
}

export interface PartnerService {
  handle(req: Request, origin?: RequestOrigin): Promise<Response>;
}

const P = RECORD_TYPE_PATHS;
const ROUTES: Record<string, Route> = {
  [`/${P.AdverseEvent.path}`]: { type: "recordType", recordType: "AdverseEvent" },
  [`/${P.DiagnosticReport.path}`]: { type: "recordType", recordType: "DiagnosticReport" },
  [`/${P.MedicationStatement.path}`]: { type: "recordType", recordType: "MedicationStatement" },
  // Every observation category is searched at the one observation path.
  [`/${P.laboratory.path}`]: { type: "observation" },
  [`/${P.Group.path}`]: { type: "group" },
};
const PATIENT_BY_ID = /^\/(?:Patient|patient)\/([^/]+)$/;

type Matched = { route: Route } | { patient: true; id?: string };

function match(pathname: string): Matched | undefined {
  if (!pathname.startsWith(`${API_PATH}/`)) return undefined;
  const rest = pathname.slice(API_PATH.length);
  if (ROUTES[rest]) return { route: ROUTES[rest] };
  if (rest === `/${P.Patient.path}`) return { patient: true };
  const byId = PATIENT_BY_ID.exec(rest);
  if (!byId) return undefined;
  try {
    return { patient: true, id: decodeURIComponent(byId[1]) };
  } catch {
    return undefined;
  }
}

/** What a request is served with, made once per service. */
interface ServiceParts {
  tokens: TokenStore;
  limiter: RateLimiter;
  inFlight: InFlightLimit;
  /** Rows served per client: a budget of work, where `limiter` counts requests. */
  rows: RateLimiter;
  tokenDeps: TokenEndpointDeps;
  search: SearchDeps;
  now: () => number;
}

export function createPartnerService(
  db: Database,
  config: ServiceConfig,
  now: () => number = Date.now,
): PartnerService {
  const tokens = createTokenStore(db);
  const parts: ServiceParts = {
    tokens,
    limiter: createRateLimiter(config.rateLimitPerMinute),
    inFlight: createInFlightLimit(config.inFlightPerClient),
    rows: createRateLimiter(config.rowsPerMinute, {
      burst: config.rowsPerMinute,
      refusal: "Too many rows served to this client in the last minute.",
    }),
    tokenDeps: tokenEndpointDeps(db, config, now, tokens),
    search: {
      queries: createQueries(db),
      grants: createGrantCheck(db),
      baseUrl: config.baseUrl,
      structureBase: config.structureBase,
      ctcBase: config.ctcBase,
      systems: serviceSystems(config.structureBase, config.ctcBase),
      entryWriters: new WeakMap(),
    },
    now,
  };
  const fault = createFaultInjector(config.faults);
  return {
    async handle(req, origin = { sourceAddress: "unknown" }) {
      const url = new URL(req.url);
      try {
        const spared = config.faults.dataOnly && url.pathname === TOKEN_PATH;
        if (!spared && (await fault()) === "drop") return droppedResponse();
        return await route(parts, req, url, origin);
      } catch (err) {
        // The token endpoint answers every error in its RFC 6749 form, injected faults and rate limits included.
        return url.pathname === TOKEN_PATH ? tokenErrorResponse(err) : errorResponse(err);
      }
    },
  };
}

async function route(parts: ServiceParts, req: Request, url: URL, origin: RequestOrigin): Promise<Response> {
  if (url.pathname === TOKEN_PATH) return handleTokenRequest(req, origin.sourceAddress, parts.tokenDeps);
  const matched = match(url.pathname);
  if (!matched) throw notFound();
  if (req.method !== "GET" && req.method !== "HEAD") {
    throw new ServiceError(405, "not-supported", "Only GET is supported on this path.", { allow: "GET, HEAD" });
  }
  const caller = authenticate(req, parts.tokens, parts.now());
  parts.limiter.take(caller.clientId, parts.now());
  return serveData(parts, req, url, matched, caller);
}

/**
 * The search, within the client's bounds of work (docs/partner-service.md, Rate limit): it stays in flight until
 * its body has been read, and its rows are charged to the client's row budget, which must not be spent before it.
 */
function serveData(parts: ServiceParts, req: Request, url: URL, matched: Matched, caller: Caller): Response {
  const release = parts.inFlight.enter(caller.clientId);
  let served: Served;
  try {
    parts.rows.admit(caller.clientId, parts.now());
    served =
      "route" in matched
        ? searchRecordType(parts.search, matched.route, url.searchParams, caller)
        : searchPatients(parts.search, matched.id, url.searchParams, caller);
  } catch (err) {
    release();
    throw err;
  }
  parts.rows.spend(caller.clientId, parts.now(), served.rows);
  // A HEAD answer has no body: its headers are the GET's, and nothing is left to deliver.
  const response =
    req.method === "HEAD" ? new Response(null, { status: 200, headers: served.response.headers }) : served.response;
  return releasedWhenRead(response, release);
}

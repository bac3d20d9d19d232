/**
 * POST .../oauth2/token: the OAuth 2.0 client-credentials grant
 * (docs/partner-service.md, The token endpoint). Every answer but a success
 * is an RFC 6749 section 5.2 JSON error, rate limits and injected faults
 * included.
 *
 * Defences, in order (docs/partner-service.md, Rate limit): the request is
 * read within bounds and malformed credentials are refused (token-request.ts);
 * a known client presenting the secret it last proved is known at once
 * (verified-secrets.ts), so that no failures in its name can refuse it;
 * otherwise failed authentications are counted per source address and client
 * ID, apart from successful ones, so that nobody can lock a client out by
 * failing in its name from elsewhere, nor lock out other clients that share
 * its address (a portal's users); failures under client IDs the registry does
 * not know are also counted per source address, so that one address cannot
 * try client IDs without end, and apart from known clients' failures, so that
 * made-up IDs refuse no known client; secret checks are limited in number at
 * once (secret-checks.ts); a token is issued only while the secret checked is
 * still the client's (tokens.ts); successful requests are limited per client.
 */
import type { Database } from "better-sqlite3";
import { sourceKey } from "@/lib/http/client-address";
import type { ServiceConfig } from "./config";
import { type ClientRecord, findClient } from "./data/partner-registry";
import { ServiceError } from "./http";
import { createRateLimiter, type RateLimiter } from "./rate-limit";
import { createSecretCheckGate, DEFAULT_SECRET_CHECK_LIMITS, type SecretCheckGate } from "./secret-checks";
import { verifySecret } from "./secrets";
import { OAuthError, readTokenRequest, type TokenRequest } from "./token-request";
import type { TokenStore } from "./tokens";
import { createVerifiedSecrets, type VerifiedSecrets } from "./verified-secrets";

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache", "content-type": "application/json; charset=utf-8" };

export function oauthErrorResponse(
  error: string,
  description: string,
  status = 400,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { ...NO_STORE, ...headers },
  });
}

/** Error codes for the service's own errors on this endpoint: `slow_down` is RFC 8628's, the others RFC 6749's. */
const OAUTH_ERROR_OF_STATUS: Record<number, string> = { 429: "slow_down", 503: "temporarily_unavailable" };

/** Any error of the token endpoint in RFC 6749 form, with the headers (Retry-After) it carries. */
export function tokenErrorResponse(err: unknown): Response {
  if (err instanceof OAuthError) return oauthErrorResponse(err.error, err.description, err.status, err.headers);
  if (err instanceof ServiceError) {
    const error = OAUTH_ERROR_OF_STATUS[err.status] ?? (err.status >= 500 ? "server_error" : "invalid_request");
    return oauthErrorResponse(error, err.diagnostics, err.status, err.headers);
  }
  // Unexpected failures are logged by message only and answered generically: no stack leaves the process.
  console.error("partner-service: internal error:", err instanceof Error ? err.message : "unknown");
  return oauthErrorResponse("server_error", "The service failed to process the request. Try again later.", 500);
}

export interface TokenEndpointDeps {
  db: Database;
  tokens: TokenStore;
  ttlSeconds: number;
  now: () => number;
  /** Successful token requests, per authenticated client ID. */
  issued: RateLimiter;
  /** Failed authentications, per source (sourceKey, lib/http/client-address.ts) and client ID (failureKey). */
  failures: RateLimiter;
  /** Failed authentications under client IDs the registry does not know, per source: a looser cap. */
  unknownClientFailures: RateLimiter;
  secretChecks: SecretCheckGate;
  /** The secret each known client last proved. */
  verified: VerifiedSecrets;
  /** verifySecret; a test may wrap it to act while a check runs. */
  verify: (secret: string, stored: string | undefined) => Promise<boolean>;
}

export function tokenEndpointDeps(
  db: Database,
  config: ServiceConfig,
  now: () => number,
  tokens: TokenStore,
): TokenEndpointDeps {
  return {
    db,
    tokens,
    ttlSeconds: config.tokenTtlSeconds,
    now,
    issued: createRateLimiter(config.rateLimitPerMinute),
    failures: createRateLimiter(config.tokenFailuresPerMinute, {
      burst: config.tokenFailuresPerMinute,
      refusal: "Too many failed token requests for this client from this address.",
    }),
    unknownClientFailures: createRateLimiter(config.tokenFailuresPerSourcePerMinute, {
      burst: config.tokenFailuresPerSourcePerMinute,
      refusal: "Too many failed token requests from this address.",
    }),
    secretChecks: createSecretCheckGate(config.secretChecks ?? DEFAULT_SECRET_CHECK_LIMITS),
    verified: createVerifiedSecrets(),
    verify: verifySecret,
  };
}

const authenticationFailed = (request: TokenRequest) =>
  new OAuthError(
    "invalid_client",
    "Client authentication failed.",
    401,
    request.viaBasic ? { "www-authenticate": 'Basic realm="partner-service"' } : {},
  );

/** The failure allowance's key: a source key has no space, and a client ID none either (token-request.ts). */
const failureKey = (source: string, clientId: string) => `${source} ${clientId}`;

/**
 * Takes one failure from the (source, client ID) allowance and, for a client ID the registry does not know, one from
 * the source's allowance for unknown IDs, or throws the 429 of the first that has none left (taking nothing).
 * Returns what gives them back.
 */
function reserveFailure(source: string, clientId: string, known: boolean, deps: TokenEndpointDeps): () => void {
  const key = failureKey(source, clientId);
  deps.failures.take(key, deps.now());
  if (!known) {
    try {
      deps.unknownClientFailures.take(source, deps.now());
    } catch (err) {
      deps.failures.refund(key, deps.now());
      throw err;
    }
  }
  return () => {
    deps.failures.refund(key, deps.now());
    if (!known) deps.unknownClientFailures.refund(source, deps.now());
  };
}

/**
 * The client whose secret this is. The secret the client last proved is known without a check. Otherwise one
 * failure is reserved before the check (429 when none is left, so an address over its limit costs no secret check)
 * and given back when the secret is right or the check did not run.
 */
async function authenticateClient(request: TokenRequest, source: string, deps: TokenEndpointDeps) {
  const client: ClientRecord | undefined = findClient(deps.db, request.clientId);
  if (client && deps.verified.matches(client, request.clientSecret)) return client;
  const giveBack = reserveFailure(source, request.clientId, client !== undefined, deps);
  let valid: boolean;
  try {
    valid = await deps.secretChecks.run(source, () => deps.verify(request.clientSecret, client?.secretHash));
  } catch (err) {
    giveBack();
    throw err;
  }
  if (!client || !valid) throw authenticationFailed(request);
  giveBack();
  deps.verified.remember(client, request.clientSecret);
  return client;
}

/** `sourceAddress` is where the request came from (lib/http/client-address.ts), as the route handler found it. */
export async function handleTokenRequest(
  req: Request,
  sourceAddress: string,
  deps: TokenEndpointDeps,
): Promise<Response> {
  if (req.method !== "POST")
    return oauthErrorResponse("invalid_request", "Use POST to request a token.", 405, { allow: "POST" });
  try {
    const request = await readTokenRequest(req);
    const client = await authenticateClient(request, sourceKey(sourceAddress), deps);
    const now = deps.now();
    deps.issued.take(client.clientId, now);
    const accessToken = deps.tokens.issue(client, deps.ttlSeconds, now);
    // The secret was rotated, or the client disabled, while its secret was being checked.
    if (!accessToken) throw authenticationFailed(request);
    const body = {
      token_type: "Bearer",
      access_token: accessToken,
      scope: "full",
      expires_in: deps.ttlSeconds,
      consented_on: now,
    };
    return new Response(JSON.stringify(body), { status: 200, headers: NO_STORE });
  } catch (err) {
    return tokenErrorResponse(err);
  }
}

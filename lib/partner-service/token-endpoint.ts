/**
 * POST .../oauth2/token: the OAuth 2.0 client-credentials grant. Parameters
 * may come in the form body, the query string or split between them, and
 * the secret may come by HTTP Basic (RFC 6749 2.3.1); errors follow RFC 6749
 * section 5.2.
 */
import type { Database } from "better-sqlite3";
import { findClient } from "./data/partner-registry";
import { verifySecret } from "./secrets";
import type { TokenStore } from "./tokens";

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache", "content-type": "application/json; charset=utf-8" };
const PARAMS = ["client_id", "client_secret", "grant_type", "scope"] as const;
type Param = (typeof PARAMS)[number];

class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

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

async function formBody(req: Request): Promise<URLSearchParams> {
  const text = await req.text();
  if (text.trim() === "") return new URLSearchParams();
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new OAuthError("invalid_request", "The request body must be application/x-www-form-urlencoded.");
  }
  return new URLSearchParams(text);
}

function basicCredentials(header: string | null): { id: string; secret: string } | undefined {
  if (!header || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw new OAuthError("invalid_request", "The Basic authorization header is malformed.");
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError("invalid_request", "The Basic authorization header is malformed.");
  }
}

/** Merges body and query; a parameter given twice is ambiguous and refused (RFC 6749 section 3.2). */
async function readParams(req: Request): Promise<Partial<Record<Param, string>>> {
  const sources = [new URL(req.url).searchParams, await formBody(req)];
  const out: Partial<Record<Param, string>> = {};
  for (const name of PARAMS) {
    const values = sources.flatMap((s) => s.getAll(name));
    if (values.length > 1) throw new OAuthError("invalid_request", `The parameter ${name} was given more than once.`);
    if (values.length === 1) out[name] = values[0];
  }
  const basic = basicCredentials(req.headers.get("authorization"));
  if (basic) {
    if (out.client_secret !== undefined)
      throw new OAuthError("invalid_request", "Use one client authentication method, not both.");
    if (out.client_id !== undefined && out.client_id !== basic.id)
      throw new OAuthError("invalid_request", "The client_id does not match the Basic credentials.");
    out.client_id = basic.id;
    out.client_secret = basic.secret;
  }
  return out;
}

function checkGrant(p: Partial<Record<Param, string>>): asserts p is Record<Param, string> {
  if (!p.grant_type) throw new OAuthError("invalid_request", "The parameter grant_type is required.");
  if (p.grant_type !== "client_credentials")
    throw new OAuthError("unsupported_grant_type", "Only the client_credentials grant is supported.");
  if (!p.client_id || !p.client_secret)
    throw new OAuthError("invalid_request", "The parameters client_id and client_secret are required.");
  if (!p.scope) throw new OAuthError("invalid_request", "The parameter scope is required.");
  if (p.scope !== "full") throw new OAuthError("invalid_scope", "The only scope is full.");
}

export interface TokenEndpointDeps {
  db: Database;
  tokens: TokenStore;
  ttlSeconds: number;
  now: () => number;
  /** Called with the claimed client ID before the secret is checked; throws to refuse (rate limit). */
  admit: (clientId: string) => void;
}

export async function handleTokenRequest(req: Request, deps: TokenEndpointDeps): Promise<Response> {
  if (req.method !== "POST")
    return oauthErrorResponse("invalid_request", "Use POST to request a token.", 405, { allow: "POST" });
  try {
    const params = await readParams(req);
    checkGrant(params);
    deps.admit(params.client_id);
    const client = findClient(deps.db, params.client_id);
    const valid = await verifySecret(params.client_secret, client?.secretHash);
    if (!client || !valid) {
      const viaBasic = /^basic /i.test(req.headers.get("authorization") ?? "");
      throw new OAuthError(
        "invalid_client",
        "Client authentication failed.",
        401,
        viaBasic ? { "www-authenticate": 'Basic realm="partner-service"' } : {},
      );
    }
    const now = deps.now();
    const accessToken = deps.tokens.issue(client.clientId, client.partnerId, deps.ttlSeconds, now);
    const body = {
      token_type: "Bearer",
      access_token: accessToken,
      scope: "full",
      expires_in: deps.ttlSeconds,
      consented_on: now,
    };
    return new Response(JSON.stringify(body), { status: 200, headers: NO_STORE });
  } catch (err) {
    if (err instanceof OAuthError) return oauthErrorResponse(err.error, err.description, err.status, err.headers);
    throw err;
  }
}

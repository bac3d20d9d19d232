/**
 * Reading a token request (docs/partner-service.md, The token endpoint):
 * parameters from the form body, the query string or split between them, the
 * secret possibly by HTTP Basic (RFC 6749 2.3.1). Everything is bounded and
 * checked before anything is looked up or counted: the body is read up to
 * TOKEN_BODY_MAX_BYTES and no further, and a client ID or secret of a shape
 * the registry never issues is refused as malformed.
 */
import { CLIENT_ID_PATTERN, CLIENT_SECRET_PATTERN } from "./data/partner-registry";

/** The largest body read: the four parameters at their longest, percent-encoded, fit several times over. */
export const TOKEN_BODY_MAX_BYTES = 4096;

const PARAMS = ["client_id", "client_secret", "grant_type", "scope"] as const;
type Param = (typeof PARAMS)[number];

/** An RFC 6749 section 5.2 error. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export interface TokenRequest {
  clientId: string;
  clientSecret: string;
  /** The client authenticated by HTTP Basic: a failure gets a Basic challenge. */
  viaBasic: boolean;
}

const tooLarge = () =>
  new OAuthError("invalid_request", `The request body is larger than ${TOKEN_BODY_MAX_BYTES} bytes.`, 413);

/**
 * The body as text, refused with 413 beyond `maxBytes`: by its Content-Length when it has one, otherwise by
 * counting while reading, so that no more than `maxBytes` is ever held.
 */
export async function readBodyText(req: Request, maxBytes: number): Promise<string> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function formBody(req: Request): Promise<URLSearchParams> {
  const text = await readBodyText(req, TOKEN_BODY_MAX_BYTES);
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

/** Credentials of a shape the registry never issues are malformed, whatever they name (nothing is looked up). */
function checkShapes(p: Partial<Record<Param, string>>): void {
  if (p.client_id && !CLIENT_ID_PATTERN.test(p.client_id))
    throw new OAuthError(
      "invalid_request",
      "The client_id is malformed: client IDs are 1-64 letters, digits, '.', '_' or '-'.",
    );
  if (p.client_secret && !CLIENT_SECRET_PATTERN.test(p.client_secret))
    throw new OAuthError(
      "invalid_request",
      "The client_secret is malformed: client secrets are 1-256 visible ASCII characters.",
    );
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

/** The request's credentials, or an OAuthError (400, or 413 for a body over the limit). */
export async function readTokenRequest(req: Request): Promise<TokenRequest> {
  const params = await readParams(req);
  checkShapes(params);
  checkGrant(params);
  return {
    clientId: params.client_id,
    clientSecret: params.client_secret,
    viaBasic: /^basic /i.test(req.headers.get("authorization") ?? ""),
  };
}

/** Who is calling, and may they see this study: bearer token, partner header, per-study grants. */
import type { Database, Statement } from "better-sqlite3";
import { forbidden, unauthorized } from "./http";
import type { TokenStore } from "./tokens";

export interface Caller {
  clientId: string;
  partnerId: string;
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export function authenticate(req: Request, tokens: TokenStore, now: number): Caller {
  const header = req.headers.get("authorization");
  if (!header) throw unauthorized("An access token is required: send Authorization: Bearer <token>.", false);
  const match = BEARER.exec(header);
  if (!match) throw unauthorized("The Authorization header is malformed: expected Bearer <token>.", true);
  const grant = tokens.lookup(match[1], now);
  if (!grant) throw unauthorized("The access token is invalid or has expired. Request a new token.", true);
  const partnerId = req.headers.get("x-partnerid");
  if (!partnerId) throw forbidden("The x-partnerid header is required.");
  if (partnerId !== grant.partnerId)
    throw forbidden("The x-partnerid header does not match the partner this access token was issued to.");
  return { clientId: grant.clientId, partnerId: grant.partnerId };
}

export interface GrantCheck {
  has(caller: Caller, study: string): boolean;
  /** Throws the one 403 used whether or not the study exists, so grants reveal nothing about other studies. */
  require(caller: Caller, study: string): void;
}

export function createGrantCheck(db: Database): GrantCheck {
  // Read per request so that `npm run partners -- revoke` takes effect at once.
  const stmt: Statement = db.prepare("SELECT 1 FROM grants WHERE partner_id = ? AND study_number = ?");
  const has = (caller: Caller, study: string) => stmt.get(caller.partnerId, study) !== undefined;
  return {
    has,
    require(caller, study) {
      if (!has(caller, study)) throw forbidden("This partner is not granted access to the requested study.");
    },
  };
}

/** Access tokens: issued to a client, bound to its partner ID, stored only as hashes. */
import type { Database } from "better-sqlite3";
import { newAccessToken, tokenHash } from "./secrets";

export interface TokenGrant {
  clientId: string;
  partnerId: string;
  expiresAt: number;
}

type TokenRow = { client_id: string; partner_id: string; expires_at: number };

/** The client a secret was checked for, with the hash it was checked against. */
export interface VerifiedClient {
  clientId: string;
  secretHash: string;
}

export interface TokenStore {
  /**
   * A new token for the client, or undefined when the hash checked is no longer the client's (its secret was
   * rotated while the check ran) or the client was disabled meanwhile. The check and the insert are one statement.
   */
  issue(client: VerifiedClient, ttlSeconds: number, now: number): string | undefined;
  /** The grant behind a token, or undefined when it is unknown, expired or its client was disabled. */
  lookup(token: string, now: number): TokenGrant | undefined;
}

export function createTokenStore(db: Database): TokenStore {
  const purge = db.prepare("DELETE FROM tokens WHERE expires_at <= ?");
  const insert = db.prepare(
    `INSERT INTO tokens (token_hash, client_id, partner_id, expires_at)
     SELECT ?, client_id, partner_id, ? FROM clients WHERE client_id = ? AND secret_hash = ? AND disabled_at IS NULL`,
  );
  const select = db.prepare(
    `SELECT t.client_id, t.partner_id, t.expires_at FROM tokens t
     JOIN clients c ON c.client_id = t.client_id AND c.disabled_at IS NULL
     WHERE t.token_hash = ?`,
  );
  const issueTx = db.transaction((hash: string, client: VerifiedClient, expiresAt: number, now: number) => {
    purge.run(now);
    return insert.run(hash, expiresAt, client.clientId, client.secretHash).changes === 1;
  });
  return {
    issue(client, ttlSeconds, now) {
      const token = newAccessToken();
      return issueTx(tokenHash(token), client, now + ttlSeconds * 1000, now) ? token : undefined;
    },
    lookup(token, now) {
      const row = select.get(tokenHash(token)) as TokenRow | undefined;
      if (!row || row.expires_at <= now) return undefined;
      return { clientId: row.client_id, partnerId: row.partner_id, expiresAt: row.expires_at };
    },
  };
}

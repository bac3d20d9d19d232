/** Access tokens: issued to a client, bound to its partner ID, stored only as hashes. */
import type { Database } from "better-sqlite3";
import { newAccessToken, tokenHash } from "./secrets";

export interface TokenGrant {
  clientId: string;
  partnerId: string;
  expiresAt: number;
}

type TokenRow = { client_id: string; partner_id: string; expires_at: number };

export interface TokenStore {
  issue(clientId: string, partnerId: string, ttlSeconds: number, now: number): string;
  /** The grant behind a token, or undefined when it is unknown, expired or its client was disabled. */
  lookup(token: string, now: number): TokenGrant | undefined;
}

export function createTokenStore(db: Database): TokenStore {
  const purge = db.prepare("DELETE FROM tokens WHERE expires_at <= ?");
  const insert = db.prepare("INSERT INTO tokens (token_hash, client_id, partner_id, expires_at) VALUES (?, ?, ?, ?)");
  const select = db.prepare(
    `SELECT t.client_id, t.partner_id, t.expires_at FROM tokens t
     JOIN clients c ON c.client_id = t.client_id AND c.disabled_at IS NULL
     WHERE t.token_hash = ?`,
  );
  const issueTx = db.transaction(
    (hash: string, clientId: string, partnerId: string, expiresAt: number, now: number) => {
      purge.run(now);
      insert.run(hash, clientId, partnerId, expiresAt);
    },
  );
  return {
    issue(clientId, partnerId, ttlSeconds, now) {
      const token = newAccessToken();
      issueTx(tokenHash(token), clientId, partnerId, now + ttlSeconds * 1000, now);
      return token;
    },
    lookup(token, now) {
      const row = select.get(tokenHash(token)) as TokenRow | undefined;
      if (!row || row.expires_at <= now) return undefined;
      return { clientId: row.client_id, partnerId: row.partner_id, expiresAt: row.expires_at };
    },
  };
}

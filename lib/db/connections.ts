/**
 * Partner connections. Every query is scoped by the owner's user ID, so a
 * connection ID of another user behaves exactly like one that does not exist.
 * Client secrets are sealed with AES-256-GCM, bound to owner and row by the
 * associated data; only getConnectionWithCredentials (and getCredentials
 * through it) ever opens one, for server code that calls the partner
 * service. Nothing here returns a secret to a page.
 */

import { randomUUID } from "node:crypto";
import type { Database } from "better-sqlite3";
import { z } from "zod";
import { assertBaseUrlAllowed } from "../connections/allowlist";
import {
  type ConnectionInput,
  type ConnectionUpdate,
  connectionInputSchema,
  connectionUpdateSchema,
} from "../connections/connection-input";
import { portalKeys } from "../crypto/portal-keys";
import { open, seal } from "../crypto/secret-box";
import { partnerBaseUrlAllowlist } from "../env";
import type { PartnerCredentials } from "../partner-client/token";

export interface Connection {
  id: string;
  name: string;
  baseUrl: string;
  partnerId: string;
  clientId: string;
  studies: string[];
  createdAt: string;
  updatedAt: string;
}

type Row = {
  id: string;
  name: string;
  base_url: string;
  partner_id: string;
  client_id: string;
  secret_sealed: string;
  studies: string;
  created_at: string;
  updated_at: string;
};

const COLUMNS = "id, name, base_url, partner_id, client_id, studies, created_at, updated_at";
const studiesColumn = z.array(z.string());
const connectionId = z.uuid();

const toConnection = (r: Omit<Row, "secret_sealed">): Connection => ({
  id: r.id,
  name: r.name,
  baseUrl: r.base_url,
  partnerId: r.partner_id,
  clientId: r.client_id,
  studies: studiesColumn.parse(JSON.parse(r.studies)),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The associated data of a sealed secret: moved to another row, it no longer opens. */
const secretBinding = (userId: number, id: string) => `user:${userId}/connection:${id}`;
const defaultKey = () => portalKeys().secretKey;
// Not a UUID means not one of ours; answering early keeps odd input away from SQL entirely.
const isId = (id: string) => connectionId.safeParse(id).success;

export function listConnections(db: Database, userId: number): Connection[] {
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM connections WHERE user_id = ? ORDER BY name COLLATE NOCASE, created_at`)
    .all(userId) as Row[];
  return rows.map(toConnection);
}

/** A connection of this user without its secret; undefined for an unknown ID or another user's. */
export function getConnection(db: Database, userId: number, id: string): Connection | undefined {
  if (!isId(id)) return undefined;
  const row = db.prepare(`SELECT ${COLUMNS} FROM connections WHERE id = ? AND user_id = ?`).get(id, userId) as
    | Row
    | undefined;
  return row && toConnection(row);
}

/** A connection of this user, read once with what opens its credentials; undefined for an unknown ID or another user's. */
export interface ConnectionWithCredentials {
  connection: Connection;
  /** As getCredentials: throws BaseUrlNotAllowedError or SecretBoxError, so that a caller still knows the connection. */
  credentials(): PartnerCredentials;
}

export function getConnectionWithCredentials(
  db: Database,
  userId: number,
  id: string,
  key?: Buffer,
  allowed?: readonly string[],
): ConnectionWithCredentials | undefined {
  if (!isId(id)) return undefined;
  const row = db.prepare("SELECT * FROM connections WHERE id = ? AND user_id = ?").get(id, userId) as Row | undefined;
  if (!row) return undefined;
  return {
    connection: toConnection(row),
    credentials() {
      assertBaseUrlAllowed(row.base_url, allowed ?? partnerBaseUrlAllowlist());
      const clientSecret = open(key ?? defaultKey(), row.secret_sealed, secretBinding(userId, id));
      return { baseUrl: row.base_url, partnerId: row.partner_id, clientId: row.client_id, clientSecret };
    },
  };
}

/**
 * The credentials to call the partner service with: the one way to them, so
 * every request goes to an allowed address. Server code only; throws
 * BaseUrlNotAllowedError when the stored base URL is not on the allow-list
 * (it may have been saved before the list changed), and SecretBoxError when
 * the stored secret does not open with this key for this row.
 */
export function getCredentials(
  db: Database,
  userId: number,
  id: string,
  key: Buffer = defaultKey(),
  allowed = partnerBaseUrlAllowlist(),
): PartnerCredentials | undefined {
  return getConnectionWithCredentials(db, userId, id, key, allowed)?.credentials();
}

export function createConnection(
  db: Database,
  userId: number,
  input: ConnectionInput,
  key: Buffer = defaultKey(),
): Connection {
  const c = connectionInputSchema.parse(input);
  const id = randomUUID();
  const now = new Date().toISOString();
  db.prepare(
    `INSERT INTO connections (id, user_id, name, base_url, partner_id, client_id, secret_sealed, studies, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    userId,
    c.name,
    c.baseUrl,
    c.partnerId,
    c.clientId,
    seal(key, c.clientSecret, secretBinding(userId, id)),
    JSON.stringify(c.studies),
    now,
    now,
  );
  return getConnection(db, userId, id)!;
}

/** Changes a connection of this user; a blank or missing secret keeps the stored one. Undefined when there is no such connection. */
export function updateConnection(
  db: Database,
  userId: number,
  id: string,
  input: ConnectionUpdate,
  key: Buffer = defaultKey(),
): Connection | undefined {
  if (!isId(id)) return undefined;
  const c = connectionUpdateSchema.parse(input);
  const now = new Date().toISOString();
  const fields = "name = ?, base_url = ?, partner_id = ?, client_id = ?, studies = ?, updated_at = ?";
  const values = [c.name, c.baseUrl, c.partnerId, c.clientId, JSON.stringify(c.studies), now];
  const newSecret = c.clientSecret?.trim() ? seal(key, c.clientSecret, secretBinding(userId, id)) : undefined;
  const info = newSecret
    ? db
        .prepare(`UPDATE connections SET ${fields}, secret_sealed = ? WHERE id = ? AND user_id = ?`)
        .run(...values, newSecret, id, userId)
    : db.prepare(`UPDATE connections SET ${fields} WHERE id = ? AND user_id = ?`).run(...values, id, userId);
  return info.changes ? getConnection(db, userId, id) : undefined;
}

/** Removes a connection of this user; false when there is no such connection. */
export function deleteConnection(db: Database, userId: number, id: string): boolean {
  if (!isId(id)) return false;
  return db.prepare("DELETE FROM connections WHERE id = ? AND user_id = ?").run(id, userId).changes > 0;
}

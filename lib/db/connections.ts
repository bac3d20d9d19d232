/**
 * Partner connections as stored. Every query is scoped by the owner's user
 * ID, so a connection ID of another user behaves exactly like one that does
 * not exist. Client secrets are sealed with AES-256-GCM, bound to owner and
 * row by the associated data; only openStoredConnection ever opens one.
 * Nothing here returns a secret to a page.
 *
 * This is storage only: what may be saved and where credentials may be used
 * (input rules, the allow-list, when a secret must be entered again) is
 * decided by lib/connections, the one writer for user input.
 */

import { randomUUID } from "node:crypto";
import type { Database } from "better-sqlite3";
import { z } from "zod";
import { portalKeys } from "@/lib/crypto/portal-keys";
import { open, seal } from "@/lib/crypto/secret-box";
import type { PartnerCredentials } from "@/partner-api/credentials";

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

/** What a connection holds besides its secret, as lib/connections validated it. */
export type ConnectionFields = Pick<Connection, "name" | "baseUrl" | "partnerId" | "clientId" | "studies">;

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

/** How many connections this user has. */
export function countConnections(db: Database, userId: number): number {
  return (db.prepare("SELECT count(*) AS n FROM connections WHERE user_id = ?").get(userId) as { n: number }).n;
}

/** A connection of this user without its secret; undefined for an unknown ID or another user's. */
export function getConnection(db: Database, userId: number, id: string): Connection | undefined {
  if (!isId(id)) return undefined;
  const row = db.prepare(`SELECT ${COLUMNS} FROM connections WHERE id = ? AND user_id = ?`).get(id, userId) as
    | Row
    | undefined;
  return row && toConnection(row);
}

/**
 * Whether a connection with this ID exists, whoever owns it: only for the audit trail, which tells a guessed ID
 * from another user's (lib/connections/refused-connection.ts). Nothing of the connection is returned.
 */
export function connectionExists(db: Database, id: string): boolean {
  return isId(id) && db.prepare("SELECT 1 FROM connections WHERE id = ?").get(id) !== undefined;
}

/** A stored connection with what opens its secret. */
export interface StoredConnection {
  connection: Connection;
  /** The credentials as stored; throws SecretBoxError when the secret does not open with this key for this row. */
  credentials(): PartnerCredentials;
}

/**
 * A connection of this user, read once with what opens its credentials; undefined for an unknown ID or another
 * user's.
 */
export function openStoredConnection(
  db: Database,
  userId: number,
  id: string,
  key?: Buffer,
): StoredConnection | undefined {
  if (!isId(id)) return undefined;
  const row = db.prepare("SELECT * FROM connections WHERE id = ? AND user_id = ?").get(id, userId) as Row | undefined;
  if (!row) return undefined;
  return {
    connection: toConnection(row),
    credentials() {
      const clientSecret = open(key ?? defaultKey(), row.secret_sealed, secretBinding(userId, id));
      return { baseUrl: row.base_url, partnerId: row.partner_id, clientId: row.client_id, clientSecret };
    },
  };
}

export function createConnection(
  db: Database,
  userId: number,
  fields: ConnectionFields,
  clientSecret: string,
  key: Buffer = defaultKey(),
): Connection {
  const id = randomUUID();
  const now = new Date().toISOString();
  db.prepare(
    `INSERT INTO connections
       (id, user_id, name, base_url, partner_id, client_id, secret_sealed, studies, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    userId,
    fields.name,
    fields.baseUrl,
    fields.partnerId,
    fields.clientId,
    seal(key, clientSecret, secretBinding(userId, id)),
    JSON.stringify(fields.studies),
    now,
    now,
  );
  return getConnection(db, userId, id)!;
}

/**
 * Changes a connection of this user; the secret is replaced only when one is given. Undefined when there is no such
 * connection.
 */
export function updateConnection(
  db: Database,
  userId: number,
  id: string,
  fields: ConnectionFields,
  newClientSecret: string | undefined,
  key: Buffer = defaultKey(),
): Connection | undefined {
  if (!isId(id)) return undefined;
  const now = new Date().toISOString();
  const set = "name = ?, base_url = ?, partner_id = ?, client_id = ?, studies = ?, updated_at = ?";
  const values = [fields.name, fields.baseUrl, fields.partnerId, fields.clientId, JSON.stringify(fields.studies), now];
  const info =
    newClientSecret === undefined
      ? db.prepare(`UPDATE connections SET ${set} WHERE id = ? AND user_id = ?`).run(...values, id, userId)
      : db
          .prepare(`UPDATE connections SET ${set}, secret_sealed = ? WHERE id = ? AND user_id = ?`)
          .run(...values, seal(key, newClientSecret, secretBinding(userId, id)), id, userId);
  return info.changes ? getConnection(db, userId, id) : undefined;
}

/** Removes a connection of this user; false when there is no such connection. */
export function deleteConnection(db: Database, userId: number, id: string): boolean {
  if (!isId(id)) return false;
  return db.prepare("DELETE FROM connections WHERE id = ? AND user_id = ?").run(id, userId).changes > 0;
}

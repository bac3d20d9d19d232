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
import type { Selectable } from "kysely";
import { z } from "zod";
import { portalKeys } from "@/lib/crypto/portal-keys";
import { open, seal } from "@/lib/crypto/secret-box";
import type { Store } from "@/lib/store/store";
import type { ConnectionsTable } from "@/lib/store/tables";
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

type Row = Selectable<ConnectionsTable>;

// What a page may see: every column but the owner and the sealed secret, which only openStoredConnection reads.
const COLUMNS = ["id", "name", "base_url", "partner_id", "client_id", "studies", "created_at", "updated_at"] as const;
const studiesColumn = z.array(z.string());
const connectionId = z.uuid();

const toConnection = (r: Omit<Row, "secret_sealed" | "user_id">): Connection => ({
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

export async function listConnections(store: Store, userId: number): Promise<Connection[]> {
  const rows = await store.db
    .selectFrom("connections")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    // By name without regard to case, in both stores alike.
    .orderBy((eb) => eb.fn("lower", ["name"]))
    .orderBy("created_at")
    .execute();
  return rows.map(toConnection);
}

/** How many connections this user has. */
export async function countConnections(store: Store, userId: number): Promise<number> {
  const { n } = await store.db
    .selectFrom("connections")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A connection of this user without its secret; undefined for an unknown ID or another user's. */
export async function getConnection(store: Store, userId: number, id: string): Promise<Connection | undefined> {
  if (!isId(id)) return undefined;
  const row = await store.db
    .selectFrom("connections")
    .select(COLUMNS)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row && toConnection(row);
}

/**
 * Whether a connection with this ID exists, whoever owns it: only for the audit trail, which tells a guessed ID
 * from another user's (lib/connections/refused-connection.ts). Nothing of the connection is returned.
 */
export async function connectionExists(store: Store, id: string): Promise<boolean> {
  if (!isId(id)) return false;
  return (await store.db.selectFrom("connections").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
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
export async function openStoredConnection(
  store: Store,
  userId: number,
  id: string,
  key?: Buffer,
): Promise<StoredConnection | undefined> {
  if (!isId(id)) return undefined;
  const row = await store.db
    .selectFrom("connections")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    connection: toConnection(row),
    credentials() {
      const clientSecret = open(key ?? defaultKey(), row.secret_sealed, secretBinding(userId, id));
      return { baseUrl: row.base_url, partnerId: row.partner_id, clientId: row.client_id, clientSecret };
    },
  };
}

const storedFields = (fields: ConnectionFields) => ({
  name: fields.name,
  base_url: fields.baseUrl,
  partner_id: fields.partnerId,
  client_id: fields.clientId,
  studies: JSON.stringify(fields.studies),
});

export async function createConnection(
  store: Store,
  userId: number,
  fields: ConnectionFields,
  clientSecret: string,
  key: Buffer = defaultKey(),
): Promise<Connection> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const row = await store.db
    .insertInto("connections")
    .values({
      id,
      user_id: userId,
      ...storedFields(fields),
      secret_sealed: seal(key, clientSecret, secretBinding(userId, id)),
      created_at: now,
      updated_at: now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toConnection(row);
}

/**
 * Changes a connection of this user; the secret is replaced only when one is given. Undefined when there is no such
 * connection.
 */
export async function updateConnection(
  store: Store,
  userId: number,
  id: string,
  fields: ConnectionFields,
  newClientSecret: string | undefined,
  key: Buffer = defaultKey(),
): Promise<Connection | undefined> {
  if (!isId(id)) return undefined;
  const secret =
    newClientSecret === undefined ? {} : { secret_sealed: seal(key, newClientSecret, secretBinding(userId, id)) };
  const row = await store.db
    .updateTable("connections")
    .set({ ...storedFields(fields), ...secret, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toConnection(row);
}

/** Removes a connection of this user; false when there is no such connection. */
export async function deleteConnection(store: Store, userId: number, id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const { numDeletedRows } = await store.db
    .deleteFrom("connections")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}

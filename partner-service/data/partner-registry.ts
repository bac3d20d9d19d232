/**
 * The partner registry: partner organisations, their client credentials and
 * their study grants. Used by the token endpoint, the authorization check and
 * the `npm run partners` command.
 */
import type { Database } from "better-sqlite3";
import { hashSecret, newSecret } from "../secrets";

export interface PartnerSummary {
  partnerId: string;
  name: string;
  clients: string[];
  studies: string[];
}

export interface ClientRecord {
  clientId: string;
  partnerId: string;
  secretHash: string;
}

const ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** The shape of every client ID; the token endpoint refuses any other before looking anything up. */
export const CLIENT_ID_PATTERN = ID_PATTERN;
/** The shape of every client secret (generated ones are 43 base64url characters); the token endpoint checks it too. */
export const CLIENT_SECRET_PATTERN = /^[\x21-\x7e]{1,256}$/;

function checkId(kind: string, value: string): void {
  if (!ID_PATTERN.test(value)) throw new Error(`${kind} must be 1-64 letters, digits, '.', '_' or '-'.`);
}

function checkSecret(secret: string): void {
  if (!CLIENT_SECRET_PATTERN.test(secret))
    throw new Error("A client secret must be 1-256 visible ASCII characters (no spaces).");
}

const nowIso = () => new Date().toISOString();

function requirePartner(db: Database, partnerId: string): void {
  if (!db.prepare("SELECT 1 FROM partners WHERE partner_id = ?").get(partnerId))
    throw new Error(`No partner ${partnerId}.`);
}

function insertClient(db: Database, partnerId: string, clientId: string, hash: string): void {
  if (db.prepare("SELECT 1 FROM clients WHERE client_id = ?").get(clientId))
    throw new Error(`Client ${clientId} already exists.`);
  db.prepare("INSERT INTO clients (client_id, partner_id, secret_hash, created_at) VALUES (?, ?, ?, ?)").run(
    clientId,
    partnerId,
    hash,
    nowIso(),
  );
}

/**
 * Registers a partner with its first client credential, both or neither.
 * Returns the client secret, which is shown once and stored only as a hash.
 */
export async function addPartner(
  db: Database,
  partnerId: string,
  name: string,
  clientId: string,
  secret = newSecret(),
): Promise<string> {
  checkId("Partner ID", partnerId);
  checkId("Client ID", clientId);
  if (!name.trim()) throw new Error("A partner needs a name.");
  checkSecret(secret);
  const hash = await hashSecret(secret);
  db.transaction(() => {
    if (db.prepare("SELECT 1 FROM partners WHERE partner_id = ?").get(partnerId))
      throw new Error(`Partner ${partnerId} already exists.`);
    db.prepare("INSERT INTO partners (partner_id, name, created_at) VALUES (?, ?, ?)").run(
      partnerId,
      name.trim(),
      nowIso(),
    );
    insertClient(db, partnerId, clientId, hash);
  })();
  return secret;
}

/** Another client credential for an existing partner; returns its secret. */
export async function addClient(
  db: Database,
  partnerId: string,
  clientId: string,
  secret = newSecret(),
): Promise<string> {
  checkId("Client ID", clientId);
  checkSecret(secret);
  const hash = await hashSecret(secret);
  db.transaction(() => {
    requirePartner(db, partnerId);
    insertClient(db, partnerId, clientId, hash);
  })();
  return secret;
}

/** Replaces a client's secret and ends the tokens issued under the old one. */
export async function rotateSecret(db: Database, clientId: string, secret = newSecret()): Promise<string> {
  checkSecret(secret);
  const hash = await hashSecret(secret);
  db.transaction(() => {
    const info = db.prepare("UPDATE clients SET secret_hash = ? WHERE client_id = ?").run(hash, clientId);
    if (info.changes === 0) throw new Error(`No client ${clientId}.`);
    db.prepare("DELETE FROM tokens WHERE client_id = ?").run(clientId);
  })();
  return secret;
}

/**
 * Disables a client: its secret stops working and its tokens are deleted. The row stays, so that the client ID
 * is never issued again to someone else.
 */
export function disableClient(db: Database, clientId: string): void {
  db.transaction(() => {
    const info = db
      .prepare("UPDATE clients SET disabled_at = ? WHERE client_id = ? AND disabled_at IS NULL")
      .run(nowIso(), clientId);
    if (info.changes === 0) throw new Error(`No enabled client ${clientId}.`);
    db.prepare("DELETE FROM tokens WHERE client_id = ?").run(clientId);
  })();
}

export function grant(db: Database, partnerId: string, studyNumber: string): void {
  checkId("Study number", studyNumber);
  requirePartner(db, partnerId);
  db.prepare("INSERT OR IGNORE INTO grants (partner_id, study_number, granted_at) VALUES (?, ?, ?)").run(
    partnerId,
    studyNumber,
    nowIso(),
  );
}

export function revoke(db: Database, partnerId: string, studyNumber: string): boolean {
  return (
    db.prepare("DELETE FROM grants WHERE partner_id = ? AND study_number = ?").run(partnerId, studyNumber).changes > 0
  );
}

export function findClient(db: Database, clientId: string): ClientRecord | undefined {
  const row = db
    .prepare("SELECT client_id, partner_id, secret_hash FROM clients WHERE client_id = ? AND disabled_at IS NULL")
    .get(clientId) as { client_id: string; partner_id: string; secret_hash: string } | undefined;
  return row && { clientId: row.client_id, partnerId: row.partner_id, secretHash: row.secret_hash };
}

export function grantedStudies(db: Database, partnerId: string): string[] {
  const rows = db
    .prepare("SELECT study_number FROM grants WHERE partner_id = ? ORDER BY study_number")
    .all(partnerId) as { study_number: string }[];
  return rows.map((r) => r.study_number);
}

export function listPartners(db: Database): PartnerSummary[] {
  const partners = db.prepare("SELECT partner_id, name FROM partners ORDER BY partner_id").all() as {
    partner_id: string;
    name: string;
  }[];
  const clients = db.prepare(
    "SELECT client_id FROM clients WHERE partner_id = ? AND disabled_at IS NULL ORDER BY client_id",
  );
  return partners.map((p) => ({
    partnerId: p.partner_id,
    name: p.name,
    clients: (clients.all(p.partner_id) as { client_id: string }[]).map((c) => c.client_id),
    studies: grantedStudies(db, p.partner_id),
  }));
}

/** Portal users: credentials-provider accounts and single-sign-on accounts. */
import type { Database } from "better-sqlite3";
import { z } from "zod";
import { checkPassword, hashPassword, hashPasswordSync } from "./password-hash";

export const roleSchema = z.enum(["user", "admin"]);
export type Role = z.infer<typeof roleSchema>;

export const emailSchema = z
  .email()
  .max(254)
  .transform((e) => e.toLowerCase());
export const passwordSchema = z.string().min(12, "Passwords have at least 12 characters.").max(200);

export interface User {
  id: number;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** Sessions signed in under an older epoch are over (lib/auth/options.ts). */
  sessionEpoch: number;
}

type UserRow = {
  id: number;
  email: string;
  name: string;
  role: Role;
  disabled_at: string | null;
  password_hash: string | null;
  session_epoch: number;
};

const toUser = (r: UserRow): User => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  disabled: r.disabled_at !== null,
  sessionEpoch: r.session_epoch,
});
type NewUser = { email: string; name: string; password: string; role?: Role };

/**
 * Creates an account. `alsoInTransaction` runs in the transaction that inserts it (the users command records the
 * change there, so that both are written or neither); the password is hashed before, outside it.
 */
export async function addUser(db: Database, input: NewUser, alsoInTransaction?: (user: User) => void): Promise<User> {
  const hash = await hashPassword(passwordSchema.parse(input.password));
  return db
    .transaction(() => {
      const user = insertUser(db, input, hash);
      alsoInTransaction?.(user);
      return user;
    })
    .immediate();
}

/** As addUser, blocking while it hashes: for seeding at start-up, where there is nothing else to do. */
export function addUserSync(db: Database, input: NewUser): User {
  return insertUser(db, input, hashPasswordSync(passwordSchema.parse(input.password)));
}

function insertUser(db: Database, input: NewUser, hash: string): User {
  const email = emailSchema.parse(input.email);
  const role = roleSchema.parse(input.role ?? "user");
  if (findUserByEmail(db, email)) throw new Error(`A user with email ${email} exists already.`);
  const info = db
    .prepare("INSERT INTO users (email, name, password_hash, role, created_at) VALUES (?, ?, ?, ?, ?)")
    .run(email, input.name.trim() || email, hash, role, new Date().toISOString());
  return findUser(db, Number(info.lastInsertRowid))!;
}

export function findUser(db: Database, id: number): User | undefined {
  const row = db.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;
  return row && toUser(row);
}

export function findUserByEmail(db: Database, email: string): User | undefined {
  const row = db.prepare("SELECT * FROM users WHERE email = ?").get(email.toLowerCase()) as UserRow | undefined;
  return row && toUser(row);
}

/** What a sign-in refusal may say of the account an e-mail names: which one, disabled, whether it has a password. */
export function passwordAccount(
  db: Database,
  email: string,
): { id: number; disabled: boolean; hasPassword: boolean } | undefined {
  const row = db.prepare("SELECT * FROM users WHERE email = ?").get(email.toLowerCase()) as UserRow | undefined;
  return row && { id: row.id, disabled: row.disabled_at !== null, hasPassword: row.password_hash !== null };
}

export function findUserByOidcSubject(db: Database, subject: string): User | undefined {
  const row = db.prepare("SELECT * FROM users WHERE oidc_subject = ?").get(subject) as UserRow | undefined;
  return row && toUser(row);
}

/**
 * The user for a correct email and password of an enabled account; undefined otherwise. A bcrypt hash (or one with
 * older argon2 parameters) is replaced by a current one now that the password is known.
 */
export async function verifyPassword(db: Database, email: string, password: string): Promise<User | undefined> {
  const row = db.prepare("SELECT * FROM users WHERE email = ?").get(email.toLowerCase()) as UserRow | undefined;
  const { ok, outdated } = await checkPassword(password, row?.password_hash);
  if (!ok || !row || row.disabled_at !== null) return undefined;
  if (outdated) await upgradeHash(db, row, password);
  return toUser(row);
}

async function upgradeHash(db: Database, row: UserRow, password: string): Promise<void> {
  const upgraded = await hashPassword(password);
  // Only over the hash that was checked: a reset while this one was computed wins. No epoch bump: same password.
  db.prepare("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?").run(
    upgraded,
    row.id,
    row.password_hash,
  );
}

function update(db: Database, email: string, sql: string, ...args: unknown[]): void {
  const info = db.prepare(`UPDATE users SET ${sql} WHERE email = ?`).run(...args, email.toLowerCase());
  if (info.changes === 0) throw new Error(`No user with email ${email}.`);
}

// Disabling, a new password and a changed role end the user's open sessions: each bumps the epoch their tokens carry.
const END_SESSIONS = "session_epoch = session_epoch + 1";

export const disableUser = (db: Database, email: string) =>
  update(db, email, `disabled_at = ?, ${END_SESSIONS}`, new Date().toISOString());
/** Ends every open session of the account, as a password reset does, without changing anything else. */
export function endAllSessions(db: Database, id: number): void {
  db.prepare(`UPDATE users SET ${END_SESSIONS} WHERE id = ?`).run(id);
}
export const enableUser = (db: Database, email: string) => update(db, email, "disabled_at = NULL");
// SET expressions read the row as it was, so `role IS NOT ?` compares with the old role: setting the same role again
// ends nothing.
export const setRole = (db: Database, email: string, role: Role) => {
  const r = roleSchema.parse(role);
  update(db, email, "role = ?, session_epoch = session_epoch + (role IS NOT ?)", r, r);
};

/** Sets a new password; `alsoInTransaction` as for addUser. */
export async function resetPassword(
  db: Database,
  email: string,
  password: string,
  alsoInTransaction?: () => void,
): Promise<void> {
  const hash = await hashPassword(passwordSchema.parse(password));
  db.transaction(() => {
    update(db, email, `password_hash = ?, ${END_SESSIONS}`, hash);
    alsoInTransaction?.();
  }).immediate();
}

/** A single sign-on whose e-mail is that of an account not linked to its identity. */
export class OidcAccountConflictError extends Error {
  constructor(address: string) {
    super(`An account with email ${address} exists already and is not linked to this single-sign-on identity.`);
  }
}

/** Finds or creates the account of a single-sign-on identity. */
export function upsertOidcUser(db: Database, subject: string, email: string, name: string): User {
  const existing = findUserByOidcSubject(db, subject);
  if (existing) return existing;
  const address = emailSchema.parse(email);
  // Linking by email would let whoever controls that address at the provider take over a password account.
  if (findUserByEmail(db, address)) throw new OidcAccountConflictError(address);
  const info = db
    .prepare("INSERT INTO users (email, name, role, oidc_subject, created_at) VALUES (?, ?, 'user', ?, ?)")
    .run(address, name || address, subject, new Date().toISOString());
  return findUser(db, Number(info.lastInsertRowid))!;
}

export function listUsers(db: Database): User[] {
  return (db.prepare("SELECT * FROM users ORDER BY email").all() as UserRow[]).map(toUser);
}

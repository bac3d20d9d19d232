/** Portal users: credentials-provider accounts and single-sign-on accounts. */
import type { ExpressionBuilder, Insertable, Selectable, UpdateObject } from "kysely";
import { z } from "zod";
import type { Store } from "@/lib/store/store";
import type { PortalTables, UsersTable } from "@/lib/store/tables";
import { checkPassword, hashPassword } from "./password-hash";

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

type UserRow = Selectable<UsersTable>;

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
 * Creates an account. `alsoInTransaction` runs in the write that inserts it, with that write's store (the users
 * command records the change there, so that both are written or neither); the password is hashed before, outside it.
 */
export async function addUser(
  store: Store,
  input: NewUser,
  alsoInTransaction?: (tx: Store, user: User) => Promise<void>,
): Promise<User> {
  const email = emailSchema.parse(input.email);
  const role = roleSchema.parse(input.role ?? "user");
  const hash = await hashPassword(passwordSchema.parse(input.password));
  return store.write(async (tx) => {
    const user = await insertNewUser(tx, { email, name: input.name.trim() || email, password_hash: hash, role });
    if (!user) throw new Error(`A user with email ${email} exists already.`);
    await alsoInTransaction?.(tx, user);
    return user;
  });
}

// The columns left out (a password, a single-sign-on subject) are NULL.
type NewUserRow = Pick<Insertable<UsersTable>, "email" | "name" | "password_hash" | "role" | "oidc_subject">;

/**
 * Inserts an account unless one has its e-mail (or single-sign-on subject) already: undefined then. One statement in
 * either store, so an insert of the same e-mail at the same moment ends here too.
 */
async function insertNewUser(store: Store, values: NewUserRow): Promise<User | undefined> {
  const row = await store.db
    .insertInto("users")
    .values({ ...values, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toUser(row);
}

const selectUsers = (store: Store) => store.db.selectFrom("users").selectAll();

export async function findUser(store: Store, id: number): Promise<User | undefined> {
  const row = await selectUsers(store).where("id", "=", id).executeTakeFirst();
  return row && toUser(row);
}

const rowByEmail = (store: Store, email: string) =>
  selectUsers(store).where("email", "=", email.toLowerCase()).executeTakeFirst();

export async function findUserByEmail(store: Store, email: string): Promise<User | undefined> {
  const row = await rowByEmail(store, email);
  return row && toUser(row);
}

/** What a sign-in refusal may say of the account an e-mail names: which one, disabled, whether it has a password. */
export async function passwordAccount(
  store: Store,
  email: string,
): Promise<{ id: number; disabled: boolean; hasPassword: boolean } | undefined> {
  const row = await rowByEmail(store, email);
  return row && { id: row.id, disabled: row.disabled_at !== null, hasPassword: row.password_hash !== null };
}

export async function findUserByOidcSubject(store: Store, subject: string): Promise<User | undefined> {
  const row = await selectUsers(store).where("oidc_subject", "=", subject).executeTakeFirst();
  return row && toUser(row);
}

/**
 * The user for a correct email and password of an enabled account; undefined otherwise. A bcrypt hash (or one with
 * older argon2 parameters) is replaced by a current one now that the password is known.
 */
export async function verifyPassword(store: Store, email: string, password: string): Promise<User | undefined> {
  const row = await rowByEmail(store, email);
  const { ok, outdated } = await checkPassword(password, row?.password_hash);
  if (!ok || !row || row.disabled_at !== null) return undefined;
  if (outdated) await upgradeHash(store, row, password);
  return toUser(row);
}

async function upgradeHash(store: Store, row: UserRow, password: string): Promise<void> {
  const upgraded = await hashPassword(password);
  // Only over the hash that was checked: a reset while this one was computed wins. No epoch bump: same password.
  await store.db
    .updateTable("users")
    .set({ password_hash: upgraded })
    .where("id", "=", row.id)
    .where("password_hash", "=", row.password_hash)
    .execute();
}

type Users = ExpressionBuilder<PortalTables, "users">;
type UserChange = UpdateObject<PortalTables, "users"> | ((eb: Users) => UpdateObject<PortalTables, "users">);

async function update(store: Store, email: string, change: UserChange): Promise<void> {
  const { numUpdatedRows } = await store.db
    .updateTable("users")
    .set(change)
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
  if (numUpdatedRows === 0n) throw new Error(`No user with email ${email}.`);
}

// Disabling, a new password and a changed role end the user's open sessions: each bumps the epoch their tokens carry.
const endSessions = (eb: Users) => eb("session_epoch", "+", 1);

export const disableUser = (store: Store, email: string): Promise<void> =>
  update(store, email, (eb) => ({ disabled_at: new Date().toISOString(), session_epoch: endSessions(eb) }));
/** Ends every open session of the account, as a password reset does, without changing anything else. */
export async function endAllSessions(store: Store, id: number): Promise<void> {
  await store.db
    .updateTable("users")
    .set((eb) => ({ session_epoch: endSessions(eb) }))
    .where("id", "=", id)
    .execute();
}
export const enableUser = (store: Store, email: string): Promise<void> => update(store, email, { disabled_at: null });
// SET expressions read the row as it was, so `role <> ?` compares with the old role: setting the same role again
// ends nothing. One statement, so no other change comes between the comparison and the update.
export const setRole = async (store: Store, email: string, role: Role): Promise<void> => {
  const r = roleSchema.parse(role);
  const changed = (eb: Users) => eb.case().when("role", "<>", r).then(eb.lit(1)).else(eb.lit(0)).end();
  await update(store, email, (eb) => ({ role: r, session_epoch: eb("session_epoch", "+", changed(eb)) }));
};

/** Sets a new password; `alsoInTransaction` runs in the write that sets it, with that write's store, as for addUser. */
export async function resetPassword(
  store: Store,
  email: string,
  password: string,
  alsoInTransaction?: (tx: Store) => Promise<void>,
): Promise<void> {
  const hash = await hashPassword(passwordSchema.parse(password));
  await store.write(async (tx) => {
    await update(tx, email, (eb) => ({ password_hash: hash, session_epoch: endSessions(eb) }));
    await alsoInTransaction?.(tx);
  });
}

/** A single sign-on whose e-mail is that of an account not linked to its identity. */
export class OidcAccountConflictError extends Error {
  constructor(address: string) {
    super(`An account with email ${address} exists already and is not linked to this single-sign-on identity.`);
  }
}

/** Finds or creates the account of a single-sign-on identity. */
export async function upsertOidcUser(store: Store, subject: string, email: string, name: string): Promise<User> {
  const existing = await findUserByOidcSubject(store, subject);
  if (existing) return existing;
  const address = emailSchema.parse(email);
  // Linking by email would let whoever controls that address at the provider take over a password account: an
  // existing e-mail inserts nothing.
  const user = await insertNewUser(store, {
    email: address,
    name: name || address,
    role: "user",
    oidc_subject: subject,
  });
  if (user) return user;
  // A sign-in of the same identity at the same moment may have created it; otherwise the e-mail is another account's.
  const linked = await findUserByOidcSubject(store, subject);
  if (linked) return linked;
  throw new OidcAccountConflictError(address);
}

export async function listUsers(store: Store): Promise<User[]> {
  return (await selectUsers(store).orderBy("email").execute()).map(toUser);
}

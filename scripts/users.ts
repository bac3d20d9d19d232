/**
 * `npm run users -- <command>`: manage the portal's sign-in accounts in the
 * portal database (PORTAL_DB_PATH). Needs no secrets: it never touches
 * partner connections.
 */

import { randomBytes } from "node:crypto";
import type { Database } from "better-sqlite3";
import { z } from "zod";
import { openPortalDb } from "../lib/db/portal-db";
import {
  addUser,
  disableUser,
  enableUser,
  findUserByEmail,
  listUsers,
  resetPassword,
  roleSchema,
  setRole,
} from "../lib/db/users";
import { env } from "../lib/env";
import { parseArgs, run } from "./cli";

const USAGE = `Usage: npm run users -- <command>
  add <email> [--name "<name>"] [--role user|admin] [--password <password>]
                                   create an account (without --password one is generated and shown once)
  disable <email>                  the account can no longer sign in; its sessions end at their next request
  enable <email>                   undo disable
  reset-password <email> [--password <password>]
                                   set a new password (generated and shown once without --password);
                                   the account's open sessions end at their next request
  set-role <email> <user|admin>    change the role; the account's open sessions end at their next request
  list                             every account
Passwords have at least 12 characters. Database: PORTAL_DB_PATH (now ${env().PORTAL_DB_PATH}).`;

type Args = { email: string; arg?: string; flags: Record<string, string> };

function role(value: string | undefined) {
  const parsed = roleSchema.safeParse(value ?? "user");
  if (!parsed.success) throw new Error(`the role is user or admin, not "${value}".`);
  return parsed.data;
}

/** The password to set: the one given, or a generated one that is printed once. */
function passwordFor(email: string, flags: Record<string, string>): { password: string; announce: () => void } {
  if (flags.password !== undefined) return { password: flags.password, announce: () => {} };
  const password = randomBytes(15).toString("base64url");
  return {
    password,
    announce: () =>
      console.log(`password for ${email}: ${password}\nIt is shown only now; the database keeps an argon2id hash.`),
  };
}

const COMMANDS: Record<string, (db: Database, a: Args) => Promise<void> | void> = {
  async add(db, { email, flags }) {
    const { password, announce } = passwordFor(email, flags);
    const user = await addUser(db, { email, name: flags.name ?? "", password, role: role(flags.role) });
    console.log(`Added ${user.email} (${user.role}).`);
    announce();
  },
  disable(db, { email }) {
    disableUser(db, email);
    console.log(`${email} is disabled.`);
  },
  enable(db, { email }) {
    enableUser(db, email);
    console.log(`${email} is enabled.`);
  },
  async "reset-password"(db, { email, flags }) {
    if (!findUserByEmail(db, email)) throw new Error(`No user with email ${email}.`);
    const { password, announce } = passwordFor(email, flags);
    await resetPassword(db, email, password);
    console.log(`New password set for ${email}.`);
    announce();
  },
  "set-role"(db, { email, arg }) {
    setRole(db, email, role(arg));
    console.log(`${email} is now ${arg}.`);
  },
};

async function main(): Promise<void> {
  const {
    positional: [command, email, arg],
    flags,
  } = parseArgs(process.argv.slice(2));
  if (command !== "list" && !Object.hasOwn(COMMANDS, command ?? "")) {
    console.log(USAGE);
    if (command && command !== "help") process.exitCode = 1;
    return;
  }
  if (command !== "list" && (!email || (command === "set-role" && !arg)))
    throw new Error(`missing argument.\n${USAGE}`);
  const db = openPortalDb(env().PORTAL_DB_PATH);
  try {
    if (command === "list")
      for (const u of listUsers(db)) console.log(`${u.email}  ${u.role}${u.disabled ? "  (disabled)" : ""}  ${u.name}`);
    else await COMMANDS[command](db, { email, arg, flags });
  } catch (err) {
    // Validation failures as their messages, not as JSON.
    throw err instanceof z.ZodError ? new Error(err.issues.map((i) => i.message).join(" ")) : err;
  } finally {
    db.close();
  }
}

run(main);

/**
 * `npm run users -- <command>`: manage the portal's sign-in accounts in the
 * portal store (PostgreSQL at DATABASE_URL, else the SQLite file at
 * PORTAL_DB_PATH; docs/store.md). Needs no secrets: it never touches
 * partner connections. Each change is written with its audit entry in one
 * transaction; the entry's actor is the command line's operator (no portal
 * user), named by the operating-system account the command ran under.
 */

import { randomBytes } from "node:crypto";
import { userInfo } from "node:os";
import { z } from "zod";
import { audited, recordAudit } from "@/lib/audit/record-audit";
import { parseArgs, run } from "@/lib/cli/args";
import { env } from "@/lib/config/env";
import {
  addUser,
  disableUser,
  enableUser,
  findUserByEmail,
  listUsers,
  resetPassword,
  roleSchema,
  setRole,
  type User,
} from "@/lib/db/users";
import { openConfiguredStore } from "@/lib/store/portal-store";
import type { Store } from "@/lib/store/store";

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
Passwords have at least 12 characters. Accounts are in PostgreSQL at DATABASE_URL when it is set, else in the
SQLite file at PORTAL_DB_PATH (now ${env().DATABASE_URL ? "DATABASE_URL" : env().PORTAL_DB_PATH}).`;

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

/** What a user entry says of the change's subject and of who made it: the operator, on the command line. */
const about = (user: User) => ({
  user: { id: user.id, email: user.email },
  operator: { via: "cli" as const, osUser: userInfo().username },
});

/** The account of this e-mail, or the users command's error. */
async function existing(store: Store, email: string): Promise<User> {
  const user = await findUserByEmail(store, email);
  if (!user) throw new Error(`No user with email ${email}.`);
  return user;
}

const COMMANDS: Record<string, (store: Store, a: Args) => Promise<void>> = {
  async add(store, { email, flags }) {
    const { password, announce } = passwordFor(email, flags);
    const input = { email, name: flags.name ?? "", password, role: role(flags.role) };
    const user = await addUser(store, input, async (tx, u) => {
      await recordAudit(tx, { actor: null, action: "user.add", details: { ...about(u), role: u.role } });
    });
    console.log(`Added ${user.email} (${user.role}).`);
    announce();
  },
  async disable(store, { email }) {
    await audited(store, async (tx) => {
      const user = await existing(tx, email);
      await disableUser(tx, email);
      await recordAudit(tx, { actor: null, action: "user.disable", details: about(user) });
    });
    console.log(`${email} is disabled.`);
  },
  async enable(store, { email }) {
    await audited(store, async (tx) => {
      const user = await existing(tx, email);
      await enableUser(tx, email);
      await recordAudit(tx, { actor: null, action: "user.enable", details: about(user) });
    });
    console.log(`${email} is enabled.`);
  },
  async "reset-password"(store, { email, flags }) {
    const user = await existing(store, email);
    const { password, announce } = passwordFor(email, flags);
    const generated = flags.password === undefined;
    await resetPassword(store, email, password, async (tx) => {
      await recordAudit(tx, { actor: null, action: "user.reset_password", details: { ...about(user), generated } });
    });
    console.log(`New password set for ${email}.`);
    announce();
  },
  async "set-role"(store, { email, arg }) {
    const to = role(arg);
    await audited(store, async (tx) => {
      const user = await existing(tx, email);
      await setRole(tx, email, to);
      await recordAudit(tx, { actor: null, action: "user.role", details: { ...about(user), from: user.role, to } });
    });
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
  const store = await openConfiguredStore();
  try {
    if (command === "list")
      for (const u of await listUsers(store))
        console.log(`${u.email}  ${u.role}${u.disabled ? "  (disabled)" : ""}  ${u.name}`);
    else await COMMANDS[command](store, { email, arg, flags });
  } catch (err) {
    // Validation failures as their messages, not as JSON.
    throw err instanceof z.ZodError ? new Error(err.issues.map((i) => i.message).join(" ")) : err;
  } finally {
    await store.close();
  }
}

run(main);

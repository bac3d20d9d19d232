/**
 * The accounts of `npm run bench:load`: portal users, each with a connection of its own to the benchmark's partner
 * service, written into the running server's portal store as `npm run users` writes while a server runs (the
 * account with its audit entry in one transaction), the connection's secret sealed with the server's key. Then each
 * signs in over HTTP with its password, exactly as a browser: nothing goes around the portal's checks (the session
 * cookie, the account, a connection of that very user).
 */
import { randomBytes } from "node:crypto";
import { deriveAuditKeys } from "@/lib/audit/audit-key";
import { recordAudit } from "@/lib/audit/record-audit";
import { createConnection } from "@/lib/db/connections";
import { addUser } from "@/lib/db/users";
import { openConfiguredStore } from "@/lib/store/portal-store";
import { openPostgresStore } from "@/lib/store/postgres-store";
import type { Store } from "@/lib/store/store";
import { DEMO_PARTNERS } from "@/partner-service/data/demo-partners";
import type { BenchClient } from "./bench-database";
import type { VirtualUser } from "./load-driver";
import { PortalSession } from "./portal-session";

const northstar = DEMO_PARTNERS[0];

export interface AccountPlan {
  portalDbPath: string;
  /** The portal store's PostgreSQL database, for a cluster (`--cluster`); the SQLite file otherwise. */
  databaseUrl?: string;
  /** The server's PORTAL_SECRET_KEY (base64 of 32 bytes), which seals connection secrets. */
  secretKey: string;
  study: string;
  /** The partner service's address as this account's connection holds it (see bench/load.ts on the cold study). */
  partnerBaseUrl: string;
  /** The connection's client credential: the demo partner's by default. */
  client?: BenchClient;
}

interface Account {
  email: string;
  password: string;
  connectionId: string;
}

/** Creates `count` accounts named `<prefix>-<n>@load.example` with one connection each. */
export async function createAccounts(plan: AccountPlan, prefix: string, count: number): Promise<Account[]> {
  const store = plan.databaseUrl
    ? await openPostgresStore(plan.databaseUrl, { max: 2 })
    : await openConfiguredStore(plan.portalDbPath);
  const client = plan.client ?? northstar;
  const key = Buffer.from(plan.secretKey, "base64");
  const accounts: Account[] = [];
  try {
    for (let n = 1; n <= count; n++) {
      const email = `${prefix}-${String(n).padStart(3, "0")}@load.example`;
      const password = randomBytes(15).toString("base64url");
      const user = await addBenchUser(store, key, { email, name: `Load user ${n}`, password }, "bench-load");
      const fields = {
        name: "Benchmark partner service",
        baseUrl: plan.partnerBaseUrl,
        partnerId: client.partnerId,
        clientId: client.clientId,
        studies: [plan.study],
      };
      const connection = await createConnection(store, user.id, fields, client.clientSecret, key);
      accounts.push({ email, password, connectionId: connection.id });
    }
  } finally {
    await store.close();
  }
  return accounts;
}

/** A portal account as `npm run users -- add` makes it: the user and its audit entry, keyed as the server keys. */
export function addBenchUser(store: Store, key: Buffer, input: Parameters<typeof addUser>[1], osUser: string) {
  return addUser(store, input, async (tx, u) => {
    await recordAudit(
      tx,
      {
        actor: null,
        action: "user.add",
        details: { user: { id: u.id, email: u.email }, operator: { via: "cli", osUser }, role: u.role },
      },
      // Keyed as the server keys its entries (docs/audit.md, "The keyed chain").
      deriveAuditKeys(key),
    );
  });
}

/** Signs every account in, one after another (each sign-in is a password check of about 90 ms on the server). */
export async function signInAll(baseUrl: string, accounts: Account[], study: string): Promise<VirtualUser[]> {
  const users: VirtualUser[] = [];
  for (const a of accounts) {
    const session = await PortalSession.signIn(baseUrl, a);
    users.push({ cookie: session.cookie, study: `/studies/${a.connectionId}/${encodeURIComponent(study)}` });
  }
  return users;
}

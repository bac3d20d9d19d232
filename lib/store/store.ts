/**
 * The portal store (docs/store.md): the portal's persistent state behind one asynchronous interface, in SQLite (the
 * embedded default) or PostgreSQL (`DATABASE_URL`). Queries are written once with the Kysely query builder, which
 * speaks both dialects and keeps every value a bound parameter; what differs between the two (how a write takes its
 * lock) is here and in each store's migrations.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { PortalTables } from "./tables";

export type StoreKind = "sqlite" | "postgres";
export type StoreDb = Kysely<PortalTables>;

export interface Store {
  readonly kind: StoreKind;
  /** The query builder: outside write(), each query on its own; inside, the write's transaction. */
  readonly db: StoreDb;
  /** True inside write(), where a nested write joins the running transaction. */
  readonly inWrite: boolean;
  /**
   * Runs `fn` as one transaction that holds the store's write lock from its first statement: SQLite's BEGIN
   * IMMEDIATE (so a read followed by a write cannot be overtaken by another process), PostgreSQL's transaction with
   * the audit chain's head locked when `lockAuditChain` is set. Inside a write, runs `fn` in it.
   */
  write<T>(fn: (tx: Store) => Promise<T>, options?: WriteOptions): Promise<T>;
  /** Ends the store's connections (tests, shutdown). */
  close(): Promise<void>;
}

export interface WriteOptions {
  /** The write appends to the audit trail: no other append may run until it commits (lib/audit/record-audit.ts). */
  lockAuditChain?: boolean;
}

/** A store over a Kysely instance of either dialect. `close` ends what the instance was opened on. */
export function storeOver(kind: StoreKind, db: StoreDb, close: () => Promise<void>): Store {
  const store: Store = {
    kind,
    db,
    inWrite: false,
    write: (fn, options = {}) => (kind === "sqlite" ? sqliteWrite(db, fn) : postgresWrite(db, fn, options)),
    close,
  };
  return store;
}

function joined(kind: StoreKind, tx: StoreDb): Store {
  const store: Store = {
    kind,
    db: tx,
    inWrite: true,
    write: async (fn, options = {}) => {
      if (kind === "postgres" && options.lockAuditChain) await lockAuditChain(tx);
      return fn(store);
    },
    close: async () => {},
  };
  return store;
}

// SQLite: one connection, which Kysely's driver hands to one user at a time; BEGIN IMMEDIATE takes the file's write
// lock at once (waiting up to the busy timeout for another process), where a plain BEGIN would fail on its first
// write if another process wrote after its first read.
async function sqliteWrite<T>(db: StoreDb, fn: (tx: Store) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const result = await fn(joined("sqlite", conn));
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (err) {
      // SQLite has rolled back already after some failures (a full disk, an I/O error), and then refuses ROLLBACK:
      // the first error is the one that says what happened.
      await sql`ROLLBACK`.execute(conn).catch(() => {});
      throw err;
    }
  });
}

async function postgresWrite<T>(db: StoreDb, fn: (tx: Store) => Promise<T>, options: WriteOptions): Promise<T> {
  return db.transaction().execute(async (tx: Transaction<PortalTables>) => {
    if (options.lockAuditChain) await lockAuditChain(tx);
    return fn(joined("postgres", tx));
  });
}

// The chain's head is the table's last row; EXCLUSIVE mode lets readers read and makes every other appender wait
// here until this transaction ends, so the head read next is the one the insert follows.
async function lockAuditChain(tx: StoreDb): Promise<void> {
  await sql`LOCK TABLE audit_log IN EXCLUSIVE MODE`.execute(tx);
}

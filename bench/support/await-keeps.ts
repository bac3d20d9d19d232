/**
 * Waiting until the portal has kept a snapshot of every record type it loaded (docs/snapshots.md): read from its
 * audit trail (its SQLite file, or a cluster's PostgreSQL), where each load (`study.load`) and each snapshot kept
 * (`study.keep`) is an entry naming its record type. A load of a million rows is kept in the seconds after it, on the
 * rendering thread between requests: a request measured meanwhile measures both.
 */
import Database from "better-sqlite3";
import pg from "pg";

const POLL_MS = 250;

/** Where the portal's audit trail is: one server's SQLite file, or a cluster's PostgreSQL. */
export type AuditSource = { portalDbPath: string } | { databaseUrl: string };

interface Entry {
  action: string;
  details: string;
}

const SELECT = "SELECT action, details FROM audit_log WHERE action IN ('study.load', 'study.keep')";

/** Reads the load and keep entries; closes what it opened. */
async function openEntries(source: AuditSource): Promise<{ read(): Promise<Entry[]>; close(): Promise<void> }> {
  if ("portalDbPath" in source) {
    const db = new Database(source.portalDbPath, { readonly: true, fileMustExist: true });
    const statement = db.prepare(SELECT);
    return {
      read: async () => statement.all() as Entry[],
      close: async () => {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: source.databaseUrl });
  await client.connect();
  return { read: async () => (await client.query<Entry>(SELECT)).rows, close: () => client.end() };
}

/** Whether every record type loaded from the partner has been kept. */
function allKept(entries: Entry[]): boolean {
  const loaded = new Set<string>();
  const kept = new Set<string>();
  for (const { action, details } of entries) {
    const d = JSON.parse(details) as { kind?: string; from?: string };
    if (!d.kind) continue;
    // Loads read back from a snapshot keep none.
    if (action === "study.load" && d.from === "partner") loaded.add(d.kind);
    if (action === "study.keep") kept.add(d.kind);
  }
  return loaded.size > 0 && [...loaded].every((k) => kept.has(k));
}

/** The seconds until every loaded record type was kept, or null where that did not happen within `timeoutMs`. */
export async function awaitKeeps(source: AuditSource, timeoutMs = 180_000): Promise<number | null> {
  const started = performance.now();
  const entries = await openEntries(source);
  try {
    for (;;) {
      if (allKept(await entries.read())) return (performance.now() - started) / 1000;
      if (performance.now() - started > timeoutMs) return null;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    await entries.close();
  }
}

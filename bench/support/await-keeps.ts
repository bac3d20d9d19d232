/**
 * Waiting until the portal has kept a snapshot of every record type it loaded (docs/snapshots.md): read from the
 * audit trail of its SQLite file, where each load (`study.load`) and each snapshot kept (`study.keep`) is an entry
 * naming its record type. A load of a million rows is kept in the seconds after it, on the rendering thread between
 * requests: a request measured meanwhile measures both.
 */
import Database from "better-sqlite3";

const POLL_MS = 250;

/** The seconds until every loaded record type was kept, or null where that did not happen within `timeoutMs`. */
export async function awaitKeeps(portalDbPath: string, timeoutMs = 180_000): Promise<number | null> {
  const started = performance.now();
  const db = new Database(portalDbPath, { readonly: true, fileMustExist: true });
  try {
    const kinds = (where: string) =>
      new Set(
        db
          .prepare(`SELECT DISTINCT json_extract(details, '$.kind') FROM audit_log WHERE ${where}`)
          .pluck()
          .all() as string[],
      );
    for (;;) {
      // Loads read back from a snapshot keep none.
      const loaded = kinds("action = 'study.load' AND json_extract(details, '$.from') = 'partner'");
      const kept = kinds("action = 'study.keep'");
      if (loaded.size > 0 && [...loaded].every((k) => kept.has(k))) return (performance.now() - started) / 1000;
      if (performance.now() - started > timeoutMs) return null;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    db.close();
  }
}

/**
 * When the audit trail cannot be written (docs/audit.md, "When the database cannot be written"): the database is
 * full, read-only, or its file unusable. An action that must be audited is then not done: recordAudit throws
 * AuditUnavailableError, whose message says so to the user. The administrator learns of it on stderr, at most one
 * line a minute per SQLite code, naming the code and the action, never the entry's details.
 */
/** The SQLite result codes that mean "storage cannot take a write now", as opposed to an entry that is wrong. */
const STORAGE_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY|LOCKED|NOMEM|PERM|CORRUPT|NOTADB)/;

export class AuditUnavailableError extends Error {
  constructor(readonly code: string) {
    super(
      "The audit trail cannot be written just now (the portal's database is full, read-only or unavailable), " +
        "so this action was not done. Try again later; if it happens again, tell the portal's administrator.",
    );
    this.name = "AuditUnavailableError";
  }
}

/** The storage failure's SQLite code, or undefined for any other error (a schema refusal, a trigger's ABORT). */
export function storageFailureCode(err: unknown): string | undefined {
  const code = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  return typeof code === "string" && STORAGE_CODES.test(code) ? code : undefined;
}

const LOG_INTERVAL_MS = 60_000;
/** Bounded by the closed set of SQLite codes that STORAGE_CODES matches (a few dozen). */
const lastLogged = new Map<string, { at: number; since: number }>();

/** One line on stderr, at most once a minute per code; the lines held back in between are counted in the next. */
export function logUnavailable(code: string, what: string, now = Date.now()): void {
  const seen = lastLogged.get(code);
  if (seen && now - seen.at < LOG_INTERVAL_MS) {
    seen.since++;
    return;
  }
  const more = seen?.since ? ` (and ${seen.since} more since the last such line)` : "";
  lastLogged.set(code, { at: now, since: 0 });
  console.error(`audit: the trail cannot be written (${code}); ${what} was refused${more}.`);
}

/**
 * When the audit trail cannot be written (docs/audit.md, "When the store cannot be written"): the store is full,
 * read-only or unreachable. An action that must be audited is then not done: recordAudit throws
 * AuditUnavailableError, whose message says so to the user. The administrator learns of it on stderr, at most one
 * line a minute per failure code, naming the code and the action, never the entry's details.
 */
/** The SQLite result codes that mean "storage cannot take a write now", as opposed to an entry that is wrong. */
const SQLITE_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY|LOCKED|NOMEM|PERM|CORRUPT|NOTADB)/;
/**
 * PostgreSQL's SQLSTATEs of the same kind: connection exceptions (08), insufficient resources (53: disk full, out of
 * memory, too many connections), the server shutting down or starting (57P01-57P03), a read-only transaction (a
 * standby), an I/O error, a lock not obtained in time.
 */
const POSTGRES_STATES = /^(08...|53...|57P0[123]|25006|58030|55P03)$/;
/** The socket's errors on the way to PostgreSQL (Node's errno codes). */
const SOCKET_CODES = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;
/** node-postgres's own errors for a connection lost or never made, which carry no code. */
const POSTGRES_CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export class AuditUnavailableError extends Error {
  constructor(readonly code: string) {
    super(
      "The audit trail cannot be written just now (the portal's database is full, read-only or unavailable), " +
        "so this action was not done. Try again later; if it happens again, tell the portal's administrator.",
    );
    this.name = "AuditUnavailableError";
  }
}

/**
 * The storage failure's code (a SQLite code, `SQLSTATE` and PostgreSQL's code, a socket's errno code, or
 * `connection lost`), or undefined for any other error (a schema refusal, a trigger's refusal).
 */
export function storageFailureCode(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") {
    if (SQLITE_CODES.test(code) || SOCKET_CODES.test(code)) return code;
    // node-postgres gives a server's error its SQLSTATE: five characters.
    if (POSTGRES_STATES.test(code)) return `SQLSTATE ${code}`;
  }
  // Connecting to a name with several addresses fails with all of their errors at once.
  if (err instanceof AggregateError) return err.errors.map(storageFailureCode).find((c) => c !== undefined);
  return POSTGRES_CONNECTION_LOST.test(err.message) ? "connection lost" : undefined;
}

const LOG_INTERVAL_MS = 60_000;
/** Bounded by the closed sets of codes above (a few hundred at most). */
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

/**
 * Which errors mean "the store cannot take a write now" (docs/audit.md, "When the store cannot be written"), in
 * either store, as opposed to an entry or a statement that is wrong: errors shaped as SQLite, node-postgres and Node's
 * sockets give them.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { storageFailureCode } from "./unavailable";

describe("storageFailureCode", () => {
  /** An error as node-postgres gives a server's: its SQLSTATE in `code`. */
  const server = (code: string, message = "the server said no") =>
    Object.assign(new pg.DatabaseError(message, 0, "error"), { code, severity: "FATAL" });
  const socket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

  it.each([
    [server("57P01", "terminating connection due to administrator command"), "SQLSTATE 57P01"],
    [server("57P03", "the database system is starting up"), "SQLSTATE 57P03"],
    [server("53300", "sorry, too many clients already"), "SQLSTATE 53300"],
    [server("53100", "could not extend file: No space left on device"), "SQLSTATE 53100"],
    [server("08006"), "SQLSTATE 08006"],
    [server("08P01"), "SQLSTATE 08P01"],
    [server("25006", "cannot execute INSERT in a read-only transaction"), "SQLSTATE 25006"],
    [socket("ECONNREFUSED"), "ECONNREFUSED"],
    [socket("ECONNRESET"), "ECONNRESET"],
    [new AggregateError([socket("ECONNREFUSED"), socket("ECONNREFUSED")]), "ECONNREFUSED"],
    [new Error("Connection terminated unexpectedly"), "connection lost"],
    [new Error("timeout exceeded when trying to connect"), "connection lost"],
    [Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" }), "SQLITE_FULL"],
    [Object.assign(new Error("attempt to write a readonly database"), { code: "SQLITE_READONLY" }), "SQLITE_READONLY"],
  ])("names a storage failure: %s", (err, code) => {
    expect(storageFailureCode(err)).toBe(code);
  });

  it.each([
    // A trigger's refusal, a unique key, a missing table, a syntax error: the entry or the code is wrong.
    server("P0001", "audit_log: an entry must follow the last one"),
    server("23505", "duplicate key value violates unique constraint"),
    server("42P01", 'relation "audit_log" does not exist'),
    server("42601", "syntax error"),
    Object.assign(new Error("audit_log is append-only"), { code: "SQLITE_CONSTRAINT_TRIGGER" }),
    new Error("something else"),
    "not an error",
  ])("takes %s for no storage failure", (err) => {
    expect(storageFailureCode(err)).toBeUndefined();
  });
});

/**
 * Pages of the audit trail: newest first, filtered in SQL, paged by entry ID in both directions; expected pages
 * worked out from the IDs the test wrote.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "better-sqlite3";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { openPortalDb } from "@/lib/db/portal-db";
import { type AuditCursor, listAuditEntries } from "./list-entries";
import { recordAudit } from "./record-audit";

// Entries are keyed by the audit key, derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

let db: Database;
// 25 entries: odd IDs are user 1's refreshes (ONC-101 when ID % 4 is 1, else CARD-201), even IDs anonymous failures.
beforeAll(() => {
  db = openPortalDb(":memory:");
  db.prepare(
    "INSERT INTO users (id, email, name, role, created_at) VALUES (1, 'a@example.org', 'A', 'user', '')",
  ).run();
  for (let i = 1; i <= 25; i++)
    if (i % 2)
      recordAudit(db, {
        actor: 1,
        action: "study.refresh",
        connectionId: "c",
        study: i % 4 === 1 ? "ONC-101" : "CARD-201",
        details: { outcome: "dropped", entries: i },
      });
    else
      recordAudit(db, {
        actor: null,
        action: "auth.sign_in_failed",
        details: { method: "password", reason: "unknown_account", account: null },
      });
});

const ids = (cursor: AuditCursor, filters = {}, size = 10) => {
  const page = listAuditEntries(db, filters, cursor, size);
  return { ids: page.entries.map((e) => e.id), older: page.older, newer: page.newer, matching: page.matching };
};
const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((from - to) / step) + 1 }, (_, i) => from - i * step);

describe("listAuditEntries", () => {
  it("pages newest first by entry ID, both ways", () => {
    expect(ids(undefined)).toEqual({ ids: range(25, 16), older: 16, newer: undefined, matching: 25 });
    expect(ids({ older: 16 })).toEqual({ ids: range(15, 6), older: 6, newer: 15, matching: 25 });
    expect(ids({ older: 6 })).toEqual({ ids: range(5, 1), older: undefined, newer: 5, matching: 25 });
    expect(ids({ newer: 5 })).toEqual({ ids: range(15, 6), older: 6, newer: 15, matching: 25 });
    expect(ids({ newer: 15 })).toEqual({ ids: range(25, 16), older: 16, newer: undefined, matching: 25 });
    // Near the top, "newer" gives what is left above, still newest first.
    expect(ids({ newer: 20 })).toEqual({ ids: range(25, 21), older: 21, newer: undefined, matching: 25 });
  });

  it("filters by user (or none), action, study and time", () => {
    expect(ids(undefined, { user: 1 })).toMatchObject({ ids: range(25, 7, 2), older: 7, matching: 13 });
    expect(ids(undefined, { user: "none" }).ids).toEqual(range(24, 6, 2));
    expect(ids(undefined, { user: 2 })).toEqual({ ids: [], older: undefined, newer: undefined, matching: 0 });
    expect(ids(undefined, { action: "auth.sign_in_failed" }).matching).toBe(12);
    expect(ids(undefined, { study: "ONC-101" }).ids).toEqual([25, 21, 17, 13, 9, 5, 1]);
    expect(ids(undefined, { study: "ONC-101", user: "none" }).ids).toEqual([]);
    const times = db.prepare("SELECT time FROM audit_log ORDER BY id").pluck().all() as string[];
    expect(ids(undefined, { from: times[24] }).ids[0]).toBe(25);
    expect(ids(undefined, { toExclusive: "1970-01-02T00:00:00.000Z" }).matching).toBe(0);
  });

  it("uses an index for each filter rather than reading the table", () => {
    const plan = (where: string) =>
      (
        db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM audit_log WHERE ${where} ORDER BY id DESC LIMIT 51`).all() as {
          detail: string;
        }[]
      )
        .map((r) => r.detail)
        .join("; ");
    expect(plan("actor_id = 1")).toMatch(/USING (COVERING )?INDEX audit_log_by_actor/);
    expect(plan("action = 'x'")).toMatch(/USING (COVERING )?INDEX audit_log_by_action/);
    expect(plan("study = 'x'")).toMatch(/USING (COVERING )?INDEX audit_log_by_study/);
    expect(plan("1 AND id < 5")).toMatch(/USING INTEGER PRIMARY KEY/);
  });
});

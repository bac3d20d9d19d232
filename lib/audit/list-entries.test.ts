/**
 * Pages of the audit trail, in either store: newest first, filtered in SQL, paged by entry ID in both directions;
 * expected pages worked out from the IDs the test wrote.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { type AuditCursor, type AuditFilters, listAuditEntries } from "./list-entries";
import { recordAudit } from "./record-audit";
import { addTestUser } from "./testing";

// Entries are keyed by the audit key, derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((from - to) / step) + 1 }, (_, i) => from - i * step);

describe.each(STORE_KINDS)("listAuditEntries (%s)", (kind) => {
  let store: Store;
  // 25 entries: odd IDs are user 1's refreshes (ONC-101 when ID % 4 is 1, else CARD-201), even IDs anonymous failures.
  beforeAll(async () => {
    store = await testStore(kind);
    await addTestUser(store, 1, "a@example.org", "A");
    for (let i = 1; i <= 25; i++)
      if (i % 2)
        await recordAudit(store, {
          actor: 1,
          action: "study.refresh",
          connectionId: "c",
          study: i % 4 === 1 ? "ONC-101" : "CARD-201",
          details: { outcome: "dropped", entries: i },
        });
      else
        await recordAudit(store, {
          actor: null,
          action: "auth.sign_in_failed",
          details: { method: "password", reason: "unknown_account", account: null },
        });
  });
  afterAll(async () => store.close());

  const ids = async (cursor: AuditCursor, filters: AuditFilters = {}, size = 10) => {
    const page = await listAuditEntries(store, filters, cursor, size);
    return { ids: page.entries.map((e) => e.id), older: page.older, newer: page.newer, matching: page.matching };
  };

  it("pages newest first by entry ID, both ways", async () => {
    expect(await ids(undefined)).toEqual({ ids: range(25, 16), older: 16, newer: undefined, matching: 25 });
    expect(await ids({ older: 16 })).toEqual({ ids: range(15, 6), older: 6, newer: 15, matching: 25 });
    expect(await ids({ older: 6 })).toEqual({ ids: range(5, 1), older: undefined, newer: 5, matching: 25 });
    expect(await ids({ newer: 5 })).toEqual({ ids: range(15, 6), older: 6, newer: 15, matching: 25 });
    expect(await ids({ newer: 15 })).toEqual({ ids: range(25, 16), older: 16, newer: undefined, matching: 25 });
    // Near the top, "newer" gives what is left above, still newest first.
    expect(await ids({ newer: 20 })).toEqual({ ids: range(25, 21), older: 21, newer: undefined, matching: 25 });
  });

  it("filters by user (or none), action, study and time", async () => {
    expect(await ids(undefined, { user: 1 })).toMatchObject({ ids: range(25, 7, 2), older: 7, matching: 13 });
    expect((await ids(undefined, { user: "none" })).ids).toEqual(range(24, 6, 2));
    expect(await ids(undefined, { user: 2 })).toEqual({ ids: [], older: undefined, newer: undefined, matching: 0 });
    expect((await ids(undefined, { action: "auth.sign_in_failed" })).matching).toBe(12);
    expect((await ids(undefined, { study: "ONC-101" })).ids).toEqual([25, 21, 17, 13, 9, 5, 1]);
    expect((await ids(undefined, { study: "ONC-101", user: "none" })).ids).toEqual([]);
    const times = (await store.db.selectFrom("audit_log").select("time").orderBy("id").execute()).map((r) => r.time);
    expect((await ids(undefined, { from: times[24] })).ids[0]).toBe(25);
    expect((await ids(undefined, { toExclusive: "1970-01-02T00:00:00.000Z" })).matching).toBe(0);
  });

  it("pages within several filters at once, counting every match rather than the page's", async () => {
    // User 1's CARD-201 refreshes: IDs 3, 7, 11, 15, 19, 23.
    const both = { user: 1, study: "CARD-201" } as const;
    expect(await ids(undefined, both, 2)).toEqual({ ids: [23, 19], older: 19, newer: undefined, matching: 6 });
    expect(await ids({ older: 19 }, both, 2)).toEqual({ ids: [15, 11], older: 11, newer: 15, matching: 6 });
    expect(await ids({ older: 11 }, both, 2)).toEqual({ ids: [7, 3], older: undefined, newer: 7, matching: 6 });
    expect(await ids({ newer: 7 }, both, 2)).toEqual({ ids: [15, 11], older: 11, newer: 15, matching: 6 });
  });
});

describe("listAuditEntries in SQLite", () => {
  it("uses an index for each filter rather than reading the table", async () => {
    const store = await testStore("sqlite");
    const plan = async (where: string) =>
      (
        await sql<{
          detail: string;
        }>`EXPLAIN QUERY PLAN SELECT * FROM audit_log WHERE ${sql.raw(where)} ORDER BY id DESC LIMIT 51`.execute(
          store.db,
        )
      ).rows
        .map((r) => r.detail)
        .join("; ");
    expect(await plan("actor_id = 1")).toMatch(/USING (COVERING )?INDEX audit_log_by_actor/);
    expect(await plan("action = 'x'")).toMatch(/USING (COVERING )?INDEX audit_log_by_action/);
    expect(await plan("study = 'x'")).toMatch(/USING (COVERING )?INDEX audit_log_by_study/);
    expect(await plan("1 AND id < 5")).toMatch(/USING INTEGER PRIMARY KEY/);
    await store.close();
  });
});

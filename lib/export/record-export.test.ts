/** An export's record is one `export.file` entry of the audit trail, with the file's facts and never a row. */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { verifyChain } from "@/lib/audit/verify-chain";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { type ExportRecord, recordExport } from "./record-export";

// Audit entries are keyed by a key derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

const exported: ExportRecord = {
  user: { id: 7, email: "ana@example.org" },
  address: "192.0.2.7",
  connection: { id: "c1", name: "Northstar", partnerId: "NORTHSTAR" },
  study: "ONC-101",
  view: "laboratory",
  table: "results.LB0214",
  format: "xlsx",
  filters: ['Filter Subject: "=S-0001"', "Sorted by Date ascending"],
  rows: 12,
  bytes: 4096,
  sha256: "ab".repeat(32),
  fileName: "ONC-101_laboratory-results_2026-05-01.xlsx",
  dataAsOf: Date.UTC(2026, 4, 1, 9, 30),
};

describe.each(STORE_KINDS)("recordExport (%s)", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore(kind);
    const ana = { id: 7, email: "ana@example.org", name: "Ana", role: "user" as const, created_at: "2026-01-01" };
    await store.db.insertInto("users").values(ana).execute();
  });
  afterEach(async () => store.close());

  it("writes one export.file entry naming the user, connection, study and the file's facts", async () => {
    await recordExport(exported, store);
    const rows = await store.db.selectFrom("audit_log").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: 7,
      address: "192.0.2.7",
      action: "export.file",
      connection_id: "c1",
      study: "ONC-101",
    });
    expect(JSON.parse(String(rows[0].details))).toEqual({
      view: "laboratory",
      table: "results.LB0214",
      format: "xlsx",
      filters: ['Filter Subject: "=S-0001"', "Sorted by Date ascending"],
      rows: 12,
      bytes: 4096,
      sha256: "ab".repeat(32),
      fileName: "ONC-101_laboratory-results_2026-05-01.xlsx",
      dataAsOf: "2026-05-01T09:30:00.000Z",
    });
    expect(await verifyChain(store)).toMatchObject({ ok: true, entries: 1 });
  });
});

/** A pack's record is one `export.pack` entry of the audit trail: the ZIP's facts, never its content. */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import type { Manifest } from "./manifest";
import { recordPackExport } from "./record-pack-export";

// Audit entries are keyed by a key derived from the portal's secret key (lib/audit/audit-key.ts).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));

describe.each(STORE_KINDS)("recordPackExport (%s)", (kind) => {
  let store: Store;
  afterEach(async () => store.close());

  it("writes one export.pack entry with the files, rows and the ZIP's size and SHA-256", async () => {
    store = await testStore(kind);
    const ana = { id: 7, email: "ana@example.org", name: "Ana", role: "user" as const, created_at: "2026-01-01" };
    await store.db.insertInto("users").values(ana).execute();
    const manifest = { dataAsOf: "2026-05-01T09:30:00.000Z", files: [{}, {}, {}] } as unknown as Manifest;
    const summary = { fileName: "ONC-101_export-pack_2026-05-01.zip", manifest, rows: 930, zipBytes: 5120 };
    await recordPackExport(
      {
        userId: 7,
        address: null,
        access: { connection: { id: "c1" }, study: "ONC-101" },
        summary: { ...summary, zipSha256: "cd".repeat(32) },
      },
      store,
    );
    const row = await store.db.selectFrom("audit_log").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_id: 7, action: "export.pack", connection_id: "c1", study: "ONC-101" });
    expect(JSON.parse(String(row.details))).toEqual({
      files: 3,
      rows: 930,
      bytes: 5120,
      sha256: "cd".repeat(32),
      fileName: "ONC-101_export-pack_2026-05-01.zip",
      dataAsOf: "2026-05-01T09:30:00.000Z",
    });
  });
});

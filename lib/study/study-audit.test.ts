/**
 * A user's study in the audit trail, through openUserStudy and a section loader against the in-process partner
 * service: a completed load is recorded once, by the request that started it, with its record counts (checked
 * against the service's database); Refresh; and each refusal (another user's or an unknown connection, a study
 * not on the list, a study the partner does not grant).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, northstar, TEST_BASE, type TestService } from "@/partner-service/testing";

vi.stubEnv("PORTAL_DB_PATH", join(mkdtempSync(join(tmpdir(), "study-audit-")), "portal.db"));
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
vi.stubEnv("NEXTAUTH_SECRET", "n".repeat(40));
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", TEST_BASE);

const { portalDb } = await import("@/lib/db/portal-db");
const { createConnection } = await import("@/lib/db/connections");
const { openUserStudy } = await import("./open-user-study");
const { loadSubjectList } = await import("./subject-list");
const { cacheWithLog } = await import("./testing");

let t: TestService;
let cache: StudyCache;
let alice: number;
let bob: number;
let connectionId: string;
const FROM = { address: "192.0.2.44", via: "study_page" } as const;

beforeAll(async () => {
  t = await createTestService({ data: { subjects: 8, visits: 2 } });
  const db = portalDb();
  const add = (email: string) =>
    Number(
      db.prepare("INSERT INTO users (email, name, role, created_at) VALUES (?, ?, 'user', '')").run(email, email)
        .lastInsertRowid,
    );
  alice = add("alice@example.org");
  bob = add("bob@example.org");
  const { partnerId, clientId, clientSecret } = northstar;
  const fields = { name: "N", baseUrl: TEST_BASE, partnerId, clientId, studies: ["ONC-101", "ONC-102"] };
  connectionId = createConnection(db, alice, fields, clientSecret).id;
});
afterAll(() => t.db.close());
beforeEach(() => {
  cache = cacheWithLog(t.fetch).cache;
});

type Entry = { id: number; action: string; actor: number; connection: string; study: string; details: unknown };
let seen = 0;
/** The entries written since the last call. */
function newEntries(): Omit<Entry, "id">[] {
  const rows = portalDb()
    .prepare(
      `SELECT id, action, actor_id AS actor, connection_id AS connection, study, details, address
       FROM audit_log WHERE id > ? ORDER BY id`,
    )
    .all(seen) as (Entry & { details: string; address: string })[];
  seen = rows.at(-1)?.id ?? seen;
  expect(rows.every((r) => r.address === FROM.address)).toBe(true);
  return rows.map(({ id, address, ...r }) => ({ ...r, details: JSON.parse(r.details) }));
}
const open = (userId: number, study = "ONC-101", id = connectionId) =>
  openUserStudy(userId, { connectionId: id, study }, cache, FROM);
const count = (table: string) =>
  (t.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE study_number = 'ONC-101'`).get() as { n: number }).n;

describe("study data in the audit trail", () => {
  it("records each completed load once, by the request that started it, with its counts", async () => {
    newEntries();
    // Two requests side by side share the loads; then one served from the cache loads nothing.
    await Promise.all([loadSubjectList(open(alice)!), loadSubjectList(open(alice)!)]);
    await loadSubjectList(open(alice)!);
    const loads = newEntries();
    expect(loads.map((e) => (e.details as { kind: string }).kind).sort()).toEqual([
      "AdverseEvent",
      "DiagnosticReport",
      "Group",
      "Patient",
    ]);
    for (const e of loads) {
      expect(e).toMatchObject({ action: "study.load", actor: alice, connection: connectionId, study: "ONC-101" });
      const d = e.details as { records: number; received: number; refused: number };
      expect(d.records + d.refused).toBe(d.received);
    }
    const of = (kind: string) => loads.find((e) => (e.details as { kind: string }).kind === kind)!.details;
    expect(of("Patient")).toMatchObject({ received: count("subjects") });
    expect(of("AdverseEvent")).toMatchObject({ received: count("adverse_events") });
  });

  it("records a Refresh with what it dropped, and the loads that follow it", async () => {
    await loadSubjectList(open(alice)!);
    newEntries();
    expect(await open(alice)!.refresh()).toEqual({ status: "dropped", entries: 4 });
    await loadSubjectList(open(alice)!);
    const [refresh, ...loads] = newEntries();
    expect(refresh).toMatchObject({ action: "study.refresh", details: { outcome: "dropped", entries: 4 } });
    expect(loads.map((e) => e.action)).toEqual(Array(4).fill("study.load"));
  });

  it("records another user's connection, an unknown one and a study not on the list as refused", () => {
    newEntries();
    const unknown = randomUUID();
    expect(open(bob, "ONC-101")).toBeUndefined();
    expect(open(alice, "ONC-101", unknown)).toBeUndefined();
    expect(open(alice, "CARD-201")?.listed).toBe(false);
    const refused = (actor: number, connection: string, study: string, reason: string) => ({
      action: "access.refused",
      actor,
      connection,
      study,
      details: { reason, via: "study_page", unrecorded: 0 },
    });
    expect(newEntries()).toEqual([
      refused(bob, connectionId, "ONC-101", "other_users_connection"),
      refused(alice, unknown, "ONC-101", "unknown_connection"),
      refused(alice, connectionId, "CARD-201", "study_not_listed"),
    ]);
  });

  it("records a study the partner does not grant once, however many record types the view asks for", async () => {
    newEntries();
    await expect(loadSubjectList(open(alice, "ONC-102")!)).rejects.toMatchObject({ kind: "forbidden" });
    expect(newEntries()).toEqual([
      {
        action: "access.refused",
        actor: alice,
        connection: connectionId,
        study: "ONC-102",
        details: { reason: "study_forbidden", via: "study_page", unrecorded: 0 },
      },
    ]);
  });
});

/**
 * A user's study in the audit trail, through openUserStudy and a section loader against the in-process partner
 * service: a completed load is recorded once, by the request that started it, with its record counts (checked
 * against the service's database); Refresh; and each refusal (another user's or an unknown connection, a study
 * not on the list, a study the partner does not grant).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import type { StudyCache } from "@/lib/study-cache/study-cache";
import { createTestService, northstar, TEST_BASE, type TestService } from "@/partner-service/testing";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
vi.stubEnv("NEXTAUTH_SECRET", "n".repeat(40));
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", TEST_BASE);

// The process's portal store is the test's store of each kind in turn.
const held = vi.hoisted(() => ({ store: undefined as Store | undefined }));
vi.mock("@/lib/store/portal-store", () => ({ portalStore: async () => held.store }));

const { createConnection } = await import("@/lib/db/connections");
const { addUserRow } = await import("@/lib/connections/testing");
const { forgetProcessSingleton } = await import("@/lib/runtime/process-singleton");
const { openUserStudy } = await import("./open-user-study");
const { loadSubjectList } = await import("./subject-list");
const { cacheWithLog } = await import("./testing");
const { SnapshotStore } = await import("@/lib/snapshots/snapshot-store");

type Kind = { kind: string };

let t: TestService;
const FROM = { address: "192.0.2.44", via: "study_page" } as const;

beforeAll(async () => {
  t = await createTestService({ data: { subjects: 8, visits: 2 } });
});
afterAll(() => t.db.close());

const count = (table: string) =>
  (t.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE study_number = 'ONC-101'`).get() as { n: number }).n;

describe.each(STORE_KINDS)("study data in the audit trail (%s)", (kind) => {
  let store: Store;
  let cache: StudyCache;
  let alice: number;
  let bob: number;
  let connectionId: string;
  let seen = 0;

  beforeAll(async () => {
    // Refusals are counted per user ID in the process (lib/audit/record-refusal.ts): each store starts afresh.
    forgetProcessSingleton("accessRefusalSampler");
    store = await testStore(kind);
    held.store = store;
    alice = await addUserRow(store, "alice@example.org");
    bob = await addUserRow(store, "bob@example.org");
    const { partnerId, clientId, clientSecret } = northstar;
    const fields = { name: "N", baseUrl: TEST_BASE, partnerId, clientId, studies: ["ONC-101", "ONC-102"] };
    connectionId = (await createConnection(store, alice, fields, clientSecret)).id;
  });
  afterAll(async () => store.close());
  beforeEach(() => {
    cache = cacheWithLog(t.fetch).cache;
  });

  /** The entries written since the last call. */
  async function newEntries() {
    const rows = await store.db
      .selectFrom("audit_log")
      .select(["id", "action", "actor_id as actor", "connection_id as connection", "study", "details", "address"])
      .where("id", ">", seen)
      .orderBy("id")
      .execute();
    seen = rows.at(-1)?.id ?? seen;
    expect(rows.every((r) => r.address === FROM.address)).toBe(true);
    return rows.map(({ id, address, ...r }) => ({ ...r, details: JSON.parse(r.details) as unknown }));
  }
  const open = async (userId: number, study = "ONC-101", id = connectionId) =>
    (await openUserStudy(userId, { connectionId: id, study }, cache, FROM))!;

  it("records each completed load once, by the request that started it, with its counts", async () => {
    await newEntries();
    // Two requests side by side share the loads; then one served from the cache loads nothing.
    const [first, second] = await Promise.all([open(alice), open(alice)]);
    await Promise.all([loadSubjectList(first), loadSubjectList(second)]);
    await loadSubjectList(await open(alice));
    const loads = await newEntries();
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

  it("records a load from the partner kept as a snapshot, after the load, with its fingerprint", async () => {
    const kept = new SnapshotStore(async () => store, { kept: 20, keptDays: 365 });
    cache = cacheWithLog(t.fetch, undefined, kept).cache;
    await newEntries();
    await loadSubjectList(await open(alice));
    await cache.snapshotsKept();
    const entries = await newEntries();
    const stored = await store.db.selectFrom("study_snapshots").select(["record_type", "fingerprint"]).execute();
    const keeps = entries.filter((e) => e.action === "study.keep");
    expect(keeps.map((e) => e.details).sort((a, b) => ((a as Kind).kind < (b as Kind).kind ? -1 : 1))).toEqual(
      stored.map((s) => ({ kind: s.record_type, snapshot: s.fingerprint })).sort((a, b) => (a.kind < b.kind ? -1 : 1)),
    );
    expect(keeps).toHaveLength(4);
    for (const keep of keeps) {
      expect(keep).toMatchObject({ actor: alice, connection: connectionId, study: "ONC-101" });
      const load = entries.findIndex(
        (e) => e.action === "study.load" && (e.details as Kind).kind === (keep.details as Kind).kind,
      );
      expect(load).toBeGreaterThanOrEqual(0);
      expect(load).toBeLessThan(entries.indexOf(keep));
    }
  });

  it("records a Refresh with what it dropped, and the loads that follow it", async () => {
    await loadSubjectList(await open(alice));
    await newEntries();
    expect(await (await open(alice)).refresh()).toEqual({ status: "dropped", entries: 4 });
    await loadSubjectList(await open(alice));
    const [refresh, ...loads] = await newEntries();
    expect(refresh).toMatchObject({ action: "study.refresh", details: { outcome: "dropped", entries: 4 } });
    expect(loads.map((e) => e.action)).toEqual(Array(4).fill("study.load"));
  });

  it("records another user's connection, an unknown one and a study not on the list as refused", async () => {
    await newEntries();
    const unknown = randomUUID();
    expect(await open(bob, "ONC-101")).toBeUndefined();
    expect(await open(alice, "ONC-101", unknown)).toBeUndefined();
    expect((await open(alice, "CARD-201"))?.listed).toBe(false);
    const refused = (actor: number, connection: string, study: string, reason: string) => ({
      action: "access.refused",
      actor,
      connection,
      study,
      details: { reason, via: "study_page", unrecorded: 0 },
    });
    expect(await newEntries()).toEqual([
      refused(bob, connectionId, "ONC-101", "other_users_connection"),
      refused(alice, unknown, "ONC-101", "unknown_connection"),
      refused(alice, connectionId, "CARD-201", "study_not_listed"),
    ]);
  });

  it("records a study the partner does not grant once, however many record types the view asks for", async () => {
    await newEntries();
    await expect(loadSubjectList(await open(alice, "ONC-102"))).rejects.toMatchObject({ kind: "forbidden" });
    expect(await newEntries()).toEqual([
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

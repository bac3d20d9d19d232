/**
 * The administrators' view of snapshots and their purge, on both stores: per identity and study the snapshots and
 * the bytes of the chunks they name (read here from the chunks' own bodies), the identity named by a connection
 * that reads as it; a purge deletes one identity's study and, past the chunks' grace, only the chunks nothing else
 * names; a refused form purges nothing; each purge is in the audit trail.
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addTestUser } from "@/lib/audit/testing";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { cacheCredentials, snapshotIdentity } from "@/lib/study-cache/cache-keys";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import { purgeFromForm } from "./purge-form";
import { CHUNK_GRACE_MS } from "./retention";
import { SnapshotStore } from "./snapshot-store";
import { snapshotUsage } from "./snapshot-usage";

const NORTH = { baseUrl: "https://partner.example/", partnerId: "NORTHSTAR", clientId: "north" };
const LAKE = { baseUrl: "https://partner.example", partnerId: "LAKESIDE", clientId: "lake" };
const id = (creds: typeof NORTH) => snapshotIdentity(cacheCredentials({ ...creds, clientSecret: "" }));
// The audit trail's key (the purge is recorded).
vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
const T0 = Date.parse("2026-11-20T14:05:00Z");

/** Rows of `subjects` subjects, `per` rows each: one chunk per subject (lib/snapshots/chunks.ts). */
function rows(subjects: string[], per: number, value = 1): CachedRows<unknown> {
  const out = subjects.flatMap((s) =>
    Array.from({ length: per }, (_, i) => ({ subjectId: s, id: `${s}-${i}`, value })),
  );
  return { rows: out, received: out.length, rejected: { count: 0, examples: [], reasons: [] } } as CachedRows<unknown>;
}

describe.each(STORE_KINDS)("snapshot usage and purge (%s)", (kind) => {
  let store: Store;
  let now = T0;
  let snapshots: SnapshotStore;
  beforeEach(async () => {
    store = await testStore(kind);
    now = T0;
    snapshots = new SnapshotStore(
      async () => store,
      { kept: 20, keptDays: 365 },
      () => now,
    );
    await addTestUser(store, 1, "a@example.org", "A");
    await store.db
      .insertInto("connections")
      .values({
        id: "c1",
        user_id: 1,
        name: "Northstar",
        base_url: NORTH.baseUrl,
        partner_id: NORTH.partnerId,
        client_id: NORTH.clientId,
        secret_sealed: "x",
        studies: "[]",
        created_at: "",
        updated_at: "",
      })
      .execute();
  });
  afterEach(() => store.close());

  const keep = (creds: typeof NORTH, study: string, recordType: string, value: CachedRows<unknown>, at: number) =>
    snapshots.keep({ identity: id(creds), study, recordType }, value, at);

  const bodyBytes = async () =>
    (await store.db.selectFrom("snapshot_chunks").select("body").execute()).reduce((n, r) => n + r.body.length, 0);

  it("counts per identity and study the snapshots, record types and the bytes of the chunks they name", async () => {
    await keep(NORTH, "ONC-101", "Patient", rows(["101-0001", "101-0002"], 3), T0);
    await keep(NORTH, "ONC-101", "AdverseEvent", rows(["101-0001"], 2), T0 + 1_000);
    // The second cut: one subject's rows changed, the other's chunk shared with the first.
    await keep(NORTH, "ONC-101", "Patient", { ...rows(["101-0001", "101-0002"], 3), rows: [] }, T0 + 7 * 86_400_000);
    const usage = await snapshotUsage(store);
    expect(usage.studies).toHaveLength(1);
    const [north] = usage.studies;
    expect(north).toMatchObject({ identity: id(NORTH), study: "ONC-101", snapshots: 3, recordTypes: 2 });
    expect([north.firstTakenAt, north.latestTakenAt]).toEqual([T0, T0 + 7 * 86_400_000]);
    expect(north.named).toEqual({ baseUrl: "https://partner.example", partnerId: "NORTHSTAR", clientId: "north" });
    // Three chunks in all (two subjects' Patients, one subject's events), every one named by this study.
    expect(usage.chunks).toBe(3);
    expect(usage.bytes).toBe(await bodyBytes());
    expect(north.bytes).toBe(usage.bytes);
  });

  it("names no connection for an unknown identity, and counts a shared chunk in each study naming it", async () => {
    await keep(NORTH, "ONC-101", "Patient", rows(["101-0001"], 3), T0);
    await keep(LAKE, "ONC-102", "Patient", rows(["101-0001"], 3), T0);
    const usage = await snapshotUsage(store);
    expect(usage.chunks).toBe(1);
    expect(usage.studies.map((s) => [s.study, s.named?.partnerId ?? null, s.bytes])).toEqual([
      ["ONC-101", "NORTHSTAR", usage.bytes],
      ["ONC-102", null, usage.bytes],
    ]);
  });

  it("purges one identity's study, its unshared chunks past their grace, and records the purge", async () => {
    await keep(NORTH, "ONC-101", "Patient", rows(["101-0001", "101-0002"], 3), T0);
    await keep(LAKE, "ONC-102", "Patient", rows(["101-0001"], 3), T0);
    now = T0 + CHUNK_GRACE_MS + 1;
    const form = new FormData();
    form.set("identity", id(NORTH));
    form.set("study", "ONC-101");
    const outcome = await purgeFromForm(store, { userId: 1, address: "192.0.2.1" }, form, now);
    // The subject both identities hold stays: LAKESIDE's snapshot names its chunk.
    expect(outcome).toEqual({ ok: true, study: "ONC-101", snapshots: 1, chunks: 1 });
    const usage = await snapshotUsage(store);
    expect(usage.studies.map((s) => s.study)).toEqual(["ONC-102"]);
    expect(usage.chunks).toBe(1);
    const entry = await store.db.selectFrom("audit_log").selectAll().where("action", "=", "snapshots.purge").execute();
    expect(entry).toHaveLength(1);
    expect(entry[0].study).toBe("ONC-101");
    expect(JSON.parse(entry[0].details)).toEqual({ identity: id(NORTH), snapshots: 1, chunks: 1 });
  });

  it("keeps the chunks of a purge written within the hour, and refuses a form naming no identity", async () => {
    await keep(NORTH, "ONC-101", "Patient", rows(["101-0001"], 3), T0);
    const form = new FormData();
    form.set("identity", id(NORTH));
    form.set("study", "ONC-101");
    expect(await purgeFromForm(store, { userId: 1, address: null }, form, T0 + 60_000)).toMatchObject({
      snapshots: 1,
      chunks: 0,
    });
    expect((await snapshotUsage(store)).chunks).toBe(1);
    const bad = new FormData();
    bad.set("identity", "not-a-hash");
    bad.set("study", "ONC-101");
    expect(await purgeFromForm(store, { userId: 1, address: null }, bad)).toEqual({ ok: false });
    const entries = await store.db.selectFrom("audit_log").select("action").where("action", "=", "snapshots.purge");
    expect(await entries.execute()).toHaveLength(1);
  });
});

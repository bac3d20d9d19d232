import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import { CHUNK_GRACE_MS } from "./retention";
import { SnapshotStore } from "./snapshot-store";

const ID = "c".repeat(64);
const DAY = 86_400_000;
const at = { identity: ID, study: "ONC-101", recordType: "AdverseEvent" };

/** One row per subject, the value telling the cuts apart: subject 0's row changes with each cut. */
const cut = (n: number): CachedRows<unknown> => ({
  rows: [0, 1, 2].map((s) => ({ id: `ae-${s}`, subjectId: `S-${s}`, grade: s === 0 ? n : 1 })),
  received: 3,
  rejected: { count: 0, reasons: [] },
});

describe.each(STORE_KINDS)("snapshot retention in the %s store", (kind) => {
  let store: Store;
  const clock = { now: Date.UTC(2026, 10, 1) };
  beforeEach(async () => {
    store = await testStore(kind);
  });
  afterEach(async () => store.close());

  const chunkCount = async () => (await store.db.selectFrom("snapshot_chunks").select("hash").execute()).length;

  it("keeps the newest per record type and sweeps chunks only the others named, not what kept ones use", async () => {
    const snapshots = new SnapshotStore(
      async () => store,
      { kept: 2, keptDays: 365 },
      () => clock.now,
    );
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      ids.push((await snapshots.keep(at, cut(n), clock.now)).id);
      clock.now += CHUNK_GRACE_MS + 1;
    }
    // Three cuts: subjects 1 and 2 shared (2 chunks), subject 0 in three versions.
    expect(await chunkCount()).toBe(4);
    ids.push((await snapshots.keep(at, cut(4), clock.now)).id);
    const left = await store.db.selectFrom("study_snapshots").select("id").orderBy("id").execute();
    expect(left.map((r) => r.id)).toEqual(ids.slice(2));
    // Cuts 1 and 2's versions of subject 0 are named by no snapshot left and past their grace; cut 4's is new.
    expect(await chunkCount()).toBe(4);
    expect((await snapshots.read(ID, ids[2])).value).toEqual(cut(3));
    expect((await snapshots.read(ID, ids[3])).value).toEqual(cut(4));
  });

  it("lets no snapshot outlive its days but the latest", async () => {
    const snapshots = new SnapshotStore(
      async () => store,
      { kept: 20, keptDays: 30 },
      () => clock.now,
    );
    const first = await snapshots.keep(at, cut(1), clock.now);
    clock.now += 31 * DAY;
    const second = await snapshots.keep(at, cut(2), clock.now);
    clock.now += 31 * DAY;
    const left = await store.db.selectFrom("study_snapshots").select("id").execute();
    expect(left.map((r) => r.id)).toEqual([second.id]);
    expect(first.id).toBeLessThan(second.id);
    // Alone and old, the latest stays.
    await snapshots.keep({ ...at, recordType: "Patient" }, cut(1), clock.now);
    expect(await snapshots.latest(at)).toMatchObject({ id: second.id });
  });
});

import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { contentHashesOf, keepContentHashes } from "@/lib/study-cache/content-hashes";
import type { CachedRows } from "@/lib/study-cache/row-mappers";
import { chunkStarts, ROWS_PER_CHUNK } from "./chunks";
import { SnapshotStore } from "./snapshot-store";

const A = "a".repeat(64);
const B = "b".repeat(64);
const AT = Date.UTC(2026, 10, 20, 14, 5);

/** Laboratory-like rows: `subjects` subjects of `each` results, in subject order. */
function rows(subjects: number, each: number) {
  const out = [];
  for (let s = 0; s < subjects; s++)
    for (let i = 0; i < each; i++)
      out.push({ id: `r-${s}-${i}`, subjectId: `S-${s}`, code: "ALT", value: (s * each + i) / 10, unit: "U/L" });
  return out;
}

const cached = (r: unknown[]): CachedRows<unknown> => ({
  rows: r,
  received: r.length + 1,
  rejected: { count: 1, reasons: [{ reason: "value: Expected number", count: 1 }] },
});

/** A row's content hash as docs/review.md defines it: the first 8 bytes of the SHA-256 of its JSON. */
const hashOf = (row: unknown) => createHash("sha256").update(JSON.stringify(row)).digest().subarray(0, 8);

describe("chunkStarts", () => {
  it("starts a chunk at each new subject and every ROWS_PER_CHUNK rows of one subject's run", () => {
    const r = [...rows(1, ROWS_PER_CHUNK + 10), ...rows(2, 3).slice(3)];
    // Subject S-0: 266 rows (chunks at 0 and 256); then S-1's three rows start at 266.
    expect(chunkStarts(r)).toEqual([0, ROWS_PER_CHUNK, ROWS_PER_CHUNK + 10]);
    expect(chunkStarts([])).toEqual([]);
  });
});

describe.each(STORE_KINDS)("snapshots in the %s store", (kind) => {
  let store: Store;
  let snapshots: SnapshotStore;
  beforeEach(async () => {
    store = await testStore(kind);
    snapshots = new SnapshotStore(async () => store, { kept: 20, keptDays: 365 });
  });
  afterEach(async () => store.close());

  const at = (identity: string) => ({ identity, study: "ONC-101", recordType: "laboratory" });

  it("reads back the rows, counts and refusals as they were kept, with the time they were taken", async () => {
    const value = cached(rows(12, 40));
    const kept = await snapshots.keep(at(A), value, AT);
    expect(kept).toMatchObject({ study: "ONC-101", recordType: "laboratory", takenAt: AT, records: 480 });
    const read = await snapshots.read(A, kept.id);
    expect(read.value).toEqual(value);
    expect(read.takenAt).toBe(AT);
    expect(read.bytes).toBeGreaterThan(0);
  });

  it("reads back each row's content hash with the rows, made when kept where the load made none", async () => {
    const value = cached(rows(3, 300));
    const read = await snapshots.read(A, (await snapshots.keep(at(A), value, AT)).id);
    expect(contentHashesOf(read.value.rows as object[])).toEqual(Buffer.concat(value.rows.map(hashOf)));
  });

  it("keeps the hashes the load made, as the load gave them", async () => {
    const value = cached(rows(2, 300));
    // Not the rows' real hashes: what comes back can only be what was kept.
    const given = Uint8Array.from({ length: value.rows.length * 8 }, (_, i) => (i * 7) % 251);
    keepContentHashes(value.rows as object[], given);
    const read = await snapshots.read(A, (await snapshots.keep(at(A), value, AT)).id);
    expect(new Uint8Array(contentHashesOf(read.value.rows as object[]) ?? [])).toEqual(given);
  });

  it("reads a chunk held without its rows' hashes, and gives it them when the same rows are kept again", async () => {
    const value = cached(rows(4, 30));
    const first = await snapshots.keep(at(A), value, AT);
    await store.write((tx) => tx.db.updateTable("snapshot_chunks").set({ row_hashes: null }).execute());
    const bare = await snapshots.read(A, first.id);
    expect(bare.value).toEqual(value);
    expect(contentHashesOf(bare.value.rows as object[])).toBeUndefined();
    const again = await snapshots.keep(at(A), cached(rows(4, 30)), AT + 1000);
    expect(again.bytes).toBe(0);
    const read = await snapshots.read(A, first.id);
    expect(contentHashesOf(read.value.rows as object[])).toEqual(Buffer.concat(value.rows.map(hashOf)));
  });

  it("stores unchanged rows once: the same data again, or by another identity, add no bytes", async () => {
    const first = await snapshots.keep(at(A), cached(rows(12, 40)), AT);
    const again = await snapshots.keep(at(A), cached(rows(12, 40)), AT + 1000);
    const other = await snapshots.keep(at(B), cached(rows(12, 40)), AT + 2000);
    expect(first.bytes).toBeGreaterThan(0);
    expect([again.bytes, other.bytes]).toEqual([0, 0]);
    expect(new Set([first.fingerprint, again.fingerprint, other.fingerprint]).size).toBe(1);
    const chunks = await store.db.selectFrom("snapshot_chunks").select("hash").execute();
    expect(chunks).toHaveLength(12);
  });

  it("stores a changed record's chunk and the new rows' chunks, and nothing else again", async () => {
    const before = rows(12, 40);
    await snapshots.keep(at(A), cached(before), AT);
    const after = [...before, ...rows(14, 40).slice(12 * 40)].map((r) => (r.id === "r-3-7" ? { ...r, value: 99 } : r));
    const kept = await snapshots.keep(at(A), cached(after), AT + 1000);
    // One chunk of subject 3 changed and subjects 12 and 13 are new: three chunks, each of one subject's 40 rows.
    expect(await store.db.selectFrom("snapshot_chunks").select("hash").execute()).toHaveLength(15);
    expect((await snapshots.read(A, kept.id)).value.rows).toEqual(after);
    const latest = await snapshots.latest(at(A));
    expect(latest?.id).toBe(kept.id);
  });

  it("gives a snapshot only to the identity that took it", async () => {
    const kept = await snapshots.keep(at(A), cached(rows(2, 3)), AT);
    await expect(snapshots.read(B, kept.id)).rejects.toThrow();
    expect(await snapshots.latest(at(B))).toBeUndefined();
  });
});

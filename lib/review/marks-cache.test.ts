import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertUserRow } from "@/lib/db/testing";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { cachedMarks, markKept, unmarkKept } from "./marks-cache";
import type { ReviewList } from "./marks-store";
import { markRecords, unmarkRecords } from "./marks-write";

const AT = new Date("2026-11-30T10:00:00.000Z");
const hash = (n: number) => String(n).repeat(16);

describe.each(STORE_KINDS)("a list's marks in memory (%s)", (kind) => {
  let store: Store;
  let list: ReviewList;
  beforeEach(async () => {
    store = await testStore(kind);
    list = {
      organisation: "c".repeat(64),
      study: "S-1",
      userId: await insertUserRow(store, "a@b.org"),
      recordType: "laboratory",
    };
  });
  afterEach(() => store.close());

  it("follow every write made through the store since they were read, as another instance's would be", async () => {
    expect((await cachedMarks(store, list)).marks.size).toBe(0);
    await markRecords(
      store,
      list,
      [
        { key: "a", hash: hash(1) },
        { key: "b", hash: hash(2) },
      ],
      AT,
      null,
    );
    expect([...(await cachedMarks(store, list)).marks.keys()].sort()).toEqual(["a", "b"]);
    // Written straight to the store, past the copy held in memory.
    await markRecords(
      store,
      list,
      [
        { key: "a", hash: hash(3) },
        { key: "c", hash: hash(4) },
      ],
      AT,
      5,
    );
    await unmarkRecords(store, list, ["b"], AT);
    const now = await cachedMarks(store, list);
    expect(now.version).toBe(3);
    expect(Object.fromEntries([...now.marks].map(([k, m]) => [k, [m.hash, m.snapshot]]))).toEqual({
      a: [hash(3), 5],
      c: [hash(4), 5],
    });
  });

  it("tell the records whose marks changed since an earlier version, each with its mark then", async () => {
    await markRecords(store, list, [{ key: "a", hash: hash(1) }], AT, null);
    const first = await cachedMarks(store, list);
    expect(first.version).toBe(1);
    // Read whole at version 1: nothing is known before it.
    expect(first.changedSince?.(0)).toBeNull();
    await markRecords(
      store,
      list,
      [
        { key: "a", hash: hash(2) },
        { key: "b", hash: hash(3) },
      ],
      AT,
      null,
    );
    // Read at each version, as an instance serving pages between the marks reads them.
    expect((await cachedMarks(store, list)).version).toBe(2);
    await unmarkRecords(store, list, ["a"], AT);
    const now = await cachedMarks(store, list);
    expect(now.version).toBe(3);
    const since = (v: number) => now.changedSince?.(v)?.map((c) => [c.key, c.before?.hash ?? null]);
    // a: marked with hash 1, marked again with hash 2, then unmarked; b: marked at version 2.
    // Version 2's two changes (in the store's order), then version 3's.
    const fromOne = since(1) ?? [];
    expect([fromOne.slice(0, 2).sort(), fromOne.slice(2)]).toEqual([
      [
        ["a", hash(1)],
        ["b", null],
      ],
      [["a", hash(2)]],
    ]);
    expect(since(2)).toEqual([["a", hash(2)]]);
    expect(since(3)).toEqual([]);
    // A copy read at version 1 answers up to version 1 only, whatever was read since.
    expect(first.changedSince?.(1)).toEqual([]);
  });

  it("put this instance's own writes in its copy as written, and read only others' from the store", async () => {
    await markRecords(store, list, [{ key: "a", hash: hash(1) }], AT, null);
    expect((await cachedMarks(store, list)).version).toBe(1);
    const later = new Date("2026-11-30T11:00:00.000Z");
    expect(await markKept(store, list, [{ key: "b", hash: hash(2) }], later, 4)).toBe(2);
    // b's row taken out of the store behind the copy's back: a copy that read its own write back would lack b.
    await store.db.deleteFrom("review_marks").where("record_key", "=", "b").execute();
    // Another instance's write lands in the store: the copy catches up with it at the next read.
    await markRecords(store, list, [{ key: "c", hash: hash(3) }], AT, null);
    expect(await unmarkKept(store, list, ["a", "x"], AT)).toBe(4);
    const now = await cachedMarks(store, list);
    expect(now.version).toBe(4);
    expect(Object.fromEntries([...now.marks].map(([k, m]) => [k, [m.hash, m.at, m.snapshot]]))).toEqual({
      b: [hash(2), later.toISOString(), 4],
      c: [hash(3), AT.toISOString(), null],
    });
    // Version 2 (b marked), 3 (c) and 4 (a's mark taken away; x was never marked).
    expect(now.changedSince?.(1)?.map((c) => [c.key, c.before?.hash ?? null])).toEqual([
      ["b", null],
      ["c", null],
      ["a", hash(1)],
    ]);
  });

  it("start the log again at a write of more records than it keeps: nothing earlier is said known", async () => {
    await markRecords(store, list, [{ key: "a", hash: hash(1) }], AT, null);
    expect((await cachedMarks(store, list)).version).toBe(1);
    const many = Array.from({ length: 20_001 }, (_, i) => ({ key: `r${i}`, hash: hash(i % 10) }));
    await markKept(store, list, many, AT, null);
    const now = await cachedMarks(store, list);
    expect([now.version, now.marks.size]).toEqual([2, 20_002]);
    expect(now.changedSince?.(1)).toBeNull();
    expect(now.changedSince?.(2)).toEqual([]);
  });
});

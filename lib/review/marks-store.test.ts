import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertUserRow } from "@/lib/db/testing";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { marksVersion, type ReviewList, readMarks, readSince } from "./marks-store";
import { markRecords, unmarkRecords } from "./marks-write";

const ORG = "a".repeat(64);
const OTHER_ORG = "b".repeat(64);
const AT = new Date("2026-11-30T10:00:00.000Z");
const LATER = new Date("2026-11-30T11:30:00.000Z");

describe.each(STORE_KINDS)("reviewed marks in the store (%s)", (kind) => {
  let store: Store;
  let ana: ReviewList;
  let bo: ReviewList;
  beforeEach(async () => {
    store = await testStore(kind);
    const anaId = await insertUserRow(store, "ana@example.org");
    const boId = await insertUserRow(store, "bo@example.org");
    ana = { organisation: ORG, study: "S-1", userId: anaId, recordType: "AdverseEvent" };
    bo = { ...ana, userId: boId };
  });
  afterEach(() => store.close());

  it("reads no marks at version 0 for a list never written", async () => {
    expect(await marksVersion(store, ana)).toBe(0);
    const read = await readMarks(store, ana);
    expect(read.version).toBe(0);
    expect(read.marks.size).toBe(0);
  });

  it("keeps each record's hash, time and snapshot, and a later mark replaces an earlier one", async () => {
    expect(await markRecords(store, ana, [{ key: "ae-1", hash: "0123456789abcdef" }], AT, 7)).toBe(1);
    const v = await markRecords(
      store,
      ana,
      [
        { key: "ae-1", hash: "fedcba9876543210" },
        { key: "ae-2", hash: "1111111111111111" },
      ],
      LATER,
      null,
    );
    expect(v).toBe(2);
    const read = await readMarks(store, ana);
    expect(read.version).toBe(2);
    expect(Object.fromEntries(read.marks)).toEqual({
      "ae-1": { hash: "fedcba9876543210", at: "2026-11-30T11:30:00.000Z", snapshot: null },
      "ae-2": { hash: "1111111111111111", at: "2026-11-30T11:30:00.000Z", snapshot: null },
    });
  });

  it("unmarks only the keys named, and moves the version on", async () => {
    await markRecords(
      store,
      ana,
      ["a", "b", "c"].map((key) => ({ key, hash: "0".repeat(16) })),
      AT,
      3,
    );
    expect(await unmarkRecords(store, ana, ["b", "zz"], LATER)).toBe(2);
    expect([...(await readMarks(store, ana)).marks.keys()].sort()).toEqual(["a", "c"]);
    expect(await marksVersion(store, ana)).toBe(2);
  });

  it("tells what each write after a version did, marks taken away included, and nothing of earlier ones", async () => {
    await markRecords(store, ana, [{ key: "a", hash: "1".repeat(16) }], AT, 1);
    await markRecords(store, ana, [{ key: "b", hash: "2".repeat(16) }], AT, 1);
    await unmarkRecords(store, ana, ["a"], LATER);
    await markRecords(store, ana, [{ key: "c", hash: "3".repeat(16) }], LATER, 2);
    const told: [string, string | null][] = [];
    expect(await readSince(store, ana, 2, (key, mark) => told.push([key, mark?.hash ?? null]))).toBe(4);
    expect(told.sort()).toEqual([
      ["a", null],
      ["c", "3".repeat(16)],
    ]);
    const none: string[] = [];
    expect(await readSince(store, ana, 4, (key) => none.push(key))).toBe(4);
    expect(none).toEqual([]);
    // Read from the start, only the marks are told: a's taken away is none.
    const whole: string[] = [];
    expect(await readSince(store, ana, 0, (key, mark) => whole.push(`${key}:${mark?.hash ?? null}`))).toBe(4);
    expect(whole.sort()).toEqual([`b:${"2".repeat(16)}`, `c:${"3".repeat(16)}`]);
    // A mark taken away is not among the list's marks.
    expect([...(await readMarks(store, ana)).marks.keys()].sort()).toEqual(["b", "c"]);
  });

  it("keeps one user's, organisation's, study's and record type's marks apart", async () => {
    await markRecords(store, ana, [{ key: "k", hash: "1".repeat(16) }], AT, null);
    expect((await readMarks(store, bo)).marks.size).toBe(0);
    expect((await readMarks(store, { ...ana, organisation: OTHER_ORG })).marks.size).toBe(0);
    expect((await readMarks(store, { ...ana, study: "S-2" })).marks.size).toBe(0);
    expect((await readMarks(store, { ...ana, recordType: "laboratory" })).marks.size).toBe(0);
    expect(await marksVersion(store, bo)).toBe(0);
  });

  it("writes many marks in several statements, all of them", async () => {
    const many = Array.from({ length: 45_001 }, (_, i) => ({
      key: `lab-${i}`,
      hash: i.toString(16).padStart(16, "0"),
    }));
    await markRecords(store, ana, many, AT, 9);
    const read = await readMarks(store, ana);
    expect(read.marks.size).toBe(45_001);
    expect(read.marks.get("lab-45000")).toEqual({ hash: "000000000000afc8", at: AT.toISOString(), snapshot: 9 });
    await unmarkRecords(
      store,
      ana,
      many.slice(0, 40_000).map((m) => m.key),
      LATER,
    );
    expect((await readMarks(store, ana)).marks.size).toBe(5_001);
  });

  it("writes a key named twice in one write once, and a later write on the same connection anew", async () => {
    const twice = [
      { key: "b", hash: "1".repeat(16) },
      { key: "a", hash: "2".repeat(16) },
      { key: "b", hash: "1".repeat(16) },
    ];
    await markRecords(store, ana, twice, AT, null);
    // The records staged for the first write are gone before the next: it writes its own only.
    await markRecords(store, bo, [{ key: "c", hash: "3".repeat(16) }], AT, null);
    expect([...(await readMarks(store, ana)).marks.keys()].sort()).toEqual(["a", "b"]);
    expect([...(await readMarks(store, bo)).marks.keys()]).toEqual(["c"]);
    await unmarkRecords(store, ana, ["a", "a"], LATER);
    expect([...(await readMarks(store, ana)).marks.keys()]).toEqual(["b"]);
  });

  it("writes nothing of a mark the store refuses (a key too long)", async () => {
    await markRecords(store, ana, [{ key: "kept", hash: "2".repeat(16) }], AT, null);
    await expect(
      markRecords(
        store,
        ana,
        [
          { key: "fine", hash: "3".repeat(16) },
          { key: "x".repeat(201), hash: "3".repeat(16) },
        ],
        AT,
        null,
      ),
    ).rejects.toThrow();
    const read = await readMarks(store, ana);
    expect([...read.marks.keys()]).toEqual(["kept"]);
    expect(read.version).toBe(1);
  });

  it("keeps keys of any characters apart from their hashes, and refuses a hash of another length", async () => {
    const keys = ["lab-é-ü-😀", "0123456789abcdef", 'quote"and\\slash', "x"];
    await markRecords(
      store,
      ana,
      keys.map((key, i) => ({ key, hash: String(i).repeat(16) })),
      AT,
      null,
    );
    const read = await readMarks(store, ana);
    expect(keys.map((key) => read.marks.get(key)?.hash)).toEqual(keys.map((_, i) => String(i).repeat(16)));
    await expect(markRecords(store, ana, [{ key: "short", hash: "abc" }], AT, null)).rejects.toThrow();
    expect(read.marks.size).toBe(4);
    expect((await readMarks(store, ana)).marks.has("short")).toBe(false);
  });
});

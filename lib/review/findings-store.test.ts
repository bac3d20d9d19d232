import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { checkedAt, type FindingsPlace, firstFound, MAX_FINDINGS, recordCheck } from "./findings-store";

const ORG = "a".repeat(64);
const PLACE: FindingsPlace = { organisation: ORG, study: "S-1" };
const key = (n: number) => n.toString(16).padStart(24, "0");
const CUT_1 = Date.parse("2026-11-01T09:00:00.000Z");
const CUT_2 = Date.parse("2026-11-08T09:00:00.000Z");
const CUT_3 = Date.parse("2026-11-15T09:00:00.000Z");

describe.each(STORE_KINDS)("first found findings in the store (%s)", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore(kind);
  });
  afterEach(() => store.close());

  it("keeps the first check's findings as found there or earlier, a later check's new ones as found then", async () => {
    expect(await checkedAt(store, PLACE)).toBeNull();
    await recordCheck(store, PLACE, { at: CUT_1, keys: [key(1), key(2)] });
    await recordCheck(store, PLACE, { at: CUT_2, keys: [key(1), key(2), key(3)] });
    expect(await checkedAt(store, PLACE)).toBe(CUT_2);
    expect(await firstFound(store, PLACE)).toEqual(
      new Map([
        [key(1), { at: CUT_1, firstCheck: true }],
        [key(2), { at: CUT_1, firstCheck: true }],
        [key(3), { at: CUT_2, firstCheck: false }],
      ]),
    );
  });

  it("forgets a finding no longer found: found again, it is new then", async () => {
    await recordCheck(store, PLACE, { at: CUT_1, keys: [key(1), key(2)] });
    await recordCheck(store, PLACE, { at: CUT_2, keys: [key(1)] });
    await recordCheck(store, PLACE, { at: CUT_3, keys: [key(1), key(2)] });
    expect(await firstFound(store, PLACE)).toEqual(
      new Map([
        [key(1), { at: CUT_1, firstCheck: true }],
        [key(2), { at: CUT_3, firstCheck: false }],
      ]),
    );
  });

  it("changes nothing for a check of data no newer than the newest checked", async () => {
    await recordCheck(store, PLACE, { at: CUT_2, keys: [key(1)] });
    await recordCheck(store, PLACE, { at: CUT_1, keys: [key(2)] });
    await recordCheck(store, PLACE, { at: CUT_2, keys: [key(3)] });
    expect(await checkedAt(store, PLACE)).toBe(CUT_2);
    expect([...(await firstFound(store, PLACE)).keys()]).toEqual([key(1)]);
  });

  it("keeps organisations and studies apart", async () => {
    await recordCheck(store, PLACE, { at: CUT_1, keys: [key(1)] });
    await recordCheck(store, { organisation: "b".repeat(64), study: "S-1" }, { at: CUT_2, keys: [key(2)] });
    await recordCheck(store, { organisation: ORG, study: "S-2" }, { at: CUT_3, keys: [key(3)] });
    expect([...(await firstFound(store, PLACE)).keys()]).toEqual([key(1)]);
    expect(await checkedAt(store, PLACE)).toBe(CUT_1);
  });

  it("keeps 2,500 findings across its statements, and none of a check of more than the bound", async () => {
    const many = Array.from({ length: 2500 }, (_, i) => key(i));
    await recordCheck(store, PLACE, { at: CUT_1, keys: many });
    expect((await firstFound(store, PLACE)).size).toBe(2500);
    const tooMany = { length: MAX_FINDINGS + 1 } as unknown as readonly string[];
    await recordCheck(store, PLACE, { at: CUT_2, keys: tooMany });
    expect((await firstFound(store, PLACE)).size).toBe(0);
    expect(await checkedAt(store, PLACE)).toBe(CUT_2);
  });
});

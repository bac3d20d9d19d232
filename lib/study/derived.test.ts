import { describe, expect, it } from "vitest";
import type { Sliced } from "@/lib/clinical/common/sliced";
import { derived, derivedInSlices, derivedOf, derivedOfInSlices } from "./derived";

describe("derived", () => {
  it("computes once per cached rows object and name, and again for new rows", () => {
    const rows = { rows: [1, 2, 3] };
    let runs = 0;
    const sum = (r: { rows: number[] }) =>
      derived("sum", [r], () => {
        runs++;
        return r.rows.reduce((a, b) => a + b, 0);
      });
    expect(sum(rows)).toBe(6);
    expect(sum(rows)).toBe(6);
    expect(runs).toBe(1);
    expect(sum({ rows: [1] })).toBe(1);
    expect(runs).toBe(2);
  });

  it("computes again when another record type it depends on was reloaded", () => {
    const a = {};
    let runs = 0;
    const f = (b: object) => derived("join", [a, b], () => ++runs);
    const b1 = {};
    expect(f(b1)).toBe(1);
    expect(f(b1)).toBe(1);
    expect(f({})).toBe(2);
  });

  it("keeps at most 256 values per entry, dropping the least recently used", () => {
    const rows = {};
    let runs = 0;
    const get = (name: string) => derived(name, [rows], () => ++runs);
    get("kept");
    for (let i = 0; i < 300; i++) {
      get(`n${i}`);
      get("kept");
    }
    const before = runs;
    get("kept");
    expect(runs).toBe(before);
    get("n0");
    expect(runs).toBe(before + 1);
  });

  it("keeps a family's values apart: a request's many parameters never push out the entry's own aggregates", () => {
    const rows = {};
    let runs = 0;
    const index = () => derived("index", [rows], () => ++runs);
    index();
    // A user (or a script) asking for many listings, each named by its parameters, between two uses of the index.
    for (let i = 0; i < 1000; i++) derivedOf("listing", `choice ${i}`, [rows], () => i);
    const before = runs;
    index();
    expect(runs).toBe(before);
  });

  it("keeps at most `max` values of a family, the least recently used going first", () => {
    const rows = {};
    let runs = 0;
    const listing = (key: string) => derivedOf("listing", key, [rows], () => ++runs, 4);
    for (const key of ["a", "b", "c", "d"]) listing(key);
    listing("a");
    listing("e");
    expect(runs).toBe(5);
    listing("a");
    listing("c");
    expect(runs).toBe(5);
    listing("b");
    expect(runs).toBe(6);
  });

  it("names a family's values apart from a plain value of the same name, and per entry", () => {
    const [one, two] = [{}, {}];
    expect(derived("listing:x", [one], () => "plain")).toBe("plain");
    expect(derivedOf("listing", "x", [one], () => "family")).toBe("family");
    expect(derivedOf("listing", "x", [two], () => "other entry")).toBe("other entry");
    expect(derivedOf("listing", "x", [one], () => "again")).toBe("family");
  });
});

describe("derivedInSlices", () => {
  function* sum(rows: number[], runs: { n: number }): Sliced<number> {
    runs.n++;
    let total = 0;
    for (const x of rows) {
      total += x;
      yield;
    }
    return total;
  }

  it("computes once for every request that asks while it is being computed, and keeps the value", async () => {
    const rows = { rows: [1, 2, 3] };
    const runs = { n: 0 };
    const get = () => derivedInSlices("sum", [rows], () => sum(rows.rows, runs));
    const [a, b] = await Promise.all([get(), get()]);
    expect([a, b, await get()]).toEqual([6, 6, 6]);
    expect(runs.n).toBe(1);
    // Another family's value of the same key is its own.
    expect(await derivedOfInSlices("sums", "x", [rows], () => sum([4], runs))).toBe(4);
    expect(runs.n).toBe(2);
  });

  it("forgets a computation that failed, so that the next request computes again", async () => {
    const rows = {};
    let runs = 0;
    const get = () =>
      derivedInSlices("flaky", [rows], function* () {
        runs++;
        yield;
        if (runs === 1) throw new Error("interrupted");
        return "ok";
      });
    await expect(get()).rejects.toThrow("interrupted");
    expect(await get()).toBe("ok");
    expect(runs).toBe(2);
  });
});

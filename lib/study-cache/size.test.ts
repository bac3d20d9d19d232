import { describe, expect, it } from "vitest";
import { estimateBytes, StringPool, stringBytes } from "./size";

describe("estimateBytes", () => {
  const cases: [string, unknown, number][] = [
    ["a Latin-1 string: header + 1 byte a character, to 8 bytes", "abcdefgh", 16 + 8],
    ["rounded up to 8", "abcd", 24],
    ["a string beyond Latin-1: 2 bytes a character", "ΔxΔx", 16 + 8],
    ["a small integer lives in its slot", 42, 0],
    ["a fraction is a heap number", 1.5, 16],
    ["null and booleans are shared", [null, true], 32 + 16],
    ["an object: header + a slot per property + values", { a: 1, b: "xy" }, 24 + 8 + 8 + 24],
    ["an array of objects", [{ a: 1 }, { a: 2 }], 32 + 16 + 2 * (24 + 8)],
  ];
  it.each(cases)("%s", (_name, value, bytes) => expect(estimateBytes(value)).toBe(bytes));

  it("counts a pooled string once, in the pool, however many rows hold it", () => {
    const pool = new StringPool();
    const rows = Array.from({ length: 100 }, (_, i) => ({ unit: pool.intern(`mmol/L`), value: i }));
    expect(pool.bytes).toBe(stringBytes("mmol/L"));
    expect(estimateBytes(rows, pool) + pool.bytes).toBe(32 + 8 * 100 + 100 * (24 + 16) + 24);
  });

  it("gives back the first copy of an interned string", () => {
    const pool = new StringPool();
    const first = pool.intern(["W", "hite"].join(""));
    expect(pool.intern("White")).toBe(first);
    expect(pool.bytes).toBe(24);
  });
});

describe("estimateBytes of a large array", () => {
  // Rows of a few shapes repeating with a period, as lab rows repeat their tests visit after visit.
  const row = (i: number) =>
    i % 23 === 0
      ? { id: `row-${i}-${"x".repeat(i % 40)}`, text: "Negative", value: null }
      : { id: `row-${i}`, value: i % 7 === 0 ? i + 0.5 : i, unit: null };
  const exact = (items: unknown[]) =>
    items.reduce<number>((sum, item) => sum + estimateBytes(item), 32 + 8 * items.length);

  it.each([20_001, 100_000, 300_007])("of %i rows is within 1%% of counting every row", (n) => {
    const rows = Array.from({ length: n }, (_, i) => row(i));
    const estimate = estimateBytes(rows);
    expect(Math.abs(estimate - exact(rows)) / exact(rows)).toBeLessThan(0.01);
  });

  it("counts every item of an array at or below the sampling threshold", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => row(i));
    expect(estimateBytes(rows)).toBe(exact(rows));
  });
});

/** The server's unpacked rows, shared per packed text and bounded (./shared-rows.ts). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { packRows } from "@/lib/tables/packed-rows";
import { MAX_CHARS, MAX_TEXTS, sharedRowsKept, sharedRowsOf } from "./shared-rows";

const packedOf = (ids: string[]) => packRows(ids.map((id) => ({ id, n: id.length })));
// A text equal to another but not the same string, as React's payload reader gives a render.
const copy = (p: { packedRows: string }) => ({ packedRows: p.packedRows.split("").join("") });

describe("sharedRowsOf on the server", () => {
  it("gives the same rows for the same text, and rows equal to the unpacked ones", () => {
    const a = packedOf(["S1", "S22"]);
    const rows = sharedRowsOf(a);
    expect(rows).toEqual([
      { id: "S1", n: 2 },
      { id: "S22", n: 3 },
    ]);
    expect(sharedRowsOf(copy(a))).toBe(rows);
    expect(sharedRowsOf(packedOf(["S1", "S23"]))).not.toBe(rows);
  });

  it("keeps at most 16 texts, the least recently used going first", () => {
    expect(MAX_TEXTS).toBe(16);
    const first = packedOf(["first"]);
    const kept = sharedRowsOf(first);
    for (let i = 0; i < 16; i++) sharedRowsOf(packedOf([`other-${i}`]));
    expect(sharedRowsKept().texts).toBe(16);
    expect(sharedRowsOf(copy(first))).not.toBe(kept);
  });

  it("keeps no text of more than a quarter of its characters", () => {
    expect(MAX_CHARS).toBe(4_000_000);
    const big = packedOf(Array.from({ length: 80_000 }, (_, i) => `subject-${i}`));
    expect(big.packedRows.length).toBeGreaterThan(MAX_CHARS / 4);
    expect(sharedRowsOf(copy(big))).not.toBe(sharedRowsOf(big));
  });

  it("holds at most 4,000,000 characters of texts in all", () => {
    const large = Array.from({ length: 6 }, (_, i) =>
      packedOf(Array.from({ length: 50_000 }, (_, j) => `s${i}-${String(j).padStart(6, "0")}`)),
    );
    // Six texts of about 0.8 million characters each (each kept alone): more than 4 million together.
    for (const p of large) expect(p.packedRows.length).toBeLessThanOrEqual(MAX_CHARS / 4);
    expect(large.reduce((n, p) => n + p.packedRows.length, 0)).toBeGreaterThan(MAX_CHARS);
    const firstRows = large.map((p) => sharedRowsOf(p))[0];
    expect(sharedRowsKept().chars).toBeLessThanOrEqual(MAX_CHARS);
    expect(sharedRowsOf(copy(large[0]))).not.toBe(firstRows);
  });

  it("gives rows as they are when they came unpacked", () => {
    const plain = [{ id: "S1" }];
    expect(sharedRowsOf(plain)).toBe(plain);
  });
});

describe("sharedRowsOf in the browser", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps nothing: each payload's props are unpacked once by the table itself", () => {
    vi.stubGlobal("window", {});
    const a = packedOf(["B1"]);
    expect(sharedRowsOf(copy(a))).not.toBe(sharedRowsOf(a));
  });
});

import { describe, expect, it } from "vitest";
import { derived } from "./derived";

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
});

describe("derived with a family's own bound", () => {
  it("keeps at most max values of the family, the least recently used going first, and others untouched", () => {
    const rows = {};
    let runs = 0;
    const subject = (id: string) => derived(`subject ${id}`, [rows], () => ++runs, { family: "subjects", max: 2 });
    const study = derived("study table", [rows], () => ++runs);
    subject("a");
    subject("b");
    subject("a"); // a is now the most recently used: b goes when c comes
    subject("c");
    expect(runs).toBe(4);
    subject("a");
    subject("c");
    expect(runs).toBe(4);
    subject("b");
    expect(runs).toBe(5);
    expect(derived("study table", [rows], () => ++runs)).toBe(study);
  });
});

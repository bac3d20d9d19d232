import { describe, expect, it } from "vitest";
import { packRows, plainRowsOf, unpackRows } from "./packed-rows";
import type { DataRow } from "./types";

describe("packRows and unpackRows", () => {
  it("give back the very rows: texts, numbers, nulls, in their order", () => {
    const rows: DataRow[] = [
      { id: "001", n: 3, note: null, text: 'a "quoted", <b>odd</b> text\nwith a line' },
      { id: "002", n: -0.5, note: "x", text: "" },
    ];
    expect(unpackRows(packRows(rows))).toEqual(rows);
  });

  it("keep numbers JSON cannot write", () => {
    const back = unpackRows(packRows([{ a: Number.NaN, b: Number.POSITIVE_INFINITY, c: Number.NEGATIVE_INFINITY }]));
    expect(back[0].a).toBeNaN();
    expect(back[0].b).toBe(Number.POSITIVE_INFINITY);
    expect(back[0].c).toBe(Number.NEGATIVE_INFINITY);
  });

  it("keep a row whose properties differ from the first row's as it is", () => {
    const rows: DataRow[] = [{ a: 1, b: 2 }, { b: 2, a: 1 }, { a: 1 }, { a: 1, b: 2, c: 3 }];
    const back = unpackRows(packRows(rows));
    expect(back).toEqual(rows);
    expect(Object.keys(back[1])).toEqual(["b", "a"]);
    expect("b" in back[2]).toBe(false);
  });

  it("send the properties once, not once per row", () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ subjectIdentifier: `S-${i}` }));
    expect(packRows(rows).packedRows.match(/subjectIdentifier/g)).toHaveLength(1);
  });

  it("pack no rows to no rows", () => {
    expect(unpackRows(packRows([]))).toEqual([]);
  });

  it("plainRowsOf passes plain rows through and unpacks packed ones", () => {
    const rows: DataRow[] = [{ a: "x" }];
    expect(plainRowsOf(rows)).toBe(rows);
    expect(plainRowsOf(packRows(rows))).toEqual(rows);
  });
});

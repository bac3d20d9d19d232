import { describe, expect, it } from "vitest";
import { columnsOf, longLines } from "./check-line-length";

describe("check-line-length", () => {
  it("counts characters (code points), not UTF-16 units or bytes", () => {
    expect(columnsOf("")).toBe(0);
    expect(columnsOf("abc")).toBe(3);
    expect(columnsOf("µg/L ≥ 5")).toBe(8); // 2- and 3-byte characters count once
    expect(columnsOf("😀x")).toBe(2); // a surrogate pair counts once
  });

  it("lists the lines over the limit, numbered from 1, and none at the limit", () => {
    const text = ["a".repeat(120), "é".repeat(120), "b".repeat(121), "", `${"😀".repeat(60)}${"c".repeat(61)}`];
    expect(longLines(text.join("\n"))).toEqual([
      { line: 3, columns: 121 },
      { line: 5, columns: 121 },
    ]);
    expect(longLines(text.join("\r\n"))).toEqual([
      { line: 3, columns: 121 },
      { line: 5, columns: 121 },
    ]);
    expect(longLines("abcd\nab", 3)).toEqual([{ line: 1, columns: 4 }]);
  });
});

import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvFile, csvLine } from "./csv-file";
import { CHUNK_CHARS } from "./pack-file";

const text = (f: ReturnType<typeof csvFile>) => [...f.chunks(() => {})].join("");

describe("pack CSV", () => {
  // Each cell and how it is written: quoted text, doubled quotes, formula-safe, bare numbers, empty for missing.
  const cells: [string | number | null, string][] = [
    ["plain", '"plain"'],
    ['say "hi"', '"say ""hi"""'],
    ["a,b", '"a,b"'],
    ["line\nbreak", '"line\nbreak"'],
    ["=1+1", `"'=1+1"`],
    ["+1", `"'+1"`],
    ["-3", `"'-3"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\tx", `"'\tx"`],
    ["a=1", '"a=1"'],
    ["", '""'],
    [null, ""],
    [3.5, "3.5"],
    [-2, "-2"],
    [0, "0"],
  ];
  it.each(cells)("writes %j as %s", (cell, written) => {
    expect(csvLine(["x", cell])).toBe(`"x",${written}\r\n`);
  });

  it("has a header and one CRLF-ended line per row, read back as written", () => {
    const rows = [
      ["a", 1, null],
      ["=b", -2.5, "c"],
    ];
    const file = csvFile("t.csv", ["A", "B", "C"], rows.length, () => rows);
    const written = text(file);
    expect(written).toBe(`"A","B","C"\r\n"a",1,\r\n"'=b",-2.5,"c"\r\n`);
    expect(parse(written, { columns: true })).toEqual([
      { A: "a", B: "1", C: "" },
      { A: "'=b", B: "-2.5", C: "c" },
    ]);
  });

  it("makes a large file in pieces, telling every row once", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`row ${i}`, i]);
    let told = 0;
    const pieces = [...csvFile("t.csv", ["A", "B"], rows.length, () => rows).chunks((n) => (told += n))];
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.slice(1, -1).every((p) => p.length >= CHUNK_CHARS)).toBe(true);
    expect(told).toBe(rows.length);
    expect(parse(pieces.join(""), { columns: true })).toHaveLength(rows.length);
  });
});

import { describe, expect, it } from "vitest";
import { type CsvCell, csvField, csvFileName, toCsv } from "./csv";

describe("csvField", () => {
  const cases: [string, CsvCell, string][] = [
    ["plain text is quoted", "Female", '"Female"'],
    ["empty text", "", '""'],
    ["null and undefined are empty", null, ""],
    ["undefined", undefined, ""],
    ["integer", 42, "42"],
    ["negative number stays a number", -12.5, "-12.5"],
    ["NaN is empty", Number.NaN, ""],
    ["boolean", true, "true"],
    ["comma", "Black, or African American", '"Black, or African American"'],
    ["quotes are doubled", 'say "hi"', '"say ""hi"""'],
    ["line feed", "a\nb", '"a\nb"'],
    ["CRLF", "a\r\nb", '"a\r\nb"'],
    ["= formula is defused", "=1+1", '"\'=1+1"'],
    ["+ formula", "+1", '"\'+1"'],
    ["- in text", "-2+3", '"\'-2+3"'],
    ["@ function", "@SUM(A1)", '"\'@SUM(A1)"'],
    ["tab at start", "\tx", '"\'\tx"'],
    ["carriage return at start", "\r=x", '"\'\r=x"'],
    ["formula with comma and quotes", '=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ["= later in the text is fine", "a=b", '"a=b"'],
    ["a leading space is kept as is", " =x", '" =x"'],
    ["unicode", "Zoë", '"Zoë"'],
    // A spreadsheet whose locale separates lists with ";" would split these into a cell starting with "=".
    ["; before a formula", "a;=1+1", '"a;=1+1"'],
    ["DDE payload", "=cmd|' /C calc'!A0", "\"'=cmd|' /C calc'!A0\""],
    ["; then a DDE payload", "x;=cmd|' /C calc'!A0", "\"x;=cmd|' /C calc'!A0\""],
    ["tab before a formula", "a\t=1+1", '"a\t=1+1"'],
    ["line break before a formula", "a\n=1+1", '"a\n=1+1"'],
    ["carriage return before a formula", "a\r@SUM(A1)", '"a\r@SUM(A1)"'],
  ];
  it.each(cases)("%s", (_name, input, expected) => expect(csvField(input)).toBe(expected));

  it("no text field ever leaves its quotes: every separator and line break stays inside one cell", () => {
    for (const text of ["a;b", "a\tb", "a\nb", "a\rb", "a,b", ";", "\t"]) {
      const field = csvField(text);
      expect(field.startsWith('"') && field.endsWith('"')).toBe(true);
    }
  });
});

describe("toCsv", () => {
  it("writes a header row and CRLF-ended rows", () => {
    expect(
      toCsv(
        ["Subject ID", "Sex", "AEs"],
        [
          ["S1", "Female", 3],
          ["S,2", null, 0],
          ["S;3", "=1+1", -1],
        ],
      ),
    ).toBe('"Subject ID","Sex","AEs"\r\n"S1","Female",3\r\n"S,2",,0\r\n"S;3","\'=1+1",-1\r\n');
  });
  it("writes only the header for no rows", () => {
    expect(toCsv(["a", "=b"], [])).toBe('"a","\'=b"\r\n');
  });
});

describe("csvFileName", () => {
  const cases: [string[], string][] = [
    [["subjects", "ONC-101"], "subjects_ONC-101.csv"],
    [["a b/c", "..x"], "a-b-c_..x.csv"],
    [["", "///"], "export.csv"],
  ];
  it.each(cases)("%j -> %s", (parts, name) => expect(csvFileName(...parts)).toBe(name));
});

import { describe, expect, it } from "vitest";
import { type CsvCell, csvField, csvFileName, toCsv } from "./csv";

describe("csvField", () => {
  const cases: [string, CsvCell, string][] = [
    ["plain text", "Female", "Female"],
    ["empty", "", ""],
    ["null and undefined are empty", null, ""],
    ["undefined", undefined, ""],
    ["integer", 42, "42"],
    ["negative number stays a number", -12.5, "-12.5"],
    ["NaN is empty", Number.NaN, ""],
    ["boolean", true, "true"],
    ["comma is quoted", "Black, or African American", '"Black, or African American"'],
    ["quotes are doubled", 'say "hi"', '"say ""hi"""'],
    ["line feed is quoted", "a\nb", '"a\nb"'],
    ["CRLF is quoted", "a\r\nb", '"a\r\nb"'],
    ["= formula is defused", "=1+1", "'=1+1"],
    ["+ formula", "+1", "'+1"],
    ["- in text", "-2+3", "'-2+3"],
    ["@ function", "@SUM(A1)", "'@SUM(A1)"],
    ["tab at start", "\tx", "'\tx"],
    ["carriage return at start is defused and quoted", "\r=x", '"\'\r=x"'],
    ["formula with comma is defused, then quoted", '=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ["= later in the text is fine", "a=b", "a=b"],
    ["a leading space is kept as is", " =x", " =x"],
    ["unicode", "Zoë", "Zoë"],
  ];
  it.each(cases)("%s", (_name, input, expected) => expect(csvField(input)).toBe(expected));
});

describe("toCsv", () => {
  it("writes a header row and CRLF-ended rows", () => {
    expect(
      toCsv(
        ["Subject ID", "Sex", "AEs"],
        [
          ["S1", "Female", 3],
          ["S,2", null, 0],
        ],
      ),
    ).toBe('Subject ID,Sex,AEs\r\nS1,Female,3\r\n"S,2",,0\r\n');
  });
  it("writes only the header for no rows", () => {
    expect(toCsv(["a", "=b"], [])).toBe("a,'=b\r\n");
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

/**
 * The CSV writer: RFC 4180 as written out by hand here (CRLF, every text quoted, quotes doubled, numbers bare,
 * no value empty), formula injection defused, the byte-order mark only when asked, the file read back by csv-parse
 * to the same cells, its size and SHA-256 those of its bytes; a cancel or an existing file is an error.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noProgress, tableOf } from "./testing";
import { writeCsvFile } from "./write-csv";

let dir: string;
let files = 0;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "write-csv-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const nextPath = () => join(dir, `export-${files++}.csv`);

const columns = [
  { header: "Subject", variable: "SUBJID" },
  { header: "Result", variable: "LBORRES", type: "number" as const },
  { header: "Note" },
];

async function csvOf(rows: (string | number | null)[][], bom = false) {
  const path = nextPath();
  const written = await writeCsvFile(tableOf(columns, rows), path, { ...noProgress, bom });
  const bytes = readFileSync(path);
  expect({ bytes: written.bytes, sha256: written.sha256 }).toEqual({
    bytes: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  });
  return { n: written.rows, bytes };
}

describe("writeCsv", () => {
  it("writes the header with the variable names, then each row, as RFC 4180 with every text quoted", async () => {
    const { n, bytes } = await csvOf([
      ["101-0001", 3.5, "plain"],
      ["101-0002", -12, null],
      ["101-0003", null, ""],
    ]);
    expect(n).toBe(3);
    expect(bytes.toString("utf8")).toBe(
      '"Subject (SUBJID)","Result (LBORRES)","Note"\r\n' +
        '"101-0001",3.5,"plain"\r\n' +
        '"101-0002",-12,\r\n' +
        '"101-0003",,""\r\n',
    );
  });

  it("writes a column's numbers with its fixed decimals, bare, as the page shows them", async () => {
    const path = nextPath();
    const fixed = [{ header: "Subject" }, { header: "×ULN", type: "number" as const, decimals: 2 }, { header: "N" }];
    const rows = [
      ["101-0001", 2.5, 3],
      ["101-0002", -1, 4.25],
      ["101-0003", null, 5],
    ];
    await writeCsvFile(tableOf(fixed, rows), path, { ...noProgress, bom: false });
    expect(readFileSync(path, "utf8")).toBe(
      '"Subject","×ULN","N"\r\n"101-0001",2.50,3\r\n"101-0002",-1.00,4.25\r\n"101-0003",,5\r\n',
    );
  });

  const tricky: [string, string, string][] = [
    ["a formula", "=1+1", '"\'=1+1"'],
    ["a plus", "+41 79", '"\'+41 79"'],
    ["a minus in text", "-2+3", '"\'-2+3"'],
    ["an at sign", "@SUM(A1)", '"\'@SUM(A1)"'],
    ["a leading tab", "\tx", '"\'\tx"'],
    ["a leading carriage return", "\r=x", '"\'\r=x"'],
    ["a DDE payload", "=cmd|' /C calc'!A0", "\"'=cmd|' /C calc'!A0\""],
    ["quotes", 'say "hi"', '"say ""hi"""'],
    ["a comma", "Black, or African American", '"Black, or African American"'],
    ["a semicolon before a formula", "a;=1+1", '"a;=1+1"'],
    ["a line feed", "a\nb", '"a\nb"'],
    ["a CRLF", "a\r\nb", '"a\r\nb"'],
    ["accents and symbols", "Zoë ≥3 µmol/L", '"Zoë ≥3 µmol/L"'],
  ];
  it.each(tricky)("quotes and defuses %s", async (_name, text, field) => {
    const { bytes } = await csvOf([["S", 1, text]]);
    const written = bytes.toString("utf8");
    expect(written.slice(written.indexOf("\r\n") + 2)).toBe(`"S",1,${field}\r\n`);
  });

  it("reads back to the same cells (the defusing quote aside)", async () => {
    const rows = tricky.map(([, text], i) => [`S${i}`, i / 4, text]);
    const { bytes } = await csvOf(rows);
    const parsed = parse(bytes, { bom: true, relax_quotes: false }) as string[][];
    expect(parsed.length).toBe(rows.length + 1);
    parsed.slice(1).forEach((cells, i) => {
      expect(cells[0]).toBe(rows[i][0]);
      expect(Number(cells[1])).toBe(rows[i][1]);
      expect(cells[2]).toBe(/^[=+\-@\t\r]/.test(String(rows[i][2])) ? `'${rows[i][2]}` : rows[i][2]);
    });
  });

  it("starts with a UTF-8 byte-order mark only when asked", async () => {
    const without = (await csvOf([["S", 1, "x"]])).bytes;
    const withBom = (await csvOf([["S", 1, "x"]], true)).bytes;
    expect([...without.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    expect([...withBom.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(withBom.subarray(3).equals(without)).toBe(true);
  });

  it("writes only the header for no rows", async () => {
    expect((await csvOf([])).bytes.toString("utf8")).toBe('"Subject (SUBJID)","Result (LBORRES)","Note"\r\n');
  });

  it("reports progress and stops at a cancel, with an error", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`S${i}`, i, null]);
    const controller = new AbortController();
    const seen: number[] = [];
    const progress = (n: number) => {
      seen.push(n);
      if (n >= 2000) controller.abort();
    };
    const options = { signal: controller.signal, progress, bom: false };
    await expect(writeCsvFile(tableOf(columns, rows), nextPath(), options)).rejects.toThrow();
    expect(seen).toEqual([1000, 2000]);
  });

  it("writes many batches in order", async () => {
    const rows = Array.from({ length: 4321 }, (_, i) => [`S${i}`, i, null]);
    const { n, bytes } = await csvOf(rows);
    expect(n).toBe(4321);
    const expected = ['"Subject (SUBJID)","Result (LBORRES)","Note"', ...rows.map((_, i) => `"S${i}",${i},`), ""];
    expect(bytes.toString("utf8").split("\r\n")).toEqual(expected);
  });

  it("never writes over an existing file", async () => {
    const path = nextPath();
    writeFileSync(path, "kept");
    await expect(writeCsvFile(tableOf(columns, []), path, { ...noProgress, bom: false })).rejects.toMatchObject({
      code: "EEXIST",
    });
    expect(readFileSync(path, "utf8")).toBe("kept");
  });
});

describe("writeCsv with a rate limit", () => {
  it("writes no faster than the rows a second it is given", async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`S${i}`, i, null]);
    const started = performance.now();
    await writeCsvFile(tableOf(columns, rows), nextPath(), { ...noProgress, bom: false, rowsPerSecond: 10_000 });
    // Three batches of 1,000 rows at 10,000 a second: the third ends no sooner than 300 ms after the start.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });
});

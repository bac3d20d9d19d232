/**
 * The Excel writer, its files read back with exceljs: numbers as numbers, text as text (a formula-looking text is
 * never a formula), dates as their ISO 8601 text, the header with the variable names, and the About sheet; and the
 * memory bound's view of exceljs's internals (./xlsx-backlog.ts), which an upgrade could break.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { collector, noProgress, tableOf } from "./testing";
import { excelRefusal, writeXlsx } from "./write-xlsx";
import { xlsxBacklog } from "./xlsx-backlog";

const columns = [
  { header: "Subject", variable: "SUBJID" },
  { header: "Collected", variable: "LBDTC" },
  { header: "Result", variable: "LBORRES", type: "number" as const },
  { header: "Unit", variable: "LBORRESU" },
];

async function bookOf(rows: (string | number | null)[][]) {
  const out = collector();
  const about: [string, string | number][] = [
    ["Study", "ONC-101"],
    ["Rows", rows.length],
  ];
  const n = await writeXlsx(tableOf(columns, rows), about, out.stream, noProgress);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(out.bytes() as unknown as ArrayBuffer);
  return { n, book };
}

const values = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .filter(Boolean)
    .map((row) => (row as ExcelJS.CellValue[]).slice(1));

describe("writeXlsx", () => {
  it("writes the Data sheet: a header with variable names, numbers as numbers, text and dates as text", async () => {
    const { n, book } = await bookOf([
      ["101-0001", "2023-03-30T09:15:00Z", 41.5, "U/L"],
      ["101-0002", "2023-04", -3, null],
      ["=1+1", "2023-05-02", null, "+x"],
    ]);
    expect(n).toBe(3);
    expect(book.worksheets.map((s) => s.name)).toEqual(["Data", "About"]);
    const data = book.getWorksheet("Data")!;
    expect(values(data)).toEqual([
      ["Subject (SUBJID)", "Collected (LBDTC)", "Result (LBORRES)", "Unit (LBORRESU)"],
      ["101-0001", "2023-03-30T09:15:00Z", 41.5, "U/L"],
      ["101-0002", "2023-04", -3],
      ["=1+1", "2023-05-02", undefined, "+x"],
    ]);
    expect(data.getCell("C2").type).toBe(ExcelJS.ValueType.Number);
    expect(data.getCell("C3").type).toBe(ExcelJS.ValueType.Number);
    expect(data.getCell("B2").type).toBe(ExcelJS.ValueType.String);
    // Text that looks like a formula stays text: a cell is a formula only when written as one.
    expect(data.getCell("A4").type).toBe(ExcelJS.ValueType.String);
    expect(data.getCell("A4").formula).toBeUndefined();
    expect(data.getCell("A1").font?.bold).toBe(true);
  });

  it("keeps a column with fixed decimals as numbers, shown with them by its number format", async () => {
    const out = collector();
    const fixed = [{ header: "Subject" }, { header: "×ULN", type: "number" as const, decimals: 2 }];
    await writeXlsx(tableOf(fixed, [["101-0001", 2.5]]), [], out.stream, noProgress);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(out.bytes() as unknown as ArrayBuffer);
    const cell = book.getWorksheet("Data")!.getCell("B2");
    expect(cell.type).toBe(ExcelJS.ValueType.Number);
    expect(cell.value).toBe(2.5);
    expect(cell.numFmt).toBe("0.00");
    expect(book.getWorksheet("Data")!.getCell("A2").numFmt).toBeUndefined();
  });

  it("writes the About sheet after the data, its numbers as numbers", async () => {
    const { book } = await bookOf([["101-0001", null, 1, null]]);
    expect(values(book.getWorksheet("About")!)).toEqual([
      ["Study", "ONC-101"],
      ["Rows", 1],
    ]);
  });

  it("cuts a text longer than an Excel cell holds, and says so in the cell", async () => {
    const long = "x".repeat(40_000);
    const { book } = await bookOf([[long, null, null, null]]);
    const cell = String(book.getWorksheet("Data")!.getCell("A2").value);
    expect(cell.length).toBe(32_767);
    expect(cell.endsWith("the CSV export has it whole]")).toBe(true);
  });
});

describe("xlsxBacklog", () => {
  it("sees the rows a streamed sheet holds before they are compressed", () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: collector().stream });
    const sheet = book.addWorksheet("Data");
    expect(xlsxBacklog(sheet)).toBeLessThan(1000);
    for (let i = 0; i < 20_000; i++) sheet.addRow([`S${i}`, "2023-03-30", i, "U/L"]).commit();
    // About 1.5 MB of sheet XML written without a pause: nearly all of it waits.
    expect(xlsxBacklog(sheet)).toBeGreaterThan(1_000_000);
  });
});

describe("excelRefusal", () => {
  it("lets a sheet hold up to 1,048,575 rows besides its header, and says what to do beyond", () => {
    expect(excelRefusal(0)).toBeNull();
    expect(excelRefusal(1_048_575)).toBeNull();
    expect(excelRefusal(1_059_296)).toBe(
      "An Excel sheet holds at most 1,048,575 rows besides its header, and this table has 1,059,296. " +
        "Narrow it with the table's filters, or export CSV, which has no such limit.",
    );
  });
});

/**
 * An export control ("Export <table>": CSV, Excel): starts the export, waits for the server's file and reads it
 * back with csv-parse and exceljs (never the portal's writers), so that a file can be compared with the screen.
 */
import { readFile } from "node:fs/promises";
import { type Download, expect, type Locator } from "@playwright/test";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";

export type ExportFormat = "CSV" | "Excel";

/** A file read back: its name, its header and its rows, every cell as the text the screen shows. */
export interface ExportedFile {
  fileName: string;
  header: string[];
  rows: string[][];
}

export class ExportControl {
  constructor(readonly group: Locator) {}

  /** Starts an export and waits for the download the control starts once the file is written. */
  async download(format: ExportFormat): Promise<Download> {
    const [download] = await Promise.all([
      this.group.page().waitForEvent("download", { timeout: 120_000 }),
      this.group.getByRole("button", { name: `Download ${format}` }).click(),
    ]);
    await expect(this.group.getByRole("status")).toContainText("Done:");
    return download;
  }

  async csv(): Promise<ExportedFile> {
    const download = await this.download("CSV");
    const [header, ...rows] = parse(await readFile((await download.path()) as string), { bom: true }) as string[][];
    return { fileName: download.suggestedFilename(), header, rows };
  }

  /** The workbook's Data sheet, each cell as text (numbers are numbers there, text on screen); its About sheet. */
  async excel(): Promise<ExportedFile & { about: Map<string, unknown> }> {
    const download = await this.download("Excel");
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path()) as string);
    const sheet = book.getWorksheet("Data");
    if (!sheet) throw new Error(`${download.suggestedFilename()} has no Data sheet`);
    const values = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((row) => (row as ExcelJS.CellValue[]).slice(1));
    const [header, ...rest] = values.map((r) => r.map((v) => (v === undefined || v === null ? "" : String(v))));
    const rows = rest.map((r) => header.map((_, i) => r[i] ?? ""));
    return { fileName: download.suggestedFilename(), header, rows, about: aboutSheet(book) };
  }
}

/** The About sheet of a workbook: each row's label (column A) and its value (column B). */
function aboutSheet(book: ExcelJS.Workbook): Map<string, unknown> {
  const rows = book.getWorksheet("About")?.getSheetValues().filter(Boolean) ?? [];
  return new Map(
    rows.map((r) => {
      const [, key, value] = r as unknown[];
      return [String(key), value];
    }),
  );
}

/** Labels of the About sheet that the suite reads. */
export const ABOUT = { study: "Study", rows: "Rows" } as const;

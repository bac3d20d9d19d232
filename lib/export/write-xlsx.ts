/**
 * An export as an Excel workbook, streamed by exceljs's WorkbookWriter: the sheet "Data" (a bold, frozen header
 * row, "Result (LBORRES)"; numbers as numbers, text as text, so that no cell is ever a formula; dates as their
 * ISO 8601 text), then the sheet "About" saying what the file holds and where it comes from.
 */

import type { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import ExcelJS from "exceljs";
import { type ExportTable, excelNumberFormat, headerText } from "./export-table";
import { type WriteOptions, writeBatches } from "./write-batches";
import { xlsxBacklog } from "./xlsx-backlog";

/** Bytes of a sheet allowed to wait for compression before the writer waits too (./xlsx-backlog.ts). */
const MAX_BACKLOG = 4 * 1024 * 1024;
/** Excel's limit of characters in a cell. */
const MAX_CELL = 32_767;

/** Excel's rows in a sheet (1,048,576) less the header row. */
export const XLSX_MAX_ROWS = 1_048_575;

/** Why a table cannot be an Excel file, or null when it can: a sheet holds a limited number of rows. */
export function excelRefusal(rows: number): string | null {
  if (rows <= XLSX_MAX_ROWS) return null;
  const n = (x: number) => x.toLocaleString("en");
  return (
    `An Excel sheet holds at most ${n(XLSX_MAX_ROWS)} rows besides its header, and this table has ${n(rows)}. ` +
    "Narrow it with the table's filters, or export CSV, which has no such limit."
  );
}

/** The lines of the About sheet, label and value. */
export type AboutLines = [string, string | number][];

export async function writeXlsx(
  table: ExportTable,
  about: AboutLines,
  out: Writable,
  options: WriteOptions,
): Promise<number> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  try {
    const sheet = book.addWorksheet("Data", { views: [{ state: "frozen", ySplit: 1 }] });
    // A column with fixed decimals keeps numbers, shown as the page shows them (2.50) by its number format.
    sheet.columns = table.columns.map((c) => {
      const numFmt = excelNumberFormat(c);
      return { width: Math.min(40, Math.max(10, headerText(c).length + 2)), ...(numFmt ? { style: { numFmt } } : {}) };
    });
    const header = sheet.addRow(table.columns.map(headerText));
    header.font = { bold: true };
    header.commit();
    const rows = await writeBatches(
      table.rows(),
      (cells) => sheet.addRow(cells.map(fit)).commit(),
      async () => {
        while (xlsxBacklog(sheet) > MAX_BACKLOG) {
          if (out.destroyed) throw new Error("The export file was closed while it was written.");
          await sleep(2, undefined, { signal: options.signal });
        }
      },
      options,
    );
    sheet.commit();
    const info = book.addWorksheet("About");
    info.columns = [{ width: 24 }, { width: 80 }];
    for (const line of about) info.addRow(line).commit();
    info.commit();
    await book.commit();
    return rows;
  } catch (err) {
    // The ZIP stops and the output closes; the job deletes what was written.
    (book as unknown as { zip?: { abort?: () => void } }).zip?.abort?.();
    out.destroy(err as Error);
    throw err;
  }
}

/** A cell as Excel can hold it: text cut at Excel's limit (never silently: the cut says so). */
function fit(cell: string | number | null): string | number | null {
  if (typeof cell !== "string" || cell.length <= MAX_CELL) return cell;
  const note = " [cut: longer than an Excel cell holds; the CSV export has it whole]";
  return cell.slice(0, MAX_CELL - note.length) + note;
}

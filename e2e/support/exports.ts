/**
 * The export specs' shared steps: a browser table's rows across its pages, an export started from its control and
 * downloaded (the page object ExportControl), the files read back (csv-parse, exceljs: never the portal's code),
 * and an export over HTTP.
 */
import { readFile } from "node:fs/promises";
import { type APIRequestContext, type Download, expect, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { isLastPage } from "../pages/DataTable";
import { ExportControl } from "../pages/ExportControl";
import { tableCells } from "./study";

export const status = (page: Page) => page.getByRole("status").filter({ hasText: /^Rows / });

/** Every row of a browser's table, page after page, by its caption. */
export async function allPages(page: Page, caption: RegExp | string): Promise<string[][]> {
  const out: string[][] = [];
  for (;;) {
    const text = (await status(page).first().textContent()) ?? "";
    out.push(...(await tableCells(page, typeof caption === "string" ? caption : caption.source)));
    if (isLastPage(text)) return out;
    await page.getByRole("button", { name: "Next page" }).first().click();
    // A page of a table sorted on the server is a round trip that renders it: seconds on a busy machine.
    await expect(status(page).first()).not.toHaveText(text, { timeout: 15_000 });
  }
}

/** The download the export control starts, once the server has written the file. */
export async function exportFile(page: Page, group: string, format: "CSV" | "Excel"): Promise<Download> {
  return new ExportControl(page.getByRole("group", { name: `Export ${group}` })).download(format);
}

export async function csvRows(download: Download): Promise<string[][]> {
  return parse(await readFile((await download.path())!), { bom: true }) as string[][];
}

export async function workbook(download: Download): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  return book;
}

export const sheetRows = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .filter(Boolean)
    .map((row) => (row as ExcelJS.CellValue[]).slice(1));

/** Starts an export over HTTP and waits for its file; answers the job's ID. */
export async function exportOverHttp(
  request: APIRequestContext,
  body: { connectionId: string; study: string; view: string; table: string; format: "csv" | "xlsx"; query: string },
): Promise<string> {
  const start = await request.post("/exports", { data: body });
  expect(start.status()).toBe(202);
  const { id } = (await start.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/exports/${id}`)).json()) as { state: string }).state)
    .toBe("done");
  return id;
}

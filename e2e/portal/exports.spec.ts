/**
 * Exports in a browser, against the demo study ONC-101: a filtered and sorted table's CSV and Excel files hold
 * exactly the rows on screen across all its pages (the CSV read with csv-parse, the workbook with exceljs, both
 * written here, not the portal's code); a large export can be cancelled and leaves no file; another user cannot see
 * or download a user's export; a study the connection does not grant is refused.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type Download, expect, type Page, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { E2E_BASE_URL } from "../../playwright.config";
import { addConnection, createUser, NORTHSTAR, ROOT, signIn as signInAs } from "./portal-steps";
import { openStudy, signIn, tableCells } from "./study-steps";

const STUDY = "ONC-101";
/** Where the e2e server keeps export files: beside its portal database (playwright.config.ts). */
const EXPORT_DIR = join(ROOT, "data/e2e/exports");

const status = (page: Page) => page.getByRole("status").filter({ hasText: /^Rows / });

/** Every row of a browser's table, page after page, by its caption. */
async function allPages(page: Page, caption: RegExp | string): Promise<string[][]> {
  const out: string[][] = [];
  for (;;) {
    const text = await status(page).first().textContent();
    out.push(...(await tableCells(page, typeof caption === "string" ? caption : caption.source)));
    const next = page.getByRole("button", { name: "Next page" }).first();
    if (await next.isDisabled()) return out;
    await next.click();
    await expect(status(page).first()).not.toHaveText(text ?? "");
  }
}

/** The download the export control starts, once the server has written the file. */
async function exportFile(page: Page, group: string, format: "CSV" | "Excel"): Promise<Download> {
  const control = page.getByRole("group", { name: `Export ${group}` });
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 30_000 }),
    control.getByRole("button", { name: `Download ${format}` }).click(),
  ]);
  await expect(control.getByRole("status")).toContainText("Done:");
  return download;
}

async function csvRows(download: Download): Promise<string[][]> {
  return parse(await readFile((await download.path())!), { bom: true }) as string[][];
}

async function workbook(download: Download): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  return book;
}

const sheetRows = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .filter(Boolean)
    .map((row) => (row as ExcelJS.CellValue[]).slice(1));

test("a filtered, sorted subject list: the CSV and the Excel file hold the rows on screen, across its pages", async ({
  page,
}) => {
  await signIn(page);
  await openStudy(page, STUDY);
  const caption = `Subjects of study ${STUDY}`;
  await expect(page.getByRole("table", { name: new RegExp(caption) })).toBeVisible();
  // Sorted by birth year, latest first; women only; ten rows a page, so that the file must reach past the page.
  const birthYear = page.getByRole("columnheader", { name: "Birth year" });
  await birthYear.getByRole("button").click();
  await birthYear.getByRole("button").click();
  await expect(birthYear).toHaveAttribute("aria-sort", "descending");
  await page.getByLabel("Filter Sex").fill("=Female");
  await page.getByLabel("Rows per page").selectOption("10");
  await expect(status(page)).toHaveText(/^Rows 1–10 of \d+ \(filtered from \d+\)$/);
  const shown = await allPages(page, caption);
  expect(shown.length).toBeGreaterThan(10);
  expect(shown.every((r) => r[2] === "Female")).toBe(true);

  const csv = await exportFile(page, caption, "CSV");
  expect(csv.suggestedFilename()).toMatch(/^ONC-101_subjects_\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = await csvRows(csv);
  expect(header[0]).toBe("Subject ID (SUBJID)");
  expect(rows).toEqual(shown);

  const xlsx = await exportFile(page, caption, "Excel");
  expect(xlsx.suggestedFilename()).toMatch(/^ONC-101_subjects_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = await workbook(xlsx);
  const [xHeader, ...xRows] = sheetRows(book.getWorksheet("Data")!);
  expect(xHeader).toEqual(header);
  // Numbers are numbers in the workbook (birth year, counts); on screen they are their text.
  expect(typeof xRows[0][3]).toBe("number");
  expect(xRows.map((r) => header.map((_, i) => (r[i] === undefined ? "" : String(r[i]))))).toEqual(shown);
  const about = new Map(sheetRows(book.getWorksheet("About")!).map(([k, v]) => [k, v]));
  expect(about.get("Study")).toBe(STUDY);
  expect(about.get("Partner ID")).toBe("NORTHSTAR");
  expect(about.get("Rows")).toBe(shown.length);
  const view = sheetRows(book.getWorksheet("About")!).filter(([k]) => k === "Filters and sort");
  expect(view.map(([, v]) => v)).toEqual(['Filter Sex: "=Female"', "Sorted by Birth year descending"]);
});

test("a laboratory listing sorted on the server: the CSV holds its rows across every page", async ({ page }) => {
  await signIn(page);
  await openStudy(page, STUDY);
  const studyPath = new URL(page.url()).pathname;
  await page.goto(`${studyPath}/laboratory?test=code%3ALB0214&show=all&res.sort=value.desc,subject.asc&res.size=100`);
  const caption = "All results of ALT";
  await expect(page.getByRole("table", { name: new RegExp(caption) })).toBeVisible({ timeout: 30_000 });
  const shown = await allPages(page, caption);
  expect(shown.length).toBeGreaterThan(100);
  const [header, ...rows] = await csvRows(await exportFile(page, caption, "CSV"));
  expect(header).toContain("Value (LBORRES)");
  expect(rows).toEqual(shown);
});

test("a large export can be cancelled: it says so, and no file is left", async ({ page }) => {
  await signIn(page);
  await openStudy(page, STUDY);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Laboratory" }).click();
  const control = page.getByRole("group", { name: `Export Every laboratory result of study ${STUDY}` });
  const [started] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/exports") && r.request().method() === "POST"),
    control.getByRole("button", { name: "Download Excel" }).click(),
  ]);
  const { id } = (await started.json()) as { id: string };
  // The e2e server writes at most 5,000 rows a second (playwright.config.ts): thousands of results take seconds.
  await expect(control.getByRole("status")).toHaveText(/^Writing [\d,]+ of [\d,]+ rows$/);
  await control.getByRole("button", { name: "Cancel" }).click();
  await expect(control.getByRole("alert")).toHaveText(/^Cancelled\. You cancelled this export\./);
  expect(existsSync(join(EXPORT_DIR, `${id}.xlsx`))).toBe(false);
  const file = await page.request.get(`/exports/${id}/file`);
  expect(file.status()).toBe(409);
  expect((await page.request.get(`/exports/${id}`)).status()).toBe(200);
});

test("another user cannot see, cancel or download a user's export: it does not exist for them", async ({
  page,
  browser,
}) => {
  await signIn(page);
  await openStudy(page, STUDY);
  const connectionId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]);
  const start = await page.request.post("/exports", {
    data: { connectionId, study: STUDY, view: "subjects", table: "list", format: "csv", query: "" },
  });
  expect(start.status()).toBe(202);
  const { id } = (await start.json()) as { id: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/exports/${id}`)).json()) as { state: string }).state)
    .toBe("done");

  const other = await browser.newContext({ baseURL: E2E_BASE_URL });
  const otherPage = await other.newPage();
  await signInAs(otherPage, createUser("export-other"));
  for (const res of [
    await otherPage.request.get(`/exports/${id}`),
    await otherPage.request.get(`/exports/${id}/file`),
    await otherPage.request.delete(`/exports/${id}`),
  ]) {
    expect(res.status()).toBe(404);
    expect(await res.text()).not.toContain("Subject");
  }
  await other.close();
  // The owner still has it.
  const own = await page.request.get(`/exports/${id}/file`);
  expect(own.status()).toBe(200);
  expect(own.headers()["content-disposition"]).toMatch(/^attachment; filename="ONC-101_subjects_[\d-]+\.csv"$/);
});

test("an export of a study the connection does not grant, or does not list, is refused in words", async ({ page }) => {
  await signIn(page);
  await openStudy(page, STUDY);
  const connectionId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]);
  const ask = (study: string, over: Record<string, unknown> = {}) =>
    page.request.post("/exports", {
      data: { connectionId, study, view: "subjects", table: "list", format: "xlsx", query: "", ...over },
    });
  // ONC-102 is on the demo connection's list, but the partner grants it to Lakeside only.
  const refused = await ask("ONC-102");
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toMatch(/ONC-102/);
  const unlisted = await ask("ONC-103");
  expect(unlisted.status()).toBe(404);
  // Bad input gets a fixed message that repeats nothing sent.
  const bad = await ask(STUDY, { format: "<script>" });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).not.toContain("<script>");
  const noTable = await ask(STUDY, { table: "nosuch" });
  expect(noTable.status()).toBe(404);
});

test("the byte-order mark is a user's setting: CSV files start with one only when it is chosen", async ({ page }) => {
  // A user of one's own: the demo user's setting would change the files of the tests running beside this one.
  await signInAs(page, createUser("export-bom"));
  const connectionId = await addConnection(page, {
    name: "BOM test",
    baseUrl: E2E_BASE_URL,
    ...NORTHSTAR,
    studies: STUDY,
  });
  const csvBytes = async () => {
    const start = await page.request.post("/exports", {
      data: { connectionId, study: STUDY, view: "subjects", table: "list", format: "csv", query: "" },
    });
    expect(start.status()).toBe(202);
    const { id } = (await start.json()) as { id: string };
    await expect
      .poll(async () => ((await (await page.request.get(`/exports/${id}`)).json()) as { state: string }).state)
      .toBe("done");
    return (await page.request.get(`/exports/${id}/file`)).body();
  };
  const BOM = [0xef, 0xbb, 0xbf];
  expect([...(await csvBytes()).subarray(0, 3)]).not.toEqual(BOM);

  await page.goto("/settings/exports");
  const box = page.getByLabel("Start CSV files with a byte-order mark (for Microsoft Excel)");
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(box).toBeChecked();
  const withBom = await csvBytes();
  expect([...withBom.subarray(0, 3)]).toEqual(BOM);
  expect(withBom.subarray(3, 24).toString("utf8")).toBe('"Subject ID (SUBJID)"');
});

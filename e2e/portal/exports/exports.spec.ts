/**
 * Exports in a browser, against the demo study ONC-101: a filtered and sorted table's CSV and Excel files hold
 * exactly the rows on screen across all its pages (the CSV read with csv-parse, the workbook with exceljs, both
 * written here, not the portal's code); a large export can be cancelled and leaves no file. Who may have an export:
 * ../security/export-access.spec.ts.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { allPages, csvRows, exportFile, sheetRows, status, workbook } from "../../support/exports";
import { signIn } from "../../support/portal";
import { ROOT } from "../../support/server";
import { openStudy, openSubjects } from "../../support/study";

const STUDY = "ONC-101";
/** Where the e2e server keeps export files: beside its portal database (playwright.config.ts). */
const EXPORT_DIR = join(ROOT, "data/e2e/exports");

test("a filtered, sorted subject list: the CSV and the Excel file hold the rows on screen, across its pages", async ({
  page,
}) => {
  await signIn(page);
  await openSubjects(page, STUDY);
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
  // Sex: the fourth column, after the Review column (docs/review.md).
  expect(shown.every((r) => r[3] === "Female")).toBe(true);

  const csv = await exportFile(page, caption, "CSV");
  expect(csv.suggestedFilename()).toMatch(/^ONC-101_subjects_\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = await csvRows(csv);
  expect(header.slice(0, 2)).toEqual(["Review", "Subject ID (SUBJID)"]);
  expect(rows).toEqual(shown);

  const xlsx = await exportFile(page, caption, "Excel");
  expect(xlsx.suggestedFilename()).toMatch(/^ONC-101_subjects_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = await workbook(xlsx);
  const [xHeader, ...xRows] = sheetRows(book.getWorksheet("Data")!);
  expect(xHeader).toEqual(header);
  // Numbers are numbers in the workbook (birth year, counts); on screen they are their text.
  expect(typeof xRows[0][4]).toBe("number");
  expect(xRows.map((r) => header.map((_, i) => (r[i] === undefined ? "" : String(r[i]))))).toEqual(shown);
  const about = new Map(sheetRows(book.getWorksheet("About")!).map(([k, v]) => [k, v]));
  expect(about.get("Study")).toBe(STUDY);
  expect(about.get("Partner ID")).toBe("NORTHSTAR");
  expect(about.get("Rows")).toBe(shown.length);
  // The portal's own times read as a sentence writes them, in UTC (docs/design.md, Dates and times).
  expect(about.get("Data as of")).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/);
  // The study snapshot the rows are, as the Changes section lists it (docs/snapshots.md).
  expect(about.get("Snapshot")).toMatch(/^Latest data: study snapshot of .+ UTC, fingerprint [0-9a-f]{64}$/);
  expect(about.get("Exported at")).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/);
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
  // The e2e server writes at most 2,500 rows a second (playwright.config.ts): thousands of results take seconds.
  await expect(control.getByRole("status")).toHaveText(/^Writing [\d,]+ of [\d,]+ rows$/);
  await control.getByRole("button", { name: "Cancel" }).click();
  await expect(control.getByRole("alert")).toHaveText(/^Cancelled\. You cancelled this export\./);
  expect(existsSync(join(EXPORT_DIR, `${id}.xlsx`))).toBe(false);
  const file = await page.request.get(`/exports/${id}/file`);
  expect(file.status()).toBe(409);
  expect((await page.request.get(`/exports/${id}`)).status()).toBe(200);
});

/**
 * The vital-signs section of ONC-101 in a browser. Expected numbers are
 * computed in the test from the partner API's own records, fetched over HTTP
 * (./vital-signs.expected.ts, the rules written out again there).
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { openSection, recordCells, tableCells } from "../../support/study";
import { expectRowTotal, rowStatus } from "../../support/tables";
import { expectedSummary, lastReadings, vitals } from "./vital-signs.expected";

// The items by their plain names, the units as a report writes them (the partner: "Blood Pressure BP Systolic").
const SBP = "Systolic blood pressure (mmHg)";
const TEMP_C = "Temperature (°C)";
const item = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Vital-sign items" }).getByRole("link", { name, exact: true });
const listing = (page: Page) => page.getByRole("region", { name: /: listing$/ });

test("the summary by visit equals the API's numbers; a count opens its records; the state survives a reload", async ({
  page,
  request,
}) => {
  const obs = await vitals(request);
  await openSection(page, "ONC-101", "Vital signs");
  const sbp = expectedSummary(obs, "Blood Pressure BP Systolic");
  await expect(item(page, SBP)).toHaveAttribute("aria-current", "page");
  expect(await tableCells(page, `${SBP} by visit (visits in schedule order)`)).toEqual(sbp.map((e) => e.summary));

  // Another item, with one decimal: mean and median at 2, SD at 3.
  await item(page, TEMP_C).click();
  const temp = expectedSummary(obs, "Temperature Temp C");
  await expect(page.getByRole("table", { name: `${TEMP_C} by visit (visits in schedule order)` })).toBeVisible();
  expect(await tableCells(page, `${TEMP_C} by visit (visits in schedule order)`)).toEqual(temp.map((e) => e.summary));

  // The n of the second visit opens exactly the readings it counts (one per subject).
  await item(page, SBP).click();
  const visit = sbp[1].visit;
  const summary = page.getByRole("table", { name: `${SBP} by visit (visits in schedule order)` });
  await summary.locator("tbody tr").nth(1).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`visit=${encodeURIComponent(visit).replace(/%20/g, "\\+")}`));
  const expected = lastReadings(obs.filter((o) => o.code.text === "Blood Pressure BP Systolic"))
    .filter((o) => o.encounter.display === visit)
    .map((o) => [o.subject.reference.replace("Patient/", ""), String(o.valueQuantity?.value)])
    .sort();
  const status = listing(page)
    .getByRole("status")
    .filter({ hasText: /^Rows / });
  await expect(status).toHaveText(`Rows 1–25 of ${expected.length}`);
  await listing(page).getByLabel("Rows per page").selectOption("100");
  await expect(status).toHaveText(`Rows 1–${expected.length} of ${expected.length}`);
  const rows = await recordCells(page, `${SBP} records of study ONC-101`);
  expect(rows.map((r) => [r[0], r[4]]).sort()).toEqual(expected);
  expect(new Set(rows.map((r) => r[2]))).toEqual(new Set([visit]));
  // No range from the partner: said, and nothing flagged.
  await expect(listing(page).getByText(/no reference range for .*: no value is flagged/)).toBeVisible();
  // The flag is the 7th column: the group's one unit is said by the value's header, not by a column.
  expect(rows.every((r) => r[6] === "")).toBe(true);
  await expect(
    page.getByRole("table", { name: `${SBP} records of study ONC-101` }).getByRole("columnheader", { name: /^Value/ }),
  ).toHaveText(/^Value \(mmHg\)/);

  await page.reload();
  await expect(status).toHaveText(`Rows 1–${expected.length} of ${expected.length}`);
  await expect(item(page, SBP)).toHaveAttribute("aria-current", "page");
});

test("the chart plots the summary's boxes: its data table and CSV are exactly them, and a box opens its visit", async ({
  page,
  request,
}) => {
  const expected = expectedSummary(await vitals(request), "Blood Pressure BP Systolic");
  await openSection(page, "ONC-101", "Vital signs");
  const chart = page.getByRole("figure", { name: `Distribution of ${SBP} by visit` });
  await expect(chart.locator(".recharts-bar-rectangle")).toHaveCount(expected.length);
  // Each box draws its outliers (values beyond Tukey's whiskers) as circles, as many as the table counts.
  const circles = await chart
    .locator("g[data-visit]")
    .evaluateAll((gs) => gs.map((g) => g.querySelectorAll("circle[data-outlier]").length));
  expect(circles).toEqual(expected.map((e) => e.box[9]));
  await chart.getByRole("button", { name: "Show data table" }).click();
  const caption = `Data of the chart: Distribution of ${SBP} by visit`;
  expect(await tableCells(page, caption)).toEqual(expected.map((e) => e.box.map(String)));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    chart.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  const csv = await readFile((await download.path()) as string, "utf8");
  const line = (row: (string | number)[]) =>
    `${row.map((c) => (typeof c === "number" ? String(c) : `"${c}"`)).join(",")}\r\n`;
  expect(csv).toBe(
    [
      ["Visit", "n", "Min", "Lower whisker", "Q1", "Median", "Q3", "Upper whisker", "Max", "Outliers (n)"],
      ...expected.map((e) => e.box),
    ]
      .map(line)
      .join(""),
  );

  // The open table is in the URL.
  await expect(page).toHaveURL(/vsdist_table=1/);
  await page.reload();
  await expect(page.getByRole("table", { name: caption })).toBeVisible();

  await chart.locator(".recharts-bar-rectangle").first().click();
  await expect(page).toHaveURL(new RegExp(`visit=${expected[0].visit}`));
  await expect(
    listing(page)
      .getByRole("status")
      .filter({ hasText: /^Rows / }),
  ).toHaveText(`Rows 1–25 of ${expected[0].box[1]}`);
});

test("blood-pressure positions are counted as text, never plotted; a count opens those records", async ({
  page,
  request,
}) => {
  const all = (await vitals(request)).filter((o) => o.code.text === "Blood Pressure Positioning");
  // Subjects per text: one reading per subject and visit.
  const obs = lastReadings(all);
  expect(all.every((o) => o.valueQuantity === undefined && typeof o.valueString === "string")).toBe(true);
  await openSection(page, "ONC-101", "Vital signs");
  // The partner's "Blood Pressure Positioning" by its plain name.
  await item(page, "Blood pressure position (text)").click();
  const table = "Blood pressure position (text): subjects per text and visit (visits in schedule order)";
  await expect(page.getByRole("table", { name: table })).toBeVisible();
  await expect(page.getByRole("figure")).toHaveCount(0);
  const header = await page
    .getByRole("table", { name: table })
    .locator("thead tr")
    .first()
    .locator("th")
    .allTextContents();
  const texts = header.slice(2).map((t) => t.trim());
  const rows = await tableCells(page, table);
  for (const row of rows) {
    const at = obs.filter((o) => o.encounter.display === row[0]);
    expect(row.slice(1)).toEqual(
      [at.length, ...texts.map((t) => at.filter((o) => o.valueString === t).length)].map(String),
    );
  }
  const sitting = texts.indexOf("Sitting");
  const first = page.getByRole("table", { name: table }).locator("tbody tr").first();
  await first
    .locator("td")
    .nth(2 + sitting)
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/value=Sitting/);
  await expectRowTotal(listing(page).getByRole("table"), Number(rows[0][2 + sitting]));
});

test("the records a data note counts are listed over every item, as many as the API holds", async ({
  page,
  request,
}) => {
  const obs = await vitals(request);
  const numbers = obs.filter((o) => typeof o.valueQuantity?.value === "number" && !o.referenceRange).length;
  await openSection(page, "ONC-101", "Vital signs");
  // The demo partner sends no range with any vital sign: the note says so, without a count to open; the listing of
  // the numbers without a range (what a count would open when some have one) holds every numeric record.
  await expect(page.getByRole("region", { name: "Data notes" })).toContainText("no reference range with any vital");
  await page.goto(`${page.url().split("?")[0]}?issue=no-range`);
  const n = numbers.toLocaleString("en");
  const region = page.getByRole("region", { name: `Numeric results without a reference range (${n})` });
  // The heading states the count: the pager says where the page is, not the count again.
  expect(numbers).toBeGreaterThan(25);
  await expect(rowStatus(region.getByRole("table"))).toHaveText("Rows 1–25");
  await expect(region.getByRole("table").locator("tbody tr")).toHaveCount(25);
  await expect(region.getByRole("columnheader", { name: "Item" })).toBeVisible();
  await region.getByRole("link", { name: "Close this listing" }).click();
  await expect(page.getByRole("region", { name: /Numeric results without/ })).toHaveCount(0);
});

/**
 * The Laboratory section in a browser, against the demo study ONC-101. Expected values are computed in the test
 * from the partner API's own records (./laboratory.expected.ts), never by the portal's code.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../../support/portal";
import { openStudy, recordCells } from "../../support/study";
import { LEAN_MAX_ROWS, rowStatus, showAllRows } from "../../support/tables";
import { expectedVisitOrder } from "../../support/visit-order.expected";
import {
  groupBy,
  highShift,
  type Lab,
  labResults,
  median,
  overviewCells,
  studyDrug,
  tukey,
} from "./laboratory.expected";

const STUDY = "ONC-101";

async function openLaboratory(page: Page) {
  await signIn(page);
  await openStudy(page, STUDY);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Laboratory" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Laboratory" })).toBeVisible();
}

/**
 * The texts of a table's body cells, row by row, once the table is there: evaluateAll does not wait, and the first
 * visit shows the load's progress before the table.
 */
async function cellTexts(page: Page, name: RegExp) {
  const table = page.getByRole("table", { name });
  await expect(table).toBeVisible({ timeout: 30_000 });
  return table
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")));
}

const status = (page: Page) => page.getByRole("status").filter({ hasText: /^Rows / });

test("the test overview of ONC-101 opens from the study's navigation and counts what the API holds", async ({
  page,
  request,
}) => {
  const results = await labResults(request, STUDY);
  await openLaboratory(page);
  const views = page.getByRole("navigation", { name: "Laboratory views" });
  await expect(views.getByRole("link", { name: "Tests" })).toHaveAttribute("aria-current", "page");
  await expect(views.getByRole("link", { name: "Liver safety (eDISH)" })).toHaveAttribute(
    "href",
    /\/laboratory\/liver$/,
  );

  const expected = [...groupBy(results, (r) => JSON.stringify([r.key, r.unit])).values()].map(overviewCells);
  const shown = (await cellTexts(page, /^Laboratory tests of study ONC-101/)).map((cells) => cells.slice(0, 12));
  const key = (cells: string[]) => cells.slice(0, 3).join("|");
  expect(shown.map(key).sort()).toEqual(expected.map(key).sort());
  for (const row of expected)
    expect(
      shown.find((s) => key(s) === key(row)),
      key(row),
    ).toEqual(row);
  // The demo data's imperfections are flagged: a unit change (glucose) and a numeric result without a unit.
  await expect(page.getByText(/GLUC comes in 2 units \(mg\/dL, mmol\/L\)/)).toBeVisible();
  await expect(page.getByText(/numeric results? without a unit \(/).first()).toBeVisible();

  // The count of results with a readable range opens exactly those results of the test and unit.
  const alt = results.filter((r) => r.code === "LB0214" && r.unit === "U/L");
  const ranged = Number(overviewCells(alt)[7]);
  expect(ranged).toBeGreaterThan(0);
  const altRow = page
    .getByRole("table", { name: /^Laboratory tests of study ONC-101/ })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "ALT", exact: true }) })
    .filter({ hasText: "U/L" });
  await altRow.locator("td").nth(7).getByRole("link").click();
  await expect(page).toHaveURL(/show=ranged/);
  await expect(page.getByRole("link", { name: "Numeric results with a readable range" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(status(page)).toHaveText(`Rows 1–${Math.min(25, ranged)} of ${ranged}`);
});

test("a shift-table cell opens its subjects' results, and the view survives a reload", async ({ page, request }) => {
  const alt = (await labResults(request, STUDY)).filter((r) => r.code === "LB0214" && r.unit === "U/L");
  // Baselines from the first dose of the study drug, results after it up to the last dose + 30 days.
  const shifts = highShift(alt, await studyDrug(request, STUDY));
  const inCell = [...shifts].filter(([, cell]) => cell === "NH").map(([subject]) => subject);
  expect(inCell.length).toBeGreaterThan(0);
  await openLaboratory(page);
  await page
    .getByRole("table", { name: /^Laboratory tests/ })
    .getByRole("link", { name: "ALT", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 3, name: "ALT (service code LB0214)" })).toBeVisible();
  await expect(page).toHaveURL(/test=code%3ALB0214/);

  // Each count of the highest-category table, as the API's records put the subjects.
  const table = page.getByRole("table", { name: /baseline against the highest category/ });
  const ROW = { L: "Low", N: "Normal", H: "High", M: "Missing" } as const;
  const COLUMN = { L: 0, N: 1, H: 2, M: 3 } as const;
  for (const b of ["L", "N", "H", "M"] as const) {
    const row = table.getByRole("row", { name: new RegExp(`^${ROW[b]}`) });
    for (const w of ["L", "N", "H", "M"] as const) {
      const n = [...shifts.values()].filter((c) => c === `${b}${w}`).length;
      await expect(row.locator("td").nth(COLUMN[w]), `${b}${w}`).toHaveText(String(n));
    }
  }

  await page
    .getByRole("link", {
      name: `${inCell.length} subjects with baseline Normal (N) and highest after baseline High (H)`,
    })
    .click();
  await expect(page).toHaveURL(/shift=high\.N\.H/);
  const rows = alt.filter((r) => inCell.includes(r.subject));
  const listing = page.getByRole("table", { name: /^All results of ALT/ });
  await showAllRows(listing, rows.length);
  const listed = async () => new Set((await recordCells(page, /^All results of ALT/)).map((cells) => cells[0]));
  expect([...(await listed())].sort()).toEqual([...inCell].sort());

  await page.reload();
  await expect(page).toHaveURL(/shift=high\.N\.H/);
  await expect(page.getByText(`Only the ${inCell.length} subjects with baseline normal (N)`)).toBeVisible();
  await showAllRows(listing, rows.length);
  expect([...(await listed())].sort()).toEqual([...inCell].sort());
});

test("the distribution chart's data table and CSV are exactly the plotted values", async ({ page, request }) => {
  const results = await labResults(request, STUDY);
  const alt = results.filter((r) => r.code === "LB0214" && r.unit === "U/L");
  const subject = alt[0].subject;
  await openLaboratory(page);
  await page.goto(`${new URL(page.url()).pathname}?test=code%3ALB0214&subject=${subject}`);
  const figure = page.getByRole("figure", { name: "ALT in U/L: distribution by visit" });
  await expect(figure.getByText("Lines: showing 1 of 40 subjects")).toBeVisible();

  // What is plotted: one box per visit, and the subject's points. Visits come in the study's visit order, worked out
  // over every laboratory result of the study (not ALT's alone): the visit schedule read from the labels, End of
  // Treatment after the last cycle, not the calendar median of the visit's dates.
  const altByVisit = groupBy(alt, (r: Lab) => r.visit);
  const order = expectedVisitOrder(results);
  expect(order.filter((v) => altByVisit.has(v))).toHaveLength(altByVisit.size);
  const byVisit = order.filter((v) => altByVisit.has(v)).map((visit) => ({ visit, rs: altByVisit.get(visit)! }));
  const boxes = figure.locator("g[role=button][data-visit]");
  await expect(boxes).toHaveCount(byVisit.length);
  const labels = await boxes.evaluateAll((gs) => gs.map((g) => g.getAttribute("aria-label") ?? ""));
  expect(labels.map((l) => l.split(":")[0])).toEqual(byVisit.map((v) => v.visit));
  for (const [i, v] of byVisit.entries()) {
    const values = v.rs.map((r) => r.value as number);
    expect(labels[i]).toContain(`n ${values.length}, min ${Math.min(...values)},`);
    expect(labels[i]).toContain(`median ${median(values)},`);
    // Tukey's whiskers, not the extremes; the max still given; the outliers drawn as circles in the box.
    const { low, high, outliers } = tukey(values);
    expect(labels[i]).toContain(`, whisker ${low}, Q1 `);
    expect(labels[i]).toContain(`, whisker ${high}, max ${Math.max(...values)} U/L`);
    await expect(boxes.nth(i).locator("circle[data-outlier]")).toHaveCount(outliers);
  }

  await figure.getByRole("button", { name: "Show data table" }).click();
  const table = await cellTexts(page, /^Data of the chart: ALT in U\/L/);
  const boxRows = table.filter((c) => c[0] === "All subjects");
  const LABEL = new RegExp(
    ": n (\\S+), min (\\S+), whisker (\\S+), Q1 (\\S+), median (\\S+), Q3 (\\S+), whisker (\\S+), max (\\S+) U/L; " +
      "(?:no outliers|outliers (.+))$",
  );
  const plotted = labels.map((l) => {
    const m = LABEL.exec(l)!;
    return [...m.slice(1, 9), String(m[9] ? m[9].split(", ").length : 0)].join(" ");
  });
  expect(boxRows.map((c) => c.slice(3, 12).join(" "))).toEqual(plotted);
  const mine = alt.filter((r) => r.subject === subject);
  const points = table.filter((c) => c[0] === `Subject ${subject}`);
  expect(points.map((c) => [c[1], c[12]])).toEqual(
    byVisit.flatMap((v) => mine.filter((r) => r.visit === v.visit).map((r) => [v.visit, String(r.value)])),
  );

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    figure.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  const csv = (await readFile((await download.path())!, "utf8")).trim().split("\r\n").slice(1);
  const unquote = (line: string) => line.split(",").map((c) => c.replace(/^"|"$/g, ""));
  expect(csv.map(unquote)).toEqual(table);

  // The table's state lives in the URL: it is open again after a reload.
  await page.reload();
  await expect(figure.getByRole("button", { name: "Hide data table" })).toBeVisible();
});

test("the value axis can be log, kept in the address; the results of 0 or less it cannot draw are counted", async ({
  page,
  request,
}) => {
  const results = await labResults(request, STUDY);
  // ALT in U/L, skewed to the right, as in the chart above.
  const alt = results.filter((r) => r.code === "LB0214" && r.unit === "U/L" && r.value !== null);
  const nonPositive = alt.filter((r) => (r.value as number) <= 0).length;
  await openLaboratory(page);
  await page.goto(`${new URL(page.url()).pathname}?test=code%3ALB0214`);
  const axis = page.getByRole("navigation", { name: "Value axis of the distribution charts" });
  await expect(axis.locator("[aria-current]")).toHaveText("Linear");
  await axis.getByRole("link", { name: "Log" }).click();
  await expect(page).toHaveURL(/scale=log/);
  await expect(axis.locator("[aria-current]")).toHaveText("Log");
  const note =
    nonPositive === 0
      ? "Log value axis: every numeric result is above 0 and drawn."
      : `Log value axis: ${nonPositive} numeric result${nonPositive === 1 ? "" : "s"} of 0 or less`;
  await expect(page.getByText(note)).toBeVisible();
  const figure = page.getByRole("figure", { name: "ALT in U/L: distribution by visit" });
  await expect(figure.getByText("Value (U/L, log scale)")).toBeVisible();
  // Every box drawn is of results above 0 only: its n adds up to the results above 0.
  const labels = await figure
    .locator("g[role=button][data-visit]")
    .evaluateAll((gs) => gs.map((g) => g.getAttribute("aria-label") ?? ""));
  const total = labels.reduce((sum, l) => sum + Number(/: n (\d+),/.exec(l)?.[1]), 0);
  expect(total).toBe(alt.length - nonPositive);
  await page.reload();
  await expect(axis.locator("[aria-current]")).toHaveText("Log");
});

test("a data note's count opens the results it counts, over every test", async ({ page, request }) => {
  const results = await labResults(request, STUDY);
  const noUnit = results.filter((r) => r.value !== null && r.unit === null);
  const text = results.filter((r) => r.value === null && r.text !== null);
  // The demo data's imperfections (docs/partner-service.md): a numeric result without a unit, text results.
  expect([noUnit.length > 0, text.length > 0]).toEqual([true, true]);
  await openLaboratory(page);
  const notes = page.getByRole("region", { name: "Data notes" });
  const cases: [string, Lab[], RegExp][] = [
    [`${noUnit.length} numeric result${noUnit.length === 1 ? "" : "s"} without a unit`, noUnit, /^Numeric results/],
    [`${text.length} text result${text.length === 1 ? "" : "s"}`, text, /^Text results: laboratory/],
  ];
  for (const [name, rows, caption] of cases) {
    await notes.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(/issue=/);
    // The listing's section is named by its heading, which ends with the number of results: its pager does not
    // say it again ("Rows 1–25"), and a listing of ten results or fewer shows them all, with no pager (lean).
    const n = rows.length.toLocaleString("en");
    const listing = page.getByRole("region", { name: new RegExp(`\\(${n}\\)$`) });
    const table = listing.getByRole("table", { name: caption });
    await expect(table.locator("tbody tr")).toHaveCount(Math.min(25, rows.length));
    if (rows.length <= LEAN_MAX_ROWS) await expect(rowStatus(table)).toHaveCount(0);
    else await expect(rowStatus(table)).toHaveText(`Rows 1–${Math.min(25, rows.length)}`);
  }
  // The result without a unit is that one record: its subject and value.
  await notes.getByRole("link", { name: cases[0][0], exact: true }).click();
  const cells = await recordCells(page, /^Numeric results without a unit: laboratory results of study/);
  expect(cells.map((c) => [c[0], c[4]])).toEqual(noUnit.map((r) => [r.subject, String(r.value)]));
  // An issue the page does not know is the overview alone, and is not repeated.
  await page.goto(`${page.url().split("?")[0]}?issue=%3Cb%3Ebad`);
  await expect(page.getByRole("table", { name: /^Laboratory tests of study/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: /Results|results/ })).toHaveCount(0);
});

/**
 * The tumour-response plots in a browser, against the demo server: the waterfall's bars and CSV against best
 * changes computed in ./waterfall.expected.ts from the partner API's own records, a bar opening its subject's
 * response page, and the spider and swimmer plots with their data tables.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "../../support/portal";
import { openStudy } from "../../support/study";
import { expectedWaterfall } from "./waterfall.expected";

async function openPlot(page: Page, plot: string, query = "") {
  await signIn(page);
  await openStudy(page, "ONC-101");
  const study = new URL(page.url()).pathname;
  await page.goto(`${study}/tumour-response/${plot}${query}`);
  await expect(page.getByRole("heading", { level: 2, name: "Tumour response" })).toBeVisible();
  return study;
}

const bars = (page: Page) => page.locator("g[data-percent]");

test("the waterfall has one bar per evaluable subject, the best change the API's records give, in order", async ({
  page,
  request,
}) => {
  const { subjects, mismatched } = await expectedWaterfall(request);
  // The one reported sum that disagrees with its lesions is the demo data's planted imperfection
  // (docs/partner-service.md): the
  // waterfall draws the lesions' sum, so there the reported sums would give another best change.
  expect(mismatched).toEqual(["A-004214"]);
  const differ = subjects.filter((s) => s.best !== s.bestReported).map((s) => s.subject);
  expect(differ).toEqual(["103-0005"]);
  const expected = subjects
    .filter((s) => s.evaluable && s.best !== null)
    .sort((a, b) => (b.best as number) - (a.best as number) || a.subject.localeCompare(b.subject));
  // ONC-101's 40 subjects: 39 with an assessment after baseline, 4 of them with non-target disease only
  // (docs/partner-service.md: 102-0002, 103-0004, 104-0001, 105-0001), no target sum and so no bar: 39 - 4 = 35.
  expect(expected.length).toBe(35);
  const evaluable = subjects.filter((s) => s.evaluable);
  expect(evaluable.filter((s) => s.nonTargetOnly).map((s) => s.subject)).toEqual([
    "102-0002",
    "103-0004",
    "104-0001",
    "105-0001",
  ]);

  await openPlot(page, "waterfall", "?bor=signed");
  await expect(bars(page)).toHaveCount(expected.length);
  const drawn = await bars(page).evaluateAll((gs) =>
    gs.map((g) => [
      g.getAttribute("data-subject"),
      Number(g.getAttribute("data-percent")),
      g.getAttribute("data-marked"),
    ]),
  );
  expect(drawn).toEqual(expected.map((s) => [s.subject, s.best, String(s.marked)]));
  expect(expected.filter((s) => s.marked).length).toBeGreaterThan(0);
  await expect(
    page.getByText(
      `Showing ${expected.length} bars of ${evaluable.length} evaluable subjects (4 with non-target disease only and ` +
        "no target sum, listed below)",
    ),
  ).toBeVisible();
  // They are named under the chart.
  const named = page.locator("#waterfall-non-target");
  for (const s of evaluable.filter((x) => x.nonTargetOnly))
    await expect(named.getByRole("link", { name: s.subject })).toBeVisible();

  // Hover names the subject under the bars and in the tooltip; a click opens the subject's response page.
  const target = expected[Math.floor(expected.length / 2)];
  await page.locator(`g[data-subject="${target.subject}"] rect`).hover();
  await expect(page.locator(".recharts-tooltip-wrapper")).toContainText(`Subject ${target.subject}`);
  await expect(page.locator("[data-hovered]")).toHaveText(target.subject);
  await expect(page.locator(".recharts-tooltip-wrapper")).toContainText(`${target.best} %`);
  await page.locator(`g[data-subject="${target.subject}"] rect`).click();
  await expect(page).toHaveURL(new RegExp(`/tumour-response/subjects/${target.subject}\\?bor=signed$`));
});

test("the waterfall's CSV has one row per subject with exactly the plotted values", async ({ page, request }) => {
  const { subjects } = await expectedWaterfall(request);
  await openPlot(page, "waterfall");
  await expect(bars(page).first()).toBeVisible();
  const plotted = new Map(
    await bars(page).evaluateAll((gs) =>
      gs.map((g) => [g.getAttribute("data-subject") as string, Number(g.getAttribute("data-percent"))] as const),
    ),
  );
  await page.getByRole("button", { name: "Show data table" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).first().click(),
  ]);
  // Written by the server (docs/exports.md): study, view and the data's date.
  expect(download.suggestedFilename()).toMatch(/^ONC-101_waterfall_\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...lines] = (await readFile((await download.path())!, "utf8")).split("\r\n").filter(Boolean);
  const columns = ["Subject ID", "Baseline sum (mm)", "Best % change", "BOR as signed", "BOR as recomputed"];
  expect(header).toBe([...columns, "Evaluable or the reason not"].map((c) => `"${c}"`).join(","));
  const rows = lines.map((l) => l.split(","));
  expect(rows.map((r) => r[0].replaceAll('"', "")).sort()).toEqual(subjects.map((s) => s.subject));
  for (const r of rows) {
    const subject = r[0].replaceAll('"', "");
    const s = subjects.find((x) => x.subject === subject)!;
    expect([subject, r[1] === "" ? null : Number(r[1])]).toEqual([subject, s.baselineSum]);
    expect([subject, r[2] === "" ? null : Number(r[2])]).toEqual([subject, plotted.get(subject) ?? null]);
    expect([subject, r[2] === "" ? null : Number(r[2])]).toEqual([subject, s.best]);
    const evaluable = s.nonTargetOnly ? '"Evaluable; no bar: non-target disease only (no target sum)"' : '"Evaluable"';
    expect(r[5]).toBe(s.evaluable ? evaluable : '"Not evaluable: no post-baseline assessment"');
  }
});

test("the spider plot draws every evaluable subject's line from 0, and the waterfall's links choose subjects", async ({
  page,
  request,
}) => {
  const { subjects } = await expectedWaterfall(request);
  // Subjects with non-target disease only have no target sum to draw.
  const drawable = subjects.filter((s) => s.evaluable && !s.nonTargetOnly);
  const points = drawable.reduce((n, s) => n + 1 + s.known, 0);
  await openPlot(page, "spider");
  await expect(page.locator("g[data-day]")).toHaveCount(points);
  expect(
    await page.locator('g[data-day="0"]').evaluateAll((gs) => gs.map((g) => g.getAttribute("data-value"))),
  ).toEqual(drawable.map(() => "0"));
  await expect(
    page.getByText(`Showing ${drawable.length} of ${drawable.length} subjects that can be drawn`),
  ).toBeVisible();
  await page.getByRole("button", { name: "Show data table" }).click();
  await expect(page.getByRole("table", { name: /^Data of the chart: Spider plot/ })).toBeVisible();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /^Rows / })
      .first(),
  ).toHaveText(`Rows 1–25 of ${points}`);

  // Pointing at a subject in the legend, or focusing it, highlights its line and dims every other; the words under
  // the plot name it.
  const first = drawable[0].subject;
  const button = page.getByRole("button", { name: new RegExp(`^${first} \\(`) });
  const states = () =>
    page
      .locator("g[data-day]")
      .evaluateAll((gs) => gs.map((g) => [g.getAttribute("data-subject"), g.getAttribute("data-highlight")]));
  await button.hover();
  await expect(page.getByText(`Highlighted: subject ${first} (`)).toBeVisible();
  const hovered = await states();
  expect(hovered.filter(([s]) => s === first).every(([, h]) => h === "on")).toBe(true);
  expect(hovered.filter(([s]) => s !== first).every(([, h]) => h === "dim")).toBe(true);
  expect(hovered.filter(([s]) => s === first)).toHaveLength(1 + drawable[0].known);
  await page.mouse.move(0, 0);
  await expect(page.locator('g[data-day][data-highlight="dim"]')).toHaveCount(0);
  await button.focus();
  await expect(page.locator(`g[data-subject="${first}"][data-highlight="on"]`)).toHaveCount(1 + drawable[0].known);
  await button.blur();
  // The legend is a list of its own, scrolling within its height, below the plot.
  const list = page.getByRole("list").filter({ has: button });
  const [plot, listBox] = [await page.locator(".recharts-surface").first().boundingBox(), await list.boundingBox()];
  expect(listBox!.y).toBeGreaterThanOrEqual(plot!.y + plot!.height);
  expect(await list.evaluate((el) => getComputedStyle(el).overflowY)).toBe("auto");

  // Pressing a subject in the legend takes its line off, in the URL.
  await page.getByRole("button", { name: new RegExp(`^${first} \\(`) }).click();
  await expect(page).toHaveURL(/subjects=/);
  await expect(page.locator(`g[data-subject="${first}"][data-day]`)).toHaveCount(0);
  await expect(page.locator("g[data-day]")).toHaveCount(points - 1 - drawable[0].known);

  // From the waterfall: the spider plot of one response's subjects.
  await page.goto(page.url().replace(/\/spider\?.*$/, "/waterfall"));
  const link = page.getByRole("link", { name: /^Partial response \(\d+\)$/ });
  const n = Number((await link.textContent())?.match(/\((\d+)\)/)?.[1]);
  await link.click();
  await expect(page).toHaveURL(/\/spider\?subjects=/);
  await expect(page.getByText(`Showing ${n} of ${drawable.length} subjects`)).toBeVisible();
  await expect(page.locator('g[data-day="0"]')).toHaveCount(n);

  // The data table's subject links and a click on a point open the subject's response page.
  await page.getByRole("button", { name: "Show data table" }).click();
  const cell = page
    .getByRole("table", { name: /^Data of the chart: Spider plot/ })
    .getByRole("link")
    .first();
  const listed = (await cell.textContent()) as string;
  await expect(cell).toHaveAttribute(
    "href",
    `${new URL(page.url()).pathname.replace(/\/spider$/, "")}/subjects/${listed}`,
  );
  const point = page.locator("g[data-day]").last();
  const pointed = (await point.getAttribute("data-subject")) as string;
  // Dispatched rather than clicked: lines cross, and another subject's point may lie on top of this one.
  await point.dispatchEvent("click");
  await expect(page).toHaveURL(new RegExp(`/tumour-response/subjects/${pointed}$`));
});

test("the swimmer plot has a bar per subject with a baseline, its time on study, arrows and its table", async ({
  page,
  request,
}) => {
  const { subjects } = await expectedWaterfall(request);
  const placed = subjects.filter((s) => s.days !== null);
  const latest = placed
    .map((s) => s.lastDate as string)
    .sort()
    .at(-1) as string;
  const gap = (d: string) => (Date.parse(latest) - Date.parse(d)) / 86_400_000;
  await openPlot(page, "swimmer", "?bor=signed");
  const lanes = page.locator("g[data-days]");
  await expect(lanes).toHaveCount(placed.length);
  const drawn = await lanes.evaluateAll((gs) =>
    gs.map((g) => [g.getAttribute("data-subject"), Number(g.getAttribute("data-days")), g.getAttribute("data-arrow")]),
  );
  const expected = [...placed]
    .sort((a, b) => (b.days as number) - (a.days as number) || a.subject.localeCompare(b.subject))
    .map((s) => [s.subject, s.days, String(!s.signedPd && gap(s.lastDate as string) <= 91)]);
  expect(drawn).toEqual(expected);
  await page.getByRole("button", { name: "Show data table" }).click();
  await expect(page.getByRole("table", { name: /^Data of the chart: Swimmer plot/ })).toBeVisible();
  // At the bar's start (day 0): the response markers along it have titles of their own.
  await page
    .locator(`g[data-subject="${expected[0][0]}"][data-days] rect`)
    .first()
    .click({ position: { x: 2, y: 3 } });
  await expect(page).toHaveURL(new RegExp(`/tumour-response/subjects/${expected[0][0]}\\?bor=signed$`));
});

test("a study without response data says so on every plot", async ({ page }) => {
  await signIn(page);
  await openStudy(page, "CARD-201");
  const study = new URL(page.url()).pathname;
  for (const plot of ["waterfall", "spider", "swimmer"]) {
    await page.goto(`${study}/tumour-response/${plot}`);
    await expect(page.getByText("Study CARD-201 has no tumour response data")).toBeVisible();
  }
});

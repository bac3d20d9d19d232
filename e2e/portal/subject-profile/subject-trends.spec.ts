/**
 * A subject's laboratory grid and ALT trend in a browser, against the demo
 * study ONC-101. The subject and every expected value are worked out here from
 * the partner API's own records (fetched over HTTP), with code written for the
 * test as docs/clinical-rules.md states the rules (Laboratory grid, Trends);
 * nothing of lib/ is imported. The subject: the one with the most ALT results
 * above the range, so that the H markers have something to show.
 */
import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { CTC_BASE } from "../../api/support/addresses";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";
import { signIn } from "../../support/portal";
import { openStudy } from "../../support/study";
import { expectedSubjects, studyDay } from "./subject-profile.expected";

type Lab = {
  id: string;
  subject: string;
  test: string;
  code: string | null;
  visit: string;
  at: string;
  value: number | null;
  text: string | null;
  unit: string | null;
  range: string | null;
};
type Onset = { key: string; start: string; term: string; grade: number | null };

/** The bounds of a range text in the shapes the rules list (`a-b`, `a - b`, `<x`, `<=x`, `>x`, `>=x`). */
function bounds(range: string | null) {
  const m = /^\s*([\d.]+)\s*-\s*([\d.]+)\s*$/.exec(range ?? "");
  if (m) return { low: Number(m[1]), high: Number(m[2]), lowIn: true, highIn: true };
  const s = /^\s*(<=|>=|<|>)\s*([\d.]+)\s*$/.exec(range ?? "");
  if (!s) return null;
  const x = Number(s[2]);
  if (s[1].startsWith("<")) return { low: null, high: x, lowIn: true, highIn: s[1] === "<=" };
  return { low: x, high: null, lowIn: s[1] === ">=", highIn: true };
}
function flag(r: Lab): "H" | "L" | "" {
  const b = bounds(r.range);
  if (r.value === null || b === null) return "";
  if (b.low !== null && (b.lowIn ? r.value < b.low : r.value <= b.low)) return "L";
  if (b.high !== null && (b.highIn ? r.value > b.high : r.value >= b.high)) return "H";
  return "";
}
/** The demo data's units as a laboratory report writes them (docs/clinical-rules.md, Units). */
const unitShown = (unit: string) =>
  unit.replace("10^9/L", "10⁹/L").replace("10^12/L", "10¹²/L").replace("1.73m2", "1.73m²");
/** A collection time as shown: without the T, to the minute (the demo's times are whole minutes). */
const timeShown = (at: string) => at.replace("T", " ").replace(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}):00$/, "$1");
/**
 * A result as its grid cell shows it: the number and flag, its unit only where its test comes in several units
 * (`several`), its test's row saying the one unit otherwise.
 */
const shown = (r: Lab, several: boolean) =>
  r.value === null
    ? (r.text ?? "")
    : `${r.value}${several ? ` ${r.unit === null ? "(no unit)" : unitShown(r.unit)}` : ""}${flag(r) && ` ${flag(r)}`}`;
/** Whether a test comes in more than one unit among these results (no unit is one), as its grid row then says. */
const severalUnits = (labs: Lab[], r: Lab) =>
  new Set(labs.filter((x) => x.subject === r.subject && x.test === r.test && x.value !== null).map((x) => x.unit))
    .size > 1;

async function apiRecords(request: APIRequestContext) {
  const token = await northstarToken(request);
  const q = "researchstudy=ONC-101&_count=1000";
  const [observations, aes] = await Promise.all([
    searchAll(request, token, `observation?${q}&category=laboratory`),
    searchAll(request, token, `AdverseEvent?${q}`),
  ]);
  const labs: Lab[] = observations.map((o) => {
    const coding = (o.code as { text?: string; coding?: { code?: string }[] }).coding?.[0];
    const quantity = o.valueQuantity as { value?: number; unit?: string } | undefined;
    return {
      id: o.id!,
      subject: (o.subject as { reference: string }).reference.replace(/^Patient\//, ""),
      test: (o.code as { text: string }).text,
      code: coding?.code || null,
      visit: (o.encounter as { display: string }).display,
      at: o.effectiveDateTime as string,
      value: quantity?.value ?? null,
      text: (o.valueString as string | undefined) ?? null,
      unit: quantity?.unit ?? null,
      range: (o.referenceRange as { text: string }[] | undefined)?.[0]?.text ?? null,
    };
  });
  const onsets = (subject: string): Onset[] => {
    const seen = new Map<string, Onset>();
    for (const a of aes.filter((x: Res) => (x.subject as { reference: string }).reference === `Patient/${subject}`)) {
      const key = (a.identifier as { value: string }).value;
      const grade = a.extension?.find((e) => e.url === `${CTC_BASE}#Grade`)?.valueInteger ?? null;
      const term = (a.event as { coding: { display: string }[] }).coding[0].display;
      if (!seen.has(key)) seen.set(key, { key, start: (a.date as string).slice(0, 10), term, grade });
    }
    return [...seen.values()].sort((x, y) => (x.start < y.start ? -1 : x.start > y.start ? 1 : 0));
  };
  return { labs, onsets };
}

/** The subject's study day 1 by the profile's default, the first dose of the study drug (the subject has one). */
async function firstDoseOf(request: APIRequestContext, subject: string): Promise<string> {
  const dayOne = (await expectedSubjects(request, "ONC-101")).find((s) => s.id === subject)?.firstDose;
  expect(dayOne, `subject ${subject} has a dated study-drug record`).toBeTruthy();
  return dayOne as string;
}

/**
 * The chart's data rows as the rules define them: ALT by unit (first seen first), in time order, then the onsets;
 * each with the study day of its date from `dayOne`.
 */
function expectedCsv(alt: Lab[], onsets: Onset[], dayOne: string): string {
  const byTime = [...alt].filter((r) => r.value !== null).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const units = [...new Set(byTime.map((r) => r.unit))];
  const q = (s: string | null) => (s === null || s === "" ? "" : `"${s}"`);
  const num = (x: number | null) => (x === null ? "" : String(x));
  const header =
    "Series,Collected (site time) or AE start,Study day,Visit,Plotted value,Unit,Flag,Band low,Band high," +
    "Reference range";
  const lines = [`${header.split(",").map(q).join(",")},"Adverse event","Record"`];
  for (const unit of units)
    for (const r of byTime.filter((x) => x.unit === unit)) {
      const b = bounds(r.range);
      const series = `ALT (${unit === null ? "no unit" : unitShown(unit)})`;
      const shownUnit = r.unit === null ? null : unitShown(r.unit);
      const day = num(studyDay(r.at.slice(0, 10), dayOne));
      const cells = [q(series), q(timeShown(r.at)), day, q(r.visit), num(r.value), q(shownUnit), q(flag(r))];
      lines.push([...cells, num(b?.low ?? null), num(b?.high ?? null), q(r.range), "", q(r.id)].join(","));
    }
  for (const o of onsets) {
    const event = `${o.term}, ${o.grade === null ? "grade missing" : `grade ${o.grade}`}`;
    const day = num(studyDay(o.start, dayOne));
    lines.push(
      ['"Adverse-event onset"', q(timeShown(o.start)), day, "", "", "", "", "", "", "", q(event), q(o.key)].join(","),
    );
  }
  return lines.map((l) => `${l}\r\n`).join("");
}

/** The focused element of the page, as a result of the laboratory grid: its text, its row's test, its column's head. */
function focusedResult(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    const cell = focused?.closest("#lab-grid td") as HTMLTableCellElement | null;
    const heads = cell?.closest("table")?.querySelectorAll("thead th");
    return {
      text: focused?.textContent ?? null,
      test: cell?.parentElement?.querySelector("th a")?.textContent ?? null,
      visit: cell ? (heads?.[cell.cellIndex]?.textContent ?? null) : null,
    };
  });
}
/** What focusedResult reads when a result has the focus. */
const inGrid = (r: Lab, several: boolean) => ({
  text: shown(r, several),
  test: r.test,
  visit: `${r.visit}${r.at.slice(0, 10)}`,
});

async function openProfile(page: Page, subject: string, query: string) {
  await signIn(page);
  await openStudy(page, "ONC-101");
  const study = new URL(page.url()).pathname;
  await page.goto(`${study}/subjects/${encodeURIComponent(subject)}?${query}`);
}

test("a subject's ALT trend: reference band per record, H/L points, AE onsets, and its data equal the API's", async ({
  page,
  request,
}) => {
  const { labs, onsets: onsetsOf } = await apiRecords(request);
  const isAlt = (r: Lab) => r.test === "ALT";
  const highs = new Map<string, number>();
  for (const r of labs.filter(isAlt)) if (flag(r) === "H") highs.set(r.subject, (highs.get(r.subject) ?? 0) + 1);
  expect(highs.size, "some subject of ONC-101 has an ALT above its range").toBeGreaterThan(0);
  const subject = [...highs].sort((a, b) => b[1] - a[1])[0][0];
  const alt = labs.filter((r) => r.subject === subject && isAlt(r));
  const onsets = onsetsOf(subject);
  const dayOne = await firstDoseOf(request, subject);
  await openProfile(page, subject, "trend=ALT");

  const chart = page.getByRole("figure", { name: `ALT of subject ${subject}, raw values` });
  await expect(chart.locator("path.trend-point")).toHaveCount(alt.filter((r) => r.value !== null).length);
  for (const r of alt) {
    const point = chart.locator(`path.trend-point[data-record="${r.id}"]`);
    await expect(point).toHaveAttribute("data-flag", flag(r) || "N");
    // The band of this record's own range: an open bound is left empty.
    const b = bounds(r.range);
    const band = chart.locator(`rect.trend-band[data-record="${r.id}"]`);
    if (b === null) await expect(band).toHaveCount(0);
    else await expect(band).toHaveAttribute("data-high", b.high === null ? "" : String(b.high));
  }
  await expect(chart.locator("path.trend-ae")).toHaveCount(onsets.length);

  // The data table and its CSV are exactly the plotted values.
  await chart.getByRole("button", { name: "Show data table" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    chart.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  // Written by the server (docs/exports.md): study, view and the data's date.
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^ONC-101_subject-${subject}-trend_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  expect(await readFile((await download.path())!, "utf8")).toBe(expectedCsv(alt, onsets, dayOne));

  // An onset opens its adverse event in the profile's table below, exactly (an `=` filter on its key).
  expect(onsets.length, "the subject has adverse events to mark").toBeGreaterThan(0);
  await chart.locator("path.trend-ae").first().dispatchEvent("click");
  await expect(page).toHaveURL(/ae_f_key=%3D/);
  const opened = decodeURIComponent(/ae_f_key=%3D([^&#]+)/.exec(page.url())![1]);
  expect(onsets.map((o) => o.key)).toContain(opened);

  // ×ULN: the record's value over its own upper limit; the band's top is 1. The choice survives a reload.
  await page.getByRole("navigation", { name: "Scale of the trend" }).getByRole("link", { name: "× ULN" }).click();
  await expect(page).toHaveURL(/scale=uln/);
  await page.reload();
  const uln = page.getByRole("figure", { name: `ALT of subject ${subject}, × ULN` });
  const withUln = alt.filter((r) => r.value !== null && (bounds(r.range)?.high ?? 0) > 0);
  await expect(uln.locator("path.trend-point")).toHaveCount(withUln.length);
  await expect(uln.locator('rect.trend-band:not([data-high="1"])')).toHaveCount(0);
});

test("the laboratory grid: one visit's values and flags equal the API's results", async ({ page, request }) => {
  const { labs } = await apiRecords(request);
  const subject = labs[0].subject;
  const screening = labs.filter((r) => r.subject === subject && r.visit === "Screening");
  expect(screening.length, "the first subject's screening results").toBeGreaterThan(30);
  await openProfile(page, subject, "");

  const grid = page.getByRole("table", { name: new RegExp(`^Laboratory results of subject ${subject} by visit`) });
  // The profile may still be loading the study: wait for the grid before reading its header.
  await expect(grid).toBeVisible();
  const heads = await grid.locator("thead th").allTextContents();
  const column = heads.findIndex((h) => h.startsWith("Screening"));
  expect(column).toBeGreaterThan(0);
  for (const r of screening) {
    const row = grid.locator("tbody tr").filter({ has: page.getByRole("link", { name: r.test, exact: true }) });
    // The row header is column 0, so the visit's cell is td number column - 1.
    const cell = row.locator("td").nth(column - 1);
    await expect(cell).toHaveText(shown(r, severalUnits(labs, r)));
    const range = r.range === null ? /no reference range$/ : new RegExp(`reference range ${esc(r.range)}$`);
    await expect(cell).toHaveAttribute("title", range);
  }
  // A test's name opens its trend.
  await grid.getByRole("link", { name: "ALT", exact: true }).click();
  await expect(page).toHaveURL(/trend=LB0214/);
  await expect(page.getByRole("figure", { name: `ALT of subject ${subject}, raw values` })).toBeVisible();
});

test("the trend's choice lives in the URL, and a point opens its result in the grid", async ({ page, request }) => {
  const { labs } = await apiRecords(request);
  const subject = labs[0].subject;
  const first = labs.filter((r) => r.subject === subject && r.test === "ALT").sort((a, b) => (a.at < b.at ? -1 : 1))[0];
  await openProfile(page, subject, "trend=LB0214");
  const chart = page.getByRole("figure", { name: `ALT of subject ${subject}, raw values` });
  await chart.locator(`path.trend-point[data-record="${first.id}"]`).click();
  await expect.poll(() => focusedResult(page)).toEqual(inGrid(first, severalUnits(labs, first)));

  // A vital sign by its plain name and unit (the partner's "Pulse/Heart Rate", code VS0008).
  await page.getByLabel("Trend of").selectOption({ label: "Pulse rate (beats/min)" });
  await expect(page).toHaveURL(/trend=vs%3AVS0008/);
  const pulse = page.getByRole("figure", { name: `Pulse rate (beats/min) of subject ${subject}, raw values` });
  await expect(pulse.locator("path.trend-point").first()).toBeVisible();
  // Vital signs carry no reference range: no band, and no ×ULN to switch to.
  await expect(pulse.locator("rect.trend-band")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Scale of the trend" })).toContainText("× ULN (no upper limit)");
  await page.reload();
  await expect(page.getByLabel("Trend of")).toHaveValue("vs:VS0008");
});

test("the trend offers study days across, the timeline's axis, kept in the URL", async ({ page, request }) => {
  const { labs } = await apiRecords(request);
  const subject = labs[0].subject;
  await openProfile(page, subject, "trend=LB0214");
  const axis = page.getByRole("navigation", { name: "Time axis of the trend" });
  await expect(axis.locator("[aria-current]")).toHaveText("Dates");
  await axis.getByRole("link", { name: "Study days" }).click();
  await expect(page).toHaveURL(/trend_x=day/);
  const chart = page.getByRole("figure", { name: `ALT of subject ${subject}, raw values` });
  // Day 1 is the timeline's: the trend's axis names the same day 1 as the timeline's axis.
  const timelineTitle = await page
    .locator("text")
    .filter({ hasText: /^Study day \(day 1 = / })
    .first()
    .textContent();
  const dayOne = /\(day 1 = (.+)\)$/.exec(timelineTitle ?? "")?.[1];
  expect(dayOne).toBeTruthy();
  await expect(chart.getByText(`Study day of collection (day 1 = ${dayOne})`)).toBeVisible();
  // Study days as whole numbers, never day 0; from day 1 a week or a multiple of a week apart.
  const ticks = (
    await chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value").allTextContents()
  ).map(Number);
  expect(ticks.length).toBeGreaterThan(1);
  expect(ticks.every((d) => Number.isInteger(d) && d !== 0)).toBe(true);
  const steps = new Set(ticks.slice(1).map((d, i) => d - ticks[i] - (ticks[i] < 0 && d > 0 ? 1 : 0)));
  expect(steps.size).toBe(1);
  await page.reload();
  await expect(axis.locator("[aria-current]")).toHaveText("Study days");
});

test("a vital-sign trend's point opens its record in the trend's data table", async ({ page, request }) => {
  const { labs } = await apiRecords(request);
  const subject = labs[0].subject;
  const token = await northstarToken(request);
  const vitals = await searchAll(request, token, "observation?researchstudy=ONC-101&_count=1000&category=vital-signs");
  const pulse = vitals
    .filter((o) => (o.subject as { reference: string }).reference === `Patient/${subject}`)
    .filter((o) => (o.code as { text: string }).text === "Pulse/Heart Rate")
    .map((o) => ({
      id: o.id!,
      at: o.effectiveDateTime as string,
      value: (o.valueQuantity as { value: number }).value,
      visit: (o.encounter as { display: string }).display,
    }));
  expect(pulse.length).toBeGreaterThan(1);
  const record = pulse[pulse.length - 1];
  const dayOne = await firstDoseOf(request, subject);
  await openProfile(page, subject, "trend=vs%3AVS0008");
  const chart = page.getByRole("figure", { name: `Pulse rate (beats/min) of subject ${subject}, raw values` });
  await expect(chart.getByRole("button", { name: "Show data table" })).toBeVisible();
  await chart.locator(`path.trend-point[data-record="${record.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`trend_f_record=%3D${esc(record.id)}`));
  await expect(page).toHaveURL(/trend_table=1/);
  // The data table opens on that record alone, with its fields, and takes the focus.
  const table = chart.getByRole("table", { name: /^Data of the chart: Pulse rate \(beats\/min\)/ });
  await expect(table.locator("tbody tr")).toHaveCount(1);
  const cells = await table.locator("tbody tr td").allTextContents();
  expect([cells[1], cells[2], cells[3], cells[4], cells.at(-1)]).toEqual([
    timeShown(record.at),
    String(studyDay(record.at.slice(0, 10), dayOne)),
    record.visit,
    String(record.value),
    record.id,
  ]);
  await expect(chart.locator("#trend-data")).toBeFocused();
  // Back returns to the chart without the filter.
  await page.goBack();
  await expect(page).not.toHaveURL(/trend_f_record=/);
});

test("the grid's pages of visits: turning pages, a visit chosen, and a point on another page", async ({
  page,
  request,
}) => {
  const { labs } = await apiRecords(request);
  const subject = labs[0].subject;
  const mine = labs.filter((r) => r.subject === subject);
  // The grid's columns as the rules define them: one per visit and calendar day, in date order.
  const key = (r: Lab) => `${r.visit}|${r.at.slice(0, 10)}`;
  const columns = [...new Map(mine.map((r) => [key(r), r])).values()]
    .map((r) => ({ key: key(r), visit: r.visit, date: r.at.slice(0, 10) }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  expect(columns.length, "the subject has more visits than one page of six holds").toBeGreaterThan(6);
  const n = columns.length;
  const alt = mine.filter((r) => r.test === "ALT").sort((a, b) => (a.at < b.at ? -1 : 1));
  const late = alt.find((r) => columns.findIndex((c) => c.key === key(r)) >= 6)!;
  await openProfile(page, subject, "trend=LB0214&grid_visits=6");

  const grid = page.getByRole("table", { name: new RegExp(`^Laboratory results of subject ${subject} by visit`) });
  const pager = page.getByRole("navigation", { name: "Visits of the laboratory grid" });
  const heads = async () => (await grid.locator("thead th").allTextContents()).slice(1);
  await expect(pager).toContainText(`Visits 1–6 of ${n}`);
  expect(await heads()).toEqual(columns.slice(0, 6).map((c) => `${c.visit}${c.date}`));

  // A point whose result is on the second page: the grid turns to it, and the result takes the focus.
  const chart = page.getByRole("figure", { name: `ALT of subject ${subject}, raw values` });
  await chart.locator(`path.trend-point[data-record="${late.id}"]`).click();
  await expect(page).toHaveURL(/[?&]grid=2(&|$)/);
  await expect.poll(() => focusedResult(page)).toEqual(inGrid(late, severalUnits(labs, late)));
  await expect(pager).toContainText(`Visits 7–${n} of ${n}`);
  expect(await heads()).toEqual(columns.slice(6, 12).map((c) => `${c.visit}${c.date}`));

  // Back to the first page by its link (the trend's choice kept), then to a visit chosen from the list.
  await pager.getByRole("link", { name: "← Previous visits" }).click();
  await expect(pager).toContainText(`Visits 1–6 of ${n}`);
  expect(page.url()).not.toMatch(/[?&]grid=/);
  expect(page.url()).toMatch(/trend=LB0214/);
  await pager.getByLabel("Go to visit").selectOption({ label: `${columns[6].visit}, ${columns[6].date}` });
  await expect(page).toHaveURL(/[?&]grid=2(&|$)/);
  await expect(grid.locator("thead th").nth(1)).toBeFocused();
  await expect(grid.locator("thead th").nth(1)).toHaveText(`${columns[6].visit}${columns[6].date}`);

  // The timeline's marker of a laboratory visit on the last page: the grid turns to it and its column takes the
  // focus. A marker is a collection day: it opens that day's first column.
  const last = columns.length - 1;
  const first = columns.findIndex((c) => c.date === columns[last].date);
  const page2 = Math.floor(first / 6) + 1;
  expect(page2).toBeGreaterThan(1);
  await pager.getByRole("link", { name: "← Previous visits" }).click();
  await expect(pager).toContainText(`Visits 1–6 of ${n}`);
  await page.locator(`[data-item="laboratory:${columns[first].date}"]`).dispatchEvent("click");
  await expect(page).toHaveURL(new RegExp(`[?&]grid=${page2}(&|$)`));
  const head = grid.locator("thead th").nth(1 + (first % 6));
  await expect(head).toBeFocused();
  await expect(head).toHaveText(`${columns[first].visit}${columns[first].date}`);
});

const esc = (s: string | null) => (s === null ? "" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

/**
 * A subject's liver panel in a browser (`trend=liver`: ALT, AST, ALP and total bilirubin as multiples of their ULN on
 * one chart), against the demo study ONC-101. Every expected value is worked out here from the partner API's own
 * records (fetched over HTTP), with code written for the test as docs/clinical-rules.md states the rules (Liver
 * safety: the tests and ×ULN; Trends of one subject); nothing of lib/ is imported.
 */
import { expect, type Page, test } from "@playwright/test";
import { csvRows } from "../../support/exports";
import { northstarToken, searchAll } from "../../support/partner-api";
import { signIn } from "../../support/portal";
import { openStudy } from "../../support/study";

type Lab = { id: string; subject: string; test: string; visit: string; at: string; value: number | null; uln: number };

/** The names each test is recognised by, trimmed and compared without case (docs/clinical-rules.md, The tests). */
const NAMES: Record<string, string[]> = {
  ALT: ["alt", "alanine aminotransferase", "sgpt"],
  AST: ["ast", "aspartate aminotransferase", "sgot"],
  ALP: ["alp", "alkaline phosphatase", "alkp"],
  "Total bilirubin": ["bili", "total bilirubin", "bilirubin, total", "tbili"],
};
const testOf = (name: string) => Object.keys(NAMES).find((t) => NAMES[t].includes(name.trim().toLowerCase())) ?? null;

/** The upper bound of a range text (`a-b`, `a - b`, `<x`, `<=x`); null for anything else. */
function upper(range: string | null): number | null {
  const m = /^\s*[\d.]+\s*-\s*([\d.]+)\s*$/.exec(range ?? "") ?? /^\s*<=?\s*([\d.]+)\s*$/.exec(range ?? "");
  return m ? Number(m[1]) : null;
}

/** The subject's liver results with a value and an upper limit above 0: those the panel plots. */
async function liverResults(page: Page): Promise<Lab[]> {
  const token = await northstarToken(page.request);
  const observations = await searchAll(
    page.request,
    token,
    "observation?researchstudy=ONC-101&_count=1000&category=laboratory",
  );
  return observations.flatMap((o): Lab[] => {
    const test = testOf((o.code as { text: string }).text);
    const uln = upper((o.referenceRange as { text: string }[] | undefined)?.[0]?.text ?? null);
    const value = (o.valueQuantity as { value?: number } | undefined)?.value ?? null;
    if (test === null || uln === null || !(uln > 0) || value === null) return [];
    const subject = (o.subject as { reference: string }).reference.replace(/^Patient\//, "");
    const visit = (o.encounter as { display: string }).display;
    return [{ id: o.id!, subject, test, visit, at: o.effectiveDateTime as string, value, uln }];
  });
}

test("the liver panel: ALT, AST, ALP, bilirubin ×ULN on one chart, lines at 3 and 2 ×ULN, data as the API", async ({
  page,
}) => {
  const all = await liverResults(page);
  // The first subject with results of all four tests.
  const subject = [...new Set(all.map((r) => r.subject))].find(
    (s) => new Set(all.filter((r) => r.subject === s).map((r) => r.test)).size === 4,
  );
  expect(subject, "a subject of ONC-101 has ALT, AST, ALP and total bilirubin").toBeTruthy();
  const mine = all.filter((r) => r.subject === subject);
  await signIn(page);
  await openStudy(page, "ONC-101");
  const study = new URL(page.url()).pathname;
  await page.goto(`${study}/subjects/${encodeURIComponent(subject!)}?trend=liver`);

  const chart = page.getByRole("figure", { name: `Liver tests of subject ${subject}, × ULN` });
  await expect(chart.locator("path.trend-point")).toHaveCount(mine.length);
  for (const t of Object.keys(NAMES)) {
    const code = { ALT: "ALT", AST: "AST", ALP: "ALP", "Total bilirubin": "BILI" }[t];
    await expect(chart.locator(`path.trend-point[data-test="${code}"]`)).toHaveCount(
      mine.filter((r) => r.test === t).length,
    );
    await expect(chart.getByRole("list", { name: "Legend" })).toContainText(`${t} (×ULN)`);
  }
  // Hy's law's lines across the plot, each labelled on it.
  await expect(chart.locator("g.recharts-reference-line.trend-threshold")).toHaveCount(2);
  for (const label of ["3×ULN (ALT, AST)", "2×ULN (total bilirubin)"])
    await expect(chart.locator("svg text", { hasText: label })).toHaveCount(1);
  // One axis of multiples: raw values do not apply to four tests at once.
  const scale = page.getByRole("navigation", { name: "Scale of the trend" });
  await expect(scale.locator("[aria-current]")).toHaveText("× ULN");
  await expect(scale).toContainText("Raw values (one test at a time)");
  await expect(page.getByLabel("Trend of")).toHaveValue("liver");

  // The data: a row per result, test after test (ALT, AST, ALP, bilirubin), each in time order, with its ×ULN.
  await chart.getByRole("button", { name: "Show data table" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    chart.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  const [header, ...rows] = await csvRows(download);
  expect(header).toEqual([
    "Study day",
    "Collected (site time) or AE start",
    "Visit",
    "Test",
    "Result",
    "Unit",
    "ULN",
    "×ULN",
    "Adverse event",
    "Record",
  ]);
  const column = (name: string) => header.indexOf(name);
  const results = rows.filter((r) => r[column("Test")] !== "Adverse-event onset");
  const byTime = (a: Lab, b: Lab) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0);
  const expected = Object.keys(NAMES).flatMap((t) => mine.filter((r) => r.test === t).sort(byTime));
  expect(results.map((r) => [r[column("Record")], r[column("Test")], r[column("Visit")]])).toEqual(
    expected.map((r) => [r.id, r.test, r.visit]),
  );
  // ×ULN: the value over its own record's upper limit, to a thousandth.
  expect(
    results.map((r) => [Number(r[column("Result")]), Number(r[column("ULN")]), Number(r[column("×ULN")])]),
  ).toEqual(expected.map((r) => [r.value, r.uln, Math.round((r.value! / r.uln) * 1000) / 1000]));
});

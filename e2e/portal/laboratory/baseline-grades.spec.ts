/**
 * A laboratory test's baselines from the first dose of the study drug, the on-treatment window, and the listing's
 * ×ULN and CTCAE v5.0 grades, in a browser against the demo study ONC-101. Expected values are worked out here from
 * the partner API's own records (./laboratory.expected.ts, ./grades.expected.ts), never by the portal's code.
 */
import { expect, test } from "@playwright/test";
import { openMethods, openStudyAddress, recordCells } from "../../support/study";
import { showAllRows } from "../../support/tables";
import { altAbnormalCells } from "./grades.expected";
import { groupBy, type Lab, labResults, parts, shownTime, studyDrug } from "./laboratory.expected";

const STUDY = "ONC-101";
const ALT = "test=code%3ALB0214";

/** ALT's results of ONC-101 and each subject's study drug, from the API. */
async function altData(request: Parameters<typeof labResults>[0]) {
  const alt = (await labResults(request, STUDY)).filter((r) => r.code === "LB0214");
  const dosing = await studyDrug(request, STUDY);
  // Every subject with an ALT result has the study drug's records in the demo data.
  expect(alt.every((r) => dosing.has(r.subject))).toBe(true);
  return { alt, dosing };
}

/** The results of a part, per subject and unit, for a window. */
const ofPart = (alt: Lab[], dosing: Awaited<ReturnType<typeof studyDrug>>, part: string, window: number) =>
  [...groupBy(alt, (r) => `${r.subject}|${r.unit}`).values()].flatMap((rs) =>
    [...parts(rs, dosing.get(rs[0].subject)!, window)].filter(([, p]) => p === part).map(([r]) => r),
  );

test("a test's page says how its baselines were found, and the count opens them", async ({ page, request }) => {
  const { alt, dosing } = await altData(request);
  const subjects = new Set(alt.filter((r) => r.value !== null).map((r) => r.subject));
  const baselines = ofPart(alt, dosing, "baseline", 30);
  const study = await openStudyAddress(page, STUDY);
  await page.goto(`${study}/laboratory?${ALT}`);
  const convention = page.locator("p", {
    hasText: /^Baseline: the last result on or before the day of the first dose/,
  });
  await expect(convention).toContainText(`for ${subjects.size} subjects; without a known first dose`, {
    timeout: 30_000,
  });
  await expect(convention).toContainText("for 0 subjects. After baseline: the results dated after the first dose");
  await openMethods(page);
  await expect(convention).toBeVisible();
  await expect(convention.getByRole("link", { name: "How this is counted" })).toHaveAttribute(
    "href",
    /\/rules#baseline-and-the-on-treatment-window$/,
  );
  const windows = page.getByRole("navigation", { name: "On-treatment window" });
  await expect(windows.getByRole("link", { name: "last dose + 30 days" })).toHaveAttribute("aria-current", "page");

  await convention.getByRole("link", { name: `${subjects.size} subjects`, exact: true }).click();
  await expect(page).toHaveURL(/phase=baseline-first-dose/);
  await showAllRows(page.getByRole("table", { name: /^All results of ALT/ }), baselines.length);
  const cells = await recordCells(page, /^All results of ALT/);
  expect(cells.map((c) => `${c[0]} ${c[2]}`).sort()).toEqual(
    baselines.map((r) => `${r.subject} ${shownTime(r.at)}`).sort(),
  );
  expect(new Set(cells.map((c) => c[9]))).toEqual(new Set(["baseline"]));
});

test("a shorter window's results after it are counted in the notes, and the count opens them", async ({
  page,
  request,
}) => {
  const { alt, dosing } = await altData(request);
  const late = ofPart(
    alt.filter((r) => r.unit === "U/L"),
    dosing,
    "late",
    0,
  );
  // The demo data has End of Treatment visits after the last dose's day.
  expect(late.length).toBeGreaterThan(0);
  const study = await openStudyAddress(page, STUDY);
  await page.goto(`${study}/laboratory?${ALT}&window=0`);
  const windows = page.getByRole("navigation", { name: "On-treatment window" });
  await expect(windows.getByRole("link", { name: "last dose + 0 days" })).toHaveAttribute("aria-current", "page", {
    timeout: 30_000,
  });
  const notes = page.getByRole("region", { name: "Data notes" });
  const results = `${late.length} numeric result${late.length === 1 ? "" : "s"}`;
  const name = `${results} of ALT in U/L dated after the on-treatment window`;
  await notes.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/window=0/);
  await expect(page).toHaveURL(/phase=late/);
  await showAllRows(page.getByRole("table", { name: /^All results of ALT/ }), late.length);
  const cells = await recordCells(page, /^All results of ALT/);
  expect(cells.map((c) => `${c[0]} ${c[2]}`).sort()).toEqual(late.map((r) => `${r.subject} ${shownTime(r.at)}`).sort());
  expect(new Set(cells.map((c) => c[9]))).toEqual(new Set(["after the on-treatment window: not counted"]));
});

test("the abnormal ALT results show their ×ULN and CTCAE v5.0 grade", async ({ page, request }) => {
  const { alt, dosing } = await altData(request);
  const expected = altAbnormalCells(alt, dosing);
  expect([...expected.values()].some((c) => Number(c[2]) >= 1)).toBe(true);
  const study = await openStudyAddress(page, STUDY);
  await page.goto(`${study}/laboratory?${ALT}`);
  await showAllRows(page.getByRole("table", { name: /^Abnormal results \(L or H\) of ALT/ }), expected.size);
  const cells = await recordCells(page, /^Abnormal results \(L or H\) of ALT/);
  const shown = new Map(cells.map((c) => [`${c[0]}|${c[2]}`, c.slice(9, 13)]));
  expect(shown).toEqual(expected);
  await openMethods(page);
  const convention = page.locator("p", { hasText: /^×ULN: the value over its own record's upper limit/ });
  await expect(convention).toBeVisible();
  await expect(convention.getByRole("link", { name: "How this is counted" })).toHaveAttribute(
    "href",
    /\/rules#ctcae-grades-of-laboratory-results$/,
  );
});

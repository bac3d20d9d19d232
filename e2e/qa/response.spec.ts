/**
 * QA: the response views. A best-overall-response count opens that many subjects; a subject's response page lists
 * the API's assessments of the subject; the waterfall, spider and swimmer plots each have their data table.
 */
import { ChartPanel } from "../pages/ChartPanel";
import { DataTable } from "../pages/DataTable";
import { HEADINGS } from "../pages/StudyPage";
import { CAPTIONS, captionCount, FIGURES } from "../pages/views";
import { expect, test } from "./fixtures";

test("a BOR count opens its subjects, and a subject its response page with the API's assessments", async ({
  page,
  study,
  facts,
}) => {
  await study.goto();
  await study.section("Tumour response");
  const bor = page.getByRole("table", { name: CAPTIONS.bestResponse });
  // The first count of the table that is not 0 (signed, then recomputed, row by row).
  const link = bor
    .getByRole("link")
    .filter({ hasText: /^[1-9]\d*$/ })
    .first();
  const n = Number(await link.textContent());
  await link.click();
  await expect(page).toHaveURL(/subjects=/);
  const subjects = new DataTable(page, CAPTIONS.responseSubjects);
  expect(await subjects.total()).toBe(n);

  const id = (await subjects.cells())[0][0];
  await subjects.table.getByRole("link", { name: id, exact: true }).click();
  await expect(study.viewHeading()).toHaveText(HEADINGS.subjectResponse(id));
  const assessments = page.getByRole("table", { name: CAPTIONS.subjectAssessments(id) });
  expect(await captionCount(assessments)).toBe(facts.assessments.get(id));
  expect(await new DataTable(page, CAPTIONS.subjectAssessments(id)).total()).toBe(facts.assessments.get(id));
});

test("the waterfall, spider and swimmer plots each show their chart with its data table", async ({ page, study }) => {
  await study.goto("/tumour-response");
  await study.expectLoaded();
  for (const [view, figure] of [
    ["Waterfall", FIGURES.waterfall],
    ["Spider plot", FIGURES.spider],
    ["Swimmer plot", FIGURES.swimmer],
  ] as const) {
    await study.subView("Tumour response", view);
    const data = await new ChartPanel(page, figure).dataTable();
    expect(await data.total(), view).toBeGreaterThan(0);
  }
});

/**
 * QA: exports are the screen. The subject list's CSV and Excel files, the AE listing's CSV (a table paged on the
 * server) and a chart's data CSV, read back with csv-parse and exceljs, hold exactly the rows the screen shows
 * across all its pages.
 */
import { ChartPanel } from "../pages/ChartPanel";
import { DataTable } from "../pages/DataTable";
import { ABOUT } from "../pages/ExportControl";
import { aeListingCounts, CAPTIONS, FIGURES } from "../pages/views";
import { expect, test } from "./fixtures";

const fileName = (study: string, view: string, ext: string) =>
  new RegExp(`^${study.replace(/[.]/g, "\\.")}_${view}_\\d{4}-\\d{2}-\\d{2}\\.${ext}$`);

test("the subject list's CSV and Excel files hold the rows on screen, across its pages", async ({
  page,
  study,
  facts,
}) => {
  await study.goto("/subjects");
  await study.expectLoaded();
  const table = new DataTable(page, CAPTIONS.subjects(study.study));
  // The file has every column; the screen has those the QA account chose (kept per user), so show them all.
  await table.showAllColumns();
  await table.pageSize(10);
  const shown = await table.allRows();
  expect(shown).toHaveLength(facts.subjects.length);

  const csv = await table.exportControl().csv();
  expect(csv.fileName).toMatch(fileName(study.study, "subjects", "csv"));
  expect(csv.rows).toEqual(shown);

  const xlsx = await table.exportControl().excel();
  expect(xlsx.fileName).toMatch(fileName(study.study, "subjects", "xlsx"));
  expect(xlsx.header).toEqual(csv.header);
  expect(xlsx.rows).toEqual(shown);
  expect(xlsx.about.get(ABOUT.study)).toBe(study.study);
  expect(xlsx.about.get(ABOUT.rows)).toBe(shown.length);
});

test("the adverse-event listing's CSV holds its rows across every page of the server's table", async ({
  page,
  study,
}) => {
  await study.goto("/adverse-events");
  await study.expectLoaded();
  // The listing states its count in its line of events, and hides some columns by default: the file has them all.
  const table = new DataTable(page, CAPTIONS.aeListing, { stated: async () => (await aeListingCounts(page)).shown });
  await table.showAllColumns();
  await table.pageSize(100);
  const shown = await table.allRows();
  const csv = await table.exportControl().csv();
  expect(csv.fileName).toMatch(fileName(study.study, "adverse-events", "csv"));
  expect(csv.rows).toEqual(shown);
});

test("a chart's data CSV holds the rows of its data table", async ({ page, study }) => {
  await study.goto("/adverse-events");
  await study.expectLoaded();
  const chart = new ChartPanel(page, FIGURES.aeTerms);
  const data = await chart.dataTable();
  await data.pageSize(100);
  const shown = await data.allRows();
  expect(shown.length).toBeGreaterThan(0);
  const csv = await chart.exportControl().csv();
  expect(csv.rows).toEqual(shown);
});

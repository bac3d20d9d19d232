/**
 * The Tumour response section of ONC-101 in a browser: the summary's best overall responses, ORR and DCR as
 * signed and as recomputed equal those computed here from the partner API's own records (./tumour-response.expected.ts,
 * the rules written out again); a count opens its subjects, a subject its response page, whose assessments,
 * lesions and chart data are the API's; CARD-201 has no response data; the options live in the URL.
 */
import { expect, type Page, test } from "@playwright/test";
import { openSection, openStudyAddress, recordCells, tableCells } from "../../support/study";
import { everyRowShown } from "../../support/tables";
import {
  type Bor,
  type ExpectedSubject,
  expectedChart,
  expectedResponse,
  NN,
  rateText,
  SIGNED,
} from "./tumour-response.expected";

const BORS: Bor[] = ["CR", "PR", "SD", NN, "PD", "NE"];
const borTable = (n: number) => `Best overall response as signed and as recomputed (N = ${n})`;

/** The BOR table's row whose first cell starts with `label`: [label, signed n, %, CI, recomputed n, %, CI, diff]. */
async function borRow(page: Page, n: number, label: string): Promise<string[]> {
  const rows = await tableCells(page, borTable(n));
  return rows.find((r) => r[0].startsWith(label)) ?? [];
}

const count = (subjects: ExpectedSubject[], source: "signed" | "recomputed", bors: Bor[]) =>
  subjects.filter((s) => bors.includes(s[source])).length;

test("the summary opens from the study navigation; its BORs, ORR and DCR are the API's", async ({ page, request }) => {
  const evaluable = (await expectedResponse(request)).filter((s) => s.evaluable);
  const n = evaluable.length;
  await openSection(page, "ONC-101", "Tumour response");
  await expect(page.getByRole("table", { name: borTable(n) })).toBeVisible();
  for (const bor of BORS) {
    const row = await borRow(page, n, bor);
    expect([row[1], row[2]], `${bor} as signed`).toEqual(rateText(count(evaluable, "signed", [bor]), n));
    expect([row[4], row[5]], `${bor} as recomputed`).toEqual(rateText(count(evaluable, "recomputed", [bor]), n));
  }
  // ORR counts CR and PR; DCR counts Non-CR/Non-PD as disease control (docs/clinical-rules.md, Study rates).
  for (const [label, bors] of [
    ["ORR", ["CR", "PR"]],
    ["DCR", ["CR", "PR", "SD", NN]],
  ] as const) {
    const row = await borRow(page, n, label);
    expect([row[1], row[2]], `${label} as signed`).toEqual(rateText(count(evaluable, "signed", [...bors]), n));
    expect([row[4], row[5]], `${label} as recomputed`).toEqual(rateText(count(evaluable, "recomputed", [...bors]), n));
    expect(row[3]).toMatch(/^\d+\.\d–\d+\.\d$/);
  }
  // The subjects whose two BORs differ are listed, each with both.
  const differ = evaluable.filter((s) => s.signed !== s.recomputed).map((s) => [s.id, s.signed, s.recomputed]);
  const listed = await tableCells(
    page,
    `Evaluable subjects whose best overall response as signed differs from the recomputed one (${differ.length})`,
  );
  expect(listed.map((r) => r.slice(0, 3))).toEqual(differ);
});

test("a count opens its subjects, and a subject its assessments, lesions and chart as the API has them", async ({
  page,
  request,
}) => {
  const all = await expectedResponse(request);
  const evaluable = all.filter((s) => s.evaluable);
  const pr = evaluable.filter((s) => s.signed === "PR");
  await openSection(page, "ONC-101", "Tumour response");
  const row = page.getByRole("table", { name: borTable(evaluable.length) }).getByRole("row", { name: /^PR \(/ });
  // The first of the row's links with this count: the signed one (the recomputed count comes after it).
  await row
    .getByRole("link", { name: String(pr.length), exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/subjects=signed-PR/);
  const caption = `Evaluable subjects with a best overall response of PR as signed (${pr.length})`;
  await expect(page.getByRole("table", { name: caption })).toBeVisible();
  expect((await tableCells(page, caption)).map((r) => r[0])).toEqual(pr.map((s) => s.id));

  const subject = pr[0];
  await page.getByRole("table", { name: caption }).getByRole("link", { name: subject.id, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(`Tumour response of subject ${subject.id}`);
  const assessments = `Response assessments of subject ${subject.id} (${subject.assessments.length})`;
  await expect(page.getByRole("table", { name: assessments })).toBeVisible();
  // The table's own cells, its Review column checked and left out (docs/review.md).
  const cells = await recordCells(page, assessments);
  // The signed conclusion's cell is marked itself where it differs from the recomputed response after baseline: a
  // ≠ (hidden from screen readers) and its words.
  const signedCell = (a: ExpectedSubject["assessments"][number]) =>
    a.timepoint !== 0 && a.overall !== null && (SIGNED[a.conclusion] ?? "NE") !== a.overall
      ? `${a.conclusion} ≠(differs from recomputed ${a.overall})`
      : a.conclusion;
  expect(cells.map((r) => [r[0], r[1], r[4], r[5], r[20]])).toEqual(
    subject.assessments.map((a) => [a.key, a.date, a.name, String(a.reportedSum ?? ""), signedCell(a)]),
  );
  expect(cells.map((r) => r[3])).toEqual(subject.assessments.map((a) => String(a.day)));
  expect(cells.map((r) => r[19])).toEqual(subject.assessments.map((a) => a.overall ?? ""));

  // Lesions: a row per label, each assessment's reading as "<mm> mm, <state>" (or the state without a value).
  const labels = [...new Set(subject.assessments.flatMap((a) => a.lesions.map((l) => l.label)))];
  const grid = await tableCells(page, `Lesions of subject ${subject.id} at each assessment (${labels.length})`);
  expect(grid.map((r) => r[0]).sort()).toEqual([...labels].sort());
  for (const r of grid) {
    subject.assessments.forEach((a, i) => {
      const l = a.lesions.find((x) => x.label === r[0]);
      if (l) expect(r[6 + i]).toBe(l.value === null ? `${l.state}, no measurement` : `${l.value} mm, ${l.state}`);
    });
  }
  await expect(page.getByRole("link", { name: `Subject profile of ${subject.id}` })).toBeVisible();

  // The chart's data: each target lesion's measurements, the recomputed and reported sums and the nadir.
  const chart = page.getByRole("figure", { name: /Target lesions of subject/ });
  await chart.getByRole("button", { name: "Show data table" }).click();
  // The page size goes through the URL: wait until every row is on the one page before reading them (a table of ten
  // rows or fewer has them all, without a pager).
  await everyRowShown(chart.getByRole("table", { name: /^Data of the chart/ }));
  const title = `Data of the chart: Target lesions of subject ${subject.id}: size, target sum and nadir`;
  const plotted = (await tableCells(page, title)).map((r) => [r[0].split(" ")[0], r[1], r[4], r[5]]);
  expect(plotted).toEqual(expectedChart(subject));
});

test("a lesion chart's point opens its assessment's row, marked, wherever it is; its table links there", async ({
  page,
  request,
}) => {
  // A subject whose first follow-up has a known sum and whose second a nadir: both are plotted.
  const s = (await expectedResponse(request)).find(
    (x) => x.evaluable && x.assessments[0].timepoint === 0 && x.assessments[1]?.sum && x.assessments[2]?.nadir,
  ) as ExpectedSubject;
  const [base, fu1, fu2] = s.assessments;
  await openSection(page, "ONC-101", "Tumour response");
  await page.getByRole("region", { name: "Subjects", exact: true }).getByRole("link", { name: s.id }).click();
  const table = page.getByRole("table", { name: `Response assessments of subject ${s.id} (${s.assessments.length})` });
  await expect(table).toBeVisible();
  const marked = page.locator("tr:target");
  // A mouse click where the series' point is drawn. Another series' marker may lie on it (the reported sum equal to
  // the recomputed one): that one takes the click, and opens the same assessment.
  const clickPoint = (series: string, key: string) =>
    page.locator(`.lesion-point[data-series="${series}"][data-assessment="${key}"]`).click({ force: true });
  const opened = async (key: string) => {
    await expect(page).toHaveURL(new RegExp(`#assessment-${key}$`));
    await expect(marked).toHaveCount(1);
    // Its own first cell, after its Review cell (docs/review.md).
    await expect(marked.locator("td").nth(1)).toHaveText(key);
    await expect(marked).toBeInViewport();
    await expect(marked.locator("td").nth(1)).toHaveCSS("background-color", "rgb(254, 240, 138)");
  };

  // The recomputed target sum's point, then a target lesion's (the first target, measured at baseline).
  await clickPoint("sum", fu1.key);
  await opened(fu1.key);
  await clickPoint("t0", base.key);
  await opened(base.key);

  // A row the table's filter hides: the filter is cleared, and the row shown and marked. The filter comes from the
  // address (as_f_key), as a data check's link sets it: a table of ten rows or fewer has no filter row of its own
  // until a filter narrows it, and then shows it with the filter's text.
  await page.goto(`${new URL(page.url()).pathname}?as_f_key=${encodeURIComponent(`=${base.key}`)}`);
  await expect(table.getByLabel("Filter Assessment ID")).toHaveValue(`=${base.key}`);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await clickPoint("nadir", fu2.key);
  await opened(fu2.key);
  await expect(table.locator("tbody tr")).toHaveCount(s.assessments.length);

  // For the keyboard: the chart's data table, each row a link to its assessment's row.
  const chart = page.getByRole("figure", { name: /Target lesions of subject/ });
  await chart.getByRole("button", { name: "Show data table" }).click();
  await chart.getByRole("link", { name: fu1.key, exact: true }).first().focus();
  await page.keyboard.press("Enter");
  await opened(fu1.key);
});

test("a study without imaging offers no Tumour response; its address says it has no tumour response data", async ({
  page,
}) => {
  const study = await openStudyAddress(page, "CARD-201");
  const nav = page.getByRole("navigation", { name: "Study sections" });
  // The navigation says why once, and has no link to the section (docs/design.md, Nothing offered that does not apply).
  await expect(page.getByText("No tumour response: the study has no imaging records.")).toHaveCount(1);
  await expect(nav.getByRole("link", { name: "Tumour response" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Data checks" })).toBeVisible();
  await page.goto(`${study}/tumour-response`);
  await expect(page.getByText("Study CARD-201 has no tumour response data")).toBeVisible();
});

test("the options live in the URL: they survive a reload and follow the links", async ({ page }) => {
  await openSection(page, "ONC-101", "Tumour response");
  const form = page.getByRole("form", { name: "Response options" });
  await form.getByRole("checkbox", { name: /Confirm CR and PR/ }).check();
  await form.locator('input[name="sd_days"]').fill("56");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/confirm=1/);
  await expect(page).toHaveURL(/sd_days=56/);
  await page.reload();
  await expect(form.getByRole("checkbox", { name: /Confirm CR and PR/ })).toBeChecked();
  await expect(form.locator('input[name="sd_days"]')).toHaveValue("56");
  await expect(
    page.getByText(/CR and PR confirmed 28 days or more later, SD at least 56 days from baseline/).first(),
  ).toBeVisible();
  const waterfall = page
    .getByRole("navigation", { name: "Tumour response views" })
    .getByRole("link", { name: "Waterfall" });
  await expect(waterfall).toHaveAttribute("href", /confirm=1&sd_days=56/);
  const first = page.getByRole("region", { name: "Subjects", exact: true }).locator("tbody a").first();
  await expect(first).toHaveAttribute("href", /tumour-response\/subjects\/[^?]+\?confirm=1&sd_days=56/);
});

test("a profile's assessment opens it on the subject's response page, on the same study day", async ({
  page,
  request,
}) => {
  const subject = (await expectedResponse(request)).find((s) => s.evaluable) as ExpectedSubject;
  const second = subject.assessments[1];
  await openSection(page, "ONC-101", "Tumour response");
  await page.getByRole("region", { name: "Subjects", exact: true }).getByRole("link", { name: subject.id }).click();
  await page.getByRole("link", { name: `Subject profile of ${subject.id}` }).click();
  // The response page has a table of the same name: wait for the profile itself before reading it.
  await expect(page).toHaveURL(new RegExp(`/ONC-101/subjects/${subject.id}$`));
  const profileTable = `Response assessments of subject ${subject.id} (${subject.assessments.length})`;
  await expect(page.getByRole("table", { name: profileTable })).toBeVisible();
  const profileRow = (await recordCells(page, profileTable)).find((r) => r[0] === second.key) as string[];
  await page.getByRole("table", { name: profileTable }).getByRole("link", { name: second.key }).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(`Tumour response of subject ${subject.id}`);
  await expect(page).toHaveURL(/as_f_key=%3DA/);
  const table = `Response assessments of subject ${subject.id} (${subject.assessments.length})`;
  await expect(page.getByRole("table", { name: table })).toBeVisible();
  const rows = await recordCells(page, table);
  // Filtered to exactly that assessment; its study day (the profile's column 3) is the profile's.
  expect(rows.map((r) => [r[0], r[2], r[3]])).toEqual([[second.key, profileRow[2], String(second.day)]]);
});

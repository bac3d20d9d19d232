/**
 * The subject list in a browser, against the production server
 * (server/start.sh) in demo mode: the demo user's connection points at the
 * built-in partner service (NORTHSTAR, with ONC-101 and CARD-201 granted and
 * ONC-102 not). The expected rows are built here from the partner API itself,
 * fetched over HTTP with the published demo credentials, independently of the
 * portal's code.
 */

import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { CDC_LABEL as LABEL, northstarToken, type Res, SEX_LABEL as SEX, searchAll } from "../../support/partner-api";
import { signIn } from "../../support/portal";
import { openStudy, openSubjects, SUBJECTS_VIEW } from "../../support/study";

// The export's header: each column with its SDTM variable where one exists (docs/exports.md).
const HEADER = [
  "Review",
  "Subject ID (SUBJID)",
  "Subject study number",
  "Sex (SEX)",
  "Birth year",
  "Race (RACE)",
  "Ethnicity (ETHNIC)",
  "Adverse events",
  "Response assessments",
  "Note",
];
type Row = { cells: (string | number)[]; sex: string; birthYear: number };

/** The subject list of a study as docs/clinical-rules.md ("The subject list") defines it, from the API. */
async function expectedRows(request: APIRequestContext, study: string): Promise<Row[]> {
  const token = await northstarToken(request);
  const q = `researchstudy=${study}&_count=1000`;
  const [groups, patients, aes, drs] = await Promise.all(
    ["Group", "Patient", "AdverseEvent", "DiagnosticReport"].map((k) => searchAll(request, token, `${k}?${q}`)),
  );
  const ext = (r: Res, name: string) => r.extension?.find((e) => e.url.endsWith(`#${name}`))?.valueString ?? "";
  const studyNumber = (p: Res) =>
    (p.identifier as { system: string; value: string }[]).find((i) => i.system.endsWith("#SubjectStudyId"))!.value;
  const count = (records: Res[], key: (r: Res) => string) => {
    const n = new Map<string, Set<string>>();
    for (const r of records) {
      const subject = (r.subject as { reference: string }).reference.replace(/^Patient\//, "");
      n.set(subject, (n.get(subject) ?? new Set()).add(key(r)));
    }
    return (subject: string) => n.get(subject)?.size ?? 0;
  };
  const aeCount = count(aes, (r) => (r.identifier as { value: string }).value);
  const drCount = count(drs, (r) => (r.identifier as { value: string }[])[0].value);
  const members = (groups[0].member as { entity: { reference: string } }[]).map((m) =>
    m.entity.reference.replace(/^Patient\//, ""),
  );
  return members.map((number) => {
    const p = patients.find((x) => studyNumber(x) === number)!;
    const birthYear = Number(p.birthDate);
    const sex = SEX[p.gender as string];
    return {
      sex,
      birthYear,
      cells: [
        p.id!,
        number,
        sex,
        birthYear,
        LABEL[ext(p, "Race")],
        LABEL[ext(p, "Ethnicity")],
        aeCount(p.id!),
        drCount(p.id!),
        "",
      ],
    };
  });
}

const status = (page: Page) => page.getByRole("status").filter({ hasText: /^Rows / });
const header = (page: Page, name: string) => page.getByRole("columnheader", { name: new RegExp(`^${name}`) });

test("the subject list of ONC-101: sort, filter, reload, and a CSV of exactly the filtered and sorted rows", async ({
  page,
  request,
}) => {
  const expected = await expectedRows(request, "ONC-101");
  await signIn(page);
  await openSubjects(page, "ONC-101");
  await expect(page.getByRole("table", { name: /Subjects of study ONC-101/ })).toBeVisible();
  await expect(page.getByText(/^Data as of /)).toBeVisible();
  // The caption states how many subjects there are; the pager says where the page is, not that count again.
  await expect(page.getByRole("table", { name: `Subjects of study ONC-101 (${expected.length})` })).toBeVisible();
  await expect(status(page)).toHaveText("Rows 1–25");

  // Sort: birth year, first ascending, then descending.
  const birthYear = header(page, "Birth year");
  await birthYear.getByRole("button").click();
  await expect(birthYear).toHaveAttribute("aria-sort", "ascending");
  await birthYear.getByRole("button").click();
  await expect(birthYear).toHaveAttribute("aria-sort", "descending");
  const byYearDesc = [...expected].sort((a, b) => b.birthYear - a.birthYear);
  // Birth year: the fifth column, after the Review column (docs/review.md).
  await expect(page.locator("tbody tr").first().locator("td").nth(4)).toHaveText(String(byYearDesc[0].birthYear));

  // Filter and page size: more filtered rows than one page holds, so the CSV must reach past the visible page.
  await page.getByLabel("Filter Sex").fill("Female");
  await page.getByLabel("Rows per page").selectOption("10");
  const females = byYearDesc.filter((r) => r.sex === "Female");
  expect(females.length).toBeGreaterThan(10);
  await expect(status(page)).toHaveText(`Rows 1–10 of ${females.length} (filtered from ${expected.length})`);
  await expect(page.locator("tbody tr")).toHaveCount(10);
  await expect(page).toHaveURL(/sort=birthYear\.desc/);
  await expect(page).toHaveURL(/f_sex=Female/);

  // The view survives a reload: it lives in the URL.
  await page.reload();
  await expect(page.getByLabel("Filter Sex")).toHaveValue("Female");
  await expect(header(page, "Birth year")).toHaveAttribute("aria-sort", "descending");
  await expect(status(page)).toHaveText(`Rows 1–10 of ${females.length} (filtered from ${expected.length})`);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  // Written by the server: study, view and the date the data is as of.
  expect(download.suggestedFilename()).toMatch(/^ONC-101_subjects_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  // Text is quoted, numbers are bare, no note is an empty cell (lib/export/csv.ts). No expected cell holds a quote
  // or needs defusing, so quoting each text cell gives the exact CSV.
  // The demo user has reviewed no subject: each is "Not reviewed".
  const cells = [HEADER, ...females.map((r) => ["Not reviewed", ...r.cells])];
  expect(cells.flat().every((c) => !/"|^[=+\-@]/.test(String(c)))).toBe(true);
  const field = (c: string | number) => (typeof c === "number" ? String(c) : c === "" ? "" : `"${c}"`);
  expect(csv).toBe(cells.map((row) => `${row.map(field).join(",")}\r\n`).join(""));
});

test("the study's spine: a breadcrumb, the study's heading, and the sections with the current one marked", async ({
  page,
}) => {
  await signIn(page);
  await openStudy(page, "ONC-101");
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb).toHaveText(/^Studies \/ .+ \/ ONC-101$/);
  await expect(breadcrumb.getByRole("link", { name: "Studies" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Study ONC-101");
  await expect(page.getByText(/^Connection .+, partner ID NORTHSTAR$/)).toBeVisible();
  const sections = page.getByRole("navigation", { name: "Study sections" });
  const overview = sections.getByRole("link", { name: "Overview" });
  await expect(overview).toHaveAttribute("aria-current", "page");
  // The Overview is the study's own address.
  const study = new URL(page.url()).pathname;
  expect(study).toBe(await overview.getAttribute("href"));
  await expect(sections.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 2, name: "Overview" })).toBeVisible();
  // The Subjects section is below it: marked alone once opened.
  const subjects = sections.getByRole("link", { name: "Subjects" });
  await subjects.click();
  await expect(subjects).toHaveAttribute("aria-current", "page");
  expect(new URL(page.url()).pathname).toBe(`${study}${SUBJECTS_VIEW}`);
  expect(new URL(page.url()).pathname).toBe(await subjects.getAttribute("href"));
  await expect(sections.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 2, name: "Subjects" })).toBeVisible();
});

test("Refresh loads the study again: the table is back with a later data time", async ({ page }) => {
  await signIn(page);
  await openSubjects(page, "ONC-101");
  const time = page.getByText(/^Data as of /).locator("time");
  const before = await time.getAttribute("datetime");
  await page.getByRole("button", { name: "Refresh" }).click();
  // Refresh loads the study from the partner again: over 5 s in CI with the other specs' loads beside it.
  await expect(time).not.toHaveAttribute("datetime", before!, { timeout: 30_000 });
  expect(Date.parse((await time.getAttribute("datetime"))!)).toBeGreaterThan(Date.parse(before!));
  await expect(page.getByRole("table", { name: /Subjects of study ONC-101/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Already loading" })).toHaveCount(0);
});

test("a study number that is not on the connection's list: no data, and where to add it", async ({ page }) => {
  await signIn(page);
  await page.goto("/");
  const href = (await page.getByRole("link", { name: "ONC-101", exact: true }).first().getAttribute("href"))!;
  await page.goto(href.replace(/ONC-101$/, "XYZ-999"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Study XYZ-999");
  await expect(page.getByRole("alert").filter({ hasText: "not on this connection's list" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh" })).toHaveCount(0);
  // Nothing offered that cannot be read: no section links, no export pack.
  await expect(page.getByRole("navigation", { name: "Study sections" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Export pack of study XYZ-999" })).toHaveCount(0);
});

test("a study the partner does not grant says so and what to do", async ({ page }) => {
  await signIn(page);
  await openStudy(page, "ONC-102");
  const alert = page.getByRole("alert", { name: "No access to this study" });
  await expect(alert).toContainText("does not grant partner NORTHSTAR access to study ONC-102");
  await expect(alert.getByRole("link", { name: /settings/i })).toHaveAttribute("href", "/settings/connections");
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("the progress route answers for the user's own connection only", async ({ page }) => {
  await signIn(page);
  await page.goto("/");
  const href = (await page.getByRole("link", { name: "ONC-101", exact: true }).first().getAttribute("href"))!;
  const own = await page.request.get(`${href}/progress`);
  expect(own.status()).toBe(200);
  expect(await own.json()).toEqual({ recordTypes: expect.any(Array) });
  const other = await page.request.get(`/studies/no-such-connection/ONC-101/progress`);
  expect(other.status()).toBe(404);
});

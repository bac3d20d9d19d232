/**
 * The study filter follows the user through the study (docs/design.md, The study filter), and the study header's
 * jump to a subject, against the demo study ONC-101. The filtered population and its laboratory counts are worked
 * out here from the partner API's own records (../../support/partner-api.ts), never by the portal's code.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";
import { openStudyAddress, SUBJECTS_VIEW, studyLoaded } from "../../support/study";
import { type Lab, labResults, overviewCells } from "../laboratory/laboratory.expected";

const STUDY = "ONC-101";

/** Patient IDs: every Patient of the study, and the women among the Group's members (a subgroup keeps members). */
async function population(request: APIRequestContext) {
  const token = await northstarToken(request);
  const q = `researchstudy=${STUDY}&_count=1000`;
  const [groups, patients] = await Promise.all([
    searchAll(request, token, `Group?${q}`),
    searchAll(request, token, `Patient?${q}`),
  ]);
  const members = new Set(
    (groups[0].member as { entity: { reference: string } }[]).map((m) => m.entity.reference.replace(/^Patient\//, "")),
  );
  const studyNumber = (p: Res) =>
    (p.identifier as { system: string; value: string }[]).find((i) => i.system.endsWith("#SubjectStudyId"))?.value;
  const women = patients
    .filter((p) => p.gender === "female" && members.has(studyNumber(p) ?? ""))
    .map((p) => p.id as string);
  return { all: patients.map((p) => p.id as string), women: new Set(women) };
}

const filterRegion = (page: Page) => page.getByRole("region", { name: "Study filter" });

/** The ALT (U/L) row of the laboratory's test overview: its subjects and results, as shown. */
async function altCounts(page: Page): Promise<[string, string]> {
  const row = page
    .getByRole("table", { name: /^Laboratory tests of study ONC-101/ })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "ALT", exact: true }) })
    .filter({ hasText: "U/L" });
  await expect(row).toHaveCount(1, { timeout: 60_000 });
  const cells = await row.locator("td").evaluateAll((tds) => tds.map((td) => td.textContent?.trim() ?? ""));
  return [cells[3], cells[4]];
}

const expectedAlt = (results: Lab[]) => {
  const cells = overviewCells(results.filter((r) => r.code === "LB0214" && r.unit === "U/L"));
  return [cells[3], cells[4]];
};

test("a filter set on Adverse events is applied on Laboratory; removing its chip restores the counts", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const [{ all, women }, results] = await Promise.all([population(request), labResults(request, STUDY)]);
  expect(women.size).toBeGreaterThan(0);
  expect(women.size).toBeLessThan(all.length);
  const study = await openStudyAddress(page, STUDY);

  await page.goto(`${study}/adverse-events?only_sex=Female`);
  await studyLoaded(page);
  await expect(
    filterRegion(page).getByRole("link", { name: "Remove Sex: Female from the study filter" }),
  ).toBeVisible();
  const keeps = `The study filter keeps ${women.size} subjects of ${all.length}`;
  await expect(page.getByText(keeps)).toBeVisible();

  // The sections bar carries the filter: Laboratory counts the women's results only, and says so.
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Laboratory" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Laboratory" })).toBeVisible();
  await studyLoaded(page);
  expect(new URL(page.url()).searchParams.get("only_sex")).toBe("Female");
  const chip = filterRegion(page).getByRole("link", { name: "Remove Sex: Female from the study filter" });
  await expect(chip).toBeVisible();
  await expect(page.getByText(keeps)).toBeVisible();
  const filtered = expectedAlt(results.filter((r) => women.has(r.subject)));
  await expect.poll(() => altCounts(page), { timeout: 60_000 }).toEqual(filtered);

  // A link inside the section keeps it too.
  await page.getByRole("link", { name: "ALT", exact: true }).first().click();
  await expect(page).toHaveURL(/[?&]test=/);
  expect(new URL(page.url()).searchParams.get("only_sex")).toBe("Female");
  await page.goBack();
  await studyLoaded(page);

  // Removing the chip restores the whole study's counts.
  await page.getByRole("link", { name: "Remove Sex: Female from the study filter" }).click();
  await expect(filterRegion(page)).toHaveCount(0);
  await studyLoaded(page);
  expect(new URL(page.url()).searchParams.has("only_sex")).toBe(false);
  await expect.poll(() => altCounts(page), { timeout: 60_000 }).toEqual(expectedAlt(results));
  expect(expectedAlt(results)).not.toEqual(filtered);
});

test("the subject list sets the filter by subgroup, and Clear all leaves it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { women } = await population(request);
  const study = await openStudyAddress(page, STUDY);
  const form = page.getByRole("form", { name: /^Filter every section by/ });
  await form.getByLabel("Sex", { exact: true }).selectOption("Female");
  await form.getByRole("button", { name: "Apply to every section" }).click();
  await expect(filterRegion(page).getByRole("link", { name: /Sex: Female/ })).toBeVisible();
  await studyLoaded(page);
  const list = page.getByRole("table", { name: /^Subjects of study ONC-101/ });
  await expect(list).toHaveAccessibleName(`Subjects of study ONC-101 (${women.size})`);
  await filterRegion(page).getByRole("link", { name: "Clear all" }).click();
  await expect(filterRegion(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${study}${SUBJECTS_VIEW}(\\?(?!.*only_).*)?$`));
});

test("the jump to a subject opens its profile in the study, and says when the study has no such subject", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { all } = await population(request);
  const subject = all[2];
  const study = await openStudyAddress(page, STUDY);
  const jump = page.getByRole("form", { name: "Go to a subject" });
  await jump.getByLabel("Subject ID").fill(subject);
  await jump.getByRole("button", { name: "Open profile" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(`Subject ${subject}`);
  expect(new URL(page.url()).pathname).toBe(`${study}/subjects/${subject}`);
  await expect(page.locator("dl[aria-label=Subject]")).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('dl[aria-label="Subject summary"] dd[data-field=site]')).toHaveText(subject.slice(0, 3));

  // A subject of another study of the same partner is not one of this study's: nothing of it is shown.
  const token = await northstarToken(request);
  const other = (await searchAll(request, token, "Patient?researchstudy=CARD-201&_count=1"))[0].id as string;
  expect(all).not.toContain(other);
  await jump.getByLabel("Subject ID").fill(other);
  await jump.getByRole("button", { name: "Open profile" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "was not found" })).toContainText(
    `Subject “${other}” was not found in study ${STUDY}`,
  );
  await expect(page.locator("dl[aria-label=Subject]")).toHaveCount(0);
  await jump.getByLabel("Subject ID").fill("   ");
  await jump.getByRole("button", { name: "Open profile" }).click();
  await expect(jump.getByRole("status")).toHaveText(/^Type a subject ID of this study/);
});

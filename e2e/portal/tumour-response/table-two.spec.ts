/**
 * Subjects with non-target disease only (RECIST 1.1 Table 2) in a browser: found in the partner API's own records (a
 * subject whose baseline DiagnosticReport has no Target lesion), their responses recomputed in
 * ./tumour-response.expected.ts by Table 2 written out there, shown so on the subject's response page, counted in N
 * with Non-CR/Non-PD as disease control, and never a finding of the Data checks when signed as Table 2 gives. The
 * summary names its conventions (the BOR rule, day 1, who N counts) in one line, and the address chooses day 1 and
 * N (`day1=`, `population=`).
 */
import { expect, type Page, test } from "@playwright/test";
import { expectInMethods, openSection, openStudyAddress, recordCells, tableCells } from "../../support/study";
import { type ExpectedSubject, expectedResponse, NN, rateText } from "./tumour-response.expected";

const SIGNED: Record<string, string> = {
  "Complete Response": "CR",
  "Partial Response": "PR",
  "Stable Disease": "SD",
  "Non-CR/Non-PD": NN,
  "Progressive Disease": "PD",
  "Not Evaluable": "NE",
};
const borTable = (n: number) => `Best overall response as signed and as recomputed (N = ${n})`;

/** The API's subjects with non-target disease only and an assessment after baseline. */
async function tableTwoSubjects(request: Parameters<typeof expectedResponse>[0]) {
  const all = await expectedResponse(request);
  const found = all.filter((s) => s.nonTargetOnly && s.evaluable);
  // The demo data has such subjects (docs/partner-service.md, Non-target disease only): the spec must find them.
  expect(found.length, "subjects whose baseline has no Target lesion").toBeGreaterThan(0);
  for (const s of found) {
    const baseline = s.assessments.find((a) => a.timepoint === 0)!;
    expect(
      baseline.lesions.some((l) => l.category === "Target"),
      s.id,
    ).toBe(false);
    expect(
      baseline.lesions.some((l) => l.category === "Non-target"),
      s.id,
    ).toBe(true);
  }
  return { all, found };
}

/** A subject's response page, opened from the study's address. */
async function openResponsePage(page: Page, subjectId: string, query = "") {
  const study = await openStudyAddress(page, "ONC-101");
  await page.goto(`${study}/tumour-response/subjects/${subjectId}${query}`);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(`Tumour response of subject ${subjectId}`);
}

test("a subject with non-target disease only shows its Table 2 responses and its best overall response", async ({
  page,
  request,
}) => {
  const { found } = await tableTwoSubjects(request);
  // One with a complete response when there is one (Table 2's CR), else the first.
  const subject = found.find((s) => s.recomputed === "CR") ?? found[0];
  const after = subject.assessments.filter((a) => a.timepoint !== 0);
  // The demo data signs them by the book: every conclusion is the Table 2 response worked out from the lesions.
  expect(after.map((a) => SIGNED[a.conclusion])).toEqual(after.map((a) => a.overall));
  expect(after.every((a) => a.overall !== "SD" && a.overall !== "PR")).toBe(true);

  await openResponsePage(page, subject.id);
  const caption = `Response assessments of subject ${subject.id} (${subject.assessments.length})`;
  await expect(page.getByRole("table", { name: caption })).toBeVisible();
  // The table's own cells, its Review column checked and left out (docs/review.md).
  const rows = await recordCells(page, caption);
  // [assessment, target response, overall response recomputed, conclusion as signed, flags]
  expect(rows.map((r) => [r[0], r[16], r[19], r[20]])).toEqual(
    subject.assessments.map((a) => [a.key, a.timepoint === 0 ? "" : "None", a.overall ?? "", a.conclusion]),
  );
  // No sum to report or recompute, and nothing flagged as differing.
  expect(rows.map((r) => [r[5], r[6]])).toEqual(subject.assessments.map(() => ["", ""]));
  expect(rows.filter((r) => r[21].includes("≠"))).toEqual([]);

  const summary = page.locator('dl[aria-label="Best overall response"]');
  await expect(summary).toContainText("Disease at baseline: non-target only (responses by RECIST 1.1 Table 2");
  await expect(summary).toContainText(`Best overall response as recomputed: ${subject.recomputed}`);
  await expect(summary).toContainText(`Best overall response as signed: ${subject.signed}`);
  await expect(summary).toContainText("Signed and recomputed: = agree");
  await expect(page.getByText(/^Day 1 of the response times is the baseline assessment/)).toBeVisible();
});

/** The Data checks' rules on response assessments (lib/clinical/checks/finding.ts), by their titles on the page. */
const RESPONSE_RULES = new Set([
  "Signed conclusion differs from the recomputed response",
  "Reported target sum differs from its targets",
  "Reported changes differ from the recomputed ones",
  "Baseline targets break the selection rules",
  "Lesion appears after baseline without being a new lesion",
  "Target stops being measured",
  "Interval far longer than usual (missed follow-up)",
  "Assessments after progression would count in the best response",
]);

// Their adverse events and laboratory results may break other rules (documented imperfections): those are true.
test("subjects with non-target disease only are no finding of the response rules", async ({ page, request }) => {
  const { found } = await tableTwoSubjects(request);
  await openSection(page, "ONC-101", "Data checks");
  const caption = "Findings of study ONC-101";
  await expect(page.getByRole("table", { name: caption })).toBeVisible();
  const heading = (await page.getByRole("heading", { name: /^Findings \(\d+\)$/ }).textContent()) as string;
  const rows = await tableCells(page, caption);
  // Every finding is on the page (a study's findings are few), so that none can hide on another page.
  expect(rows.length).toBe(Number(/\((\d+)\)/.exec(heading)?.[1]));
  const ids = new Set(found.map((s) => s.id));
  // Rule and subject: the fourth and fifth columns, after the reader's review of each finding.
  expect(rows.filter((r) => ids.has(r[4]) && RESPONSE_RULES.has(r[3]))).toEqual([]);
});

/** Subjects counted by intent to treat besides the evaluable ones: disease at baseline, no assessment after it. */
const ittOnly = (all: ExpectedSubject[]) =>
  all.filter((s) => {
    const base = s.assessments.find((a) => a.timepoint === 0);
    const disease = base !== undefined && ((base.sum ?? 0) > 0 || s.nonTargetOnly);
    return disease && s.assessments.indexOf(base) === s.assessments.length - 1;
  });

test("the summary names its conventions; the ITT N and the first dose as day 1 come from the address", async ({
  page,
  request,
}) => {
  const { all, found } = await tableTwoSubjects(request);
  const evaluable = all.filter((s) => s.evaluable);
  const itt = evaluable.length + ittOnly(all).length;
  const count = (list: ExpectedSubject[], bors: string[]) => list.filter((s) => bors.includes(s.recomputed)).length;

  await openSection(page, "ONC-101", "Tumour response");
  const convention = page.locator("p", { hasText: "Best overall response by RECIST 1.1" });
  await expectInMethods(page, convention);
  await expect(convention).toContainText(
    "Best overall response by RECIST 1.1 (Table 2 for non-target disease only), ranked CR > PR > SD and " +
      "Non-CR/Non-PD > PD > NE up to the first progression; no confirmation of CR and PR, SD at least 42 days from " +
      "baseline. Day 1 of the response times is the baseline assessment. " +
      `N = ${evaluable.length}, the evaluable subjects (${evaluable.length} evaluable, ${itt} by intent to treat)`,
  );
  await expect(convention.getByRole("link", { name: "How this is counted" })).toHaveAttribute(
    "href",
    /\/rules#best-overall-response-bor$/,
  );
  // Non-CR/Non-PD has its row; the subjects with non-target disease only are in N.
  const rows = await tableCells(page, borTable(evaluable.length));
  const nn = rows.find((r) => r[0].startsWith(NN)) as string[];
  expect([nn[4], nn[5]]).toEqual(rateText(count(evaluable, [NN]), evaluable.length));
  expect(count(evaluable, [NN]) + count(evaluable, ["CR"])).toBeGreaterThan(0);
  expect(found.every((s) => evaluable.includes(s))).toBe(true);

  // Intent to treat: N grows by the subjects never assessed after baseline, each NE.
  await page.goto(`${new URL(page.url()).pathname}?population=itt`);
  await expect(page.getByRole("table", { name: borTable(itt) })).toBeVisible();
  const ittRows = await tableCells(page, borTable(itt));
  const ne = ittRows.find((r) => r[0].startsWith("NE ")) as string[];
  expect([ne[4], ne[5]]).toEqual(rateText(count(evaluable, ["NE"]) + ittOnly(all).length, itt));
  const dcr = ittRows.find((r) => r[0].startsWith("DCR")) as string[];
  expect([dcr[4], dcr[5]]).toEqual(rateText(count(evaluable, ["CR", "PR", "SD", NN]), itt));
  await expect(page.locator("p", { hasText: "Best overall response by RECIST 1.1" })).toContainText(
    `N = ${itt}, intent to treat (${evaluable.length} evaluable, ${itt} by intent to treat)`,
  );

  // Day 1 at the first dose: the page names it, and the links keep it (and the population).
  await page.goto(`${new URL(page.url()).pathname}?day1=first-dose&population=itt`);
  await expect(page.locator("p", { hasText: "Best overall response by RECIST 1.1" })).toContainText(
    /SD at least 42 days from the first dose\. Day 1 of the response times is the first dose of the study drug; /,
  );
  const waterfall = page
    .getByRole("navigation", { name: "Tumour response views" })
    .getByRole("link", { name: "Waterfall" });
  await expect(waterfall).toHaveAttribute("href", /day1=first-dose&population=itt/);
  await waterfall.click();
  await expect(page.getByText(/^Day 1 of the response times is the first dose of the study drug; /)).toBeVisible();
});

/**
 * QA: a count leads to exactly the rows it counts: from the subject list to a subject's adverse events and
 * profile (the API's counts), from the AE overview, the drugs table and the data checks to their listings.
 */
import { DataTable } from "../pages/DataTable";
import { HEADINGS } from "../pages/StudyPage";
import { aeListingCounts, aeListingStatus, CAPTIONS, captionCount, ROWS } from "../pages/views";
import { expect, test } from "./fixtures";

test("a subject's adverse-event count opens a listing of exactly the API's events of that subject", async ({
  page,
  study,
  facts,
}) => {
  // The subject with the most events: the drill-down must reach past a trivial count.
  const [patientId, events] = [...facts.adverseEvents].sort((a, b) => b[1] - a[1])[0];
  await study.goto(`/subjects?q=${encodeURIComponent(patientId)}`);
  await study.expectLoaded();
  const row = page.getByRole("table", { name: CAPTIONS.subjects(study.study) }).getByRole("row", { name: patientId });
  await row
    .getByRole("link", { name: String(events), exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/adverse-events\?subject=/);
  await expect(aeListingStatus(page)).toBeVisible();
  expect(await aeListingCounts(page)).toMatchObject({ shown: events, subjects: 1 });
});

test("a subject's profile counts the API's adverse events and response assessments of the subject", async ({
  page,
  study,
  facts,
}) => {
  const [patientId] = [...facts.assessments].sort((a, b) => b[1] - a[1])[0];
  await study.goto(`/subjects/${encodeURIComponent(patientId)}`);
  await expect(study.viewHeading()).toHaveText(HEADINGS.subject(patientId));
  await study.expectLoaded();
  const aes = page.getByRole("table", { name: CAPTIONS.subjectAdverseEvents(patientId) });
  expect(await captionCount(aes)).toBe(facts.adverseEvents.get(patientId) ?? 0);
  const assessments = page.getByRole("table", { name: CAPTIONS.subjectAssessments(patientId) });
  expect(await captionCount(assessments)).toBe(facts.assessments.get(patientId));
});

test("the AE overview's count of subjects with a grade 3 or more event opens a listing of those subjects", async ({
  page,
  study,
}) => {
  await study.goto("/adverse-events");
  await study.expectLoaded();
  const line = page.getByRole("table", { name: CAPTIONS.aeOverview }).getByRole("row", { name: ROWS.aeGrade3OrMore });
  const link = line.getByRole("link").first();
  const n = Number(/^(\d+)/.exec((await link.textContent()) ?? "")?.[1]);
  await link.click();
  await expect(page).toHaveURL(/grade=ge3/);
  await expect(aeListingStatus(page)).toBeVisible();
  expect((await aeListingCounts(page)).subjects).toBe(n);
});

test("a drug's record count opens a listing of that many records", async ({ page, study }) => {
  await study.goto("/medications");
  await study.expectLoaded();
  const first = page.getByRole("table", { name: CAPTIONS.drugs }).locator("tbody tr").first();
  // Columns: drug, subjects, %, records, ongoing; the records' count is a link to the drug's listing.
  const records = first.locator("td").nth(3).getByRole("link");
  const n = Number(await records.textContent());
  await records.click();
  await expect(page).toHaveURL(/drug=/);
  expect(await new DataTable(page, CAPTIONS.medicationListing).total()).toBe(n);
});

test("a data-check rule's count opens that many findings", async ({ page, study }) => {
  await study.goto("/data-checks");
  await study.expectLoaded();
  const link = page.getByRole("table", { name: CAPTIONS.findingsPerRule }).getByRole("link").first();
  // A study without findings has no count to follow: then the findings table says it is empty.
  if ((await link.count()) === 0) {
    expect(await new DataTable(page, CAPTIONS.findings).total()).toBe(0);
    return;
  }
  const n = Number(await link.textContent());
  await link.click();
  await expect(page).toHaveURL(/rule=/);
  expect(await new DataTable(page, CAPTIONS.findings).total()).toBe(n);
});

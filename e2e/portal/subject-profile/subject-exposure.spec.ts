/**
 * A subject's study-drug exposure and study days on its profile, against the partner API's own records (over
 * HTTP). The rules of docs/clinical-rules.md (Exposure per subject; Study medication and study day 1) are written
 * out again here: the study drug's records are those whose drug names a suspect product of the adverse events;
 * first dose the earliest start, last dose the latest end (the start when there is none or it is before the start),
 * days on drug last - first + 1, a dose change a record (by start) whose drug, dose or unit differs from the one
 * before; day 1 the first dose, or the baseline assessment when the address says `day1=baseline`.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";
import { openStudyAddress } from "../../support/study";
import { studyDay } from "./subject-profile.expected";

type Med = Res & {
  id: string;
  subject: { reference: string };
  medicationCodeableConcept: { text: string };
  effectivePeriod: { start: string; end?: string };
  dosage?: { doseAndRate?: { doseQuantity?: { value?: number; unit?: string } }[] }[];
};

const subjectOf = (r: Res) => (r.subject as { reference: string }).reference.replace(/^Patient\//, "");
const ext = (r: Res, name: string) => r.extension?.find((e) => e.url.endsWith(`#${name}`));
const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

interface Expected {
  id: string;
  first: string;
  last: string;
  days: number;
  ongoing: boolean;
  records: number;
  doseChanges: number;
  baseline: string;
  /** The subject's medication records of every kind. */
  medications: number;
}

/** Each subject's exposure and baseline date, from the API's records. */
async function expectedExposure(request: APIRequestContext): Promise<Expected[]> {
  const token = await northstarToken(request);
  const q = "researchstudy=ONC-101&_count=1000";
  const [aes, meds, drs] = await Promise.all(
    ["AdverseEvent", "MedicationStatement", "DiagnosticReport"].map((k) => searchAll(request, token, `${k}?${q}`)),
  );
  const agents = new Set(
    aes.flatMap((a) =>
      (a.suspectEntity as { causality: { productRelatedness: string }[] }[]).flatMap((e) =>
        e.causality.map((c) => c.productRelatedness.toLowerCase()),
      ),
    ),
  );
  const all = meds as Med[];
  const studyDrug = all.filter((m) =>
    [...agents].some((a) => m.medicationCodeableConcept.text.toLowerCase().includes(a)),
  );
  const ids = [...new Set(studyDrug.map(subjectOf))];
  return ids.map((id) => {
    const periods = studyDrug
      .filter((m) => subjectOf(m) === id)
      .map((m) => {
        const start = m.effectivePeriod.start.slice(0, 10);
        const end = m.effectivePeriod.end?.slice(0, 10);
        const dose = m.dosage?.[0]?.doseAndRate?.[0]?.doseQuantity;
        return {
          id: m.id,
          start,
          end: end !== undefined && end >= start ? end : start,
          open: end === undefined,
          what: `${m.medicationCodeableConcept.text.toLowerCase()}|${dose?.value ?? ""}|${dose?.unit ?? ""}`,
        };
      })
      .sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end) || a.id.localeCompare(b.id));
    const first = periods[0].start;
    const last = periods.map((p) => p.end).sort()[periods.length - 1];
    const baseline = drs
      .filter((d) => subjectOf(d) === id)
      .filter(
        (d) =>
          ext(d, "Timepoint")?.valueInteger === 0 ||
          ext(d, "Name")?.valueString === "Baseline" ||
          d.conclusion === "Undefined",
      )
      .map((d) => (d.effectiveDateTime as string).slice(0, 10))
      .sort()[0];
    return {
      id,
      first,
      last,
      days: dayNumber(last) - dayNumber(first) + 1,
      ongoing: periods.some((p) => p.open),
      records: periods.length,
      doseChanges: periods.filter((p, i) => i > 0 && p.what !== periods[i - 1].what).length,
      baseline,
      medications: all.filter((m) => subjectOf(m) === id).length,
    };
  });
}

test("a subject's study-drug exposure and study days equal its records; day 1 moves to the baseline", async ({
  page,
  request,
}) => {
  const subjects = await expectedExposure(request);
  // A subject with a dose change and a baseline scan whose date is not its first dose, if there is one.
  const e =
    subjects.find((s) => s.doseChanges > 0 && s.baseline && s.baseline !== s.first) ??
    subjects.find((s) => s.baseline) ??
    subjects[0];
  const study = await openStudyAddress(page, "ONC-101");
  await page.goto(`${study}/subjects/${encodeURIComponent(e.id)}`);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(`Subject ${e.id}`);
  await expect(page.locator("dl[aria-label=Subject]")).toBeVisible({ timeout: 60_000 });

  const exposure = page.locator('dl[aria-label="Study drug exposure"]');
  const field = (name: string) => exposure.locator(`dd[data-field="${name}"]`);
  await expect(field("firstDose")).toHaveText(e.first);
  await expect(field("lastDose")).toHaveText(e.last);
  await expect(field("ongoing")).toHaveText(e.ongoing ? "yes" : "no");
  await expect(field("daysOnDrug")).toHaveText(String(e.days));
  await expect(field("doseChanges")).toHaveText(String(e.doseChanges));
  await expect(field("records")).toHaveText(String(e.records));

  // The dosing periods: one a record, the dose changes marked, study days from the first dose (day 1).
  const periods = page.getByRole("table", { name: `Dosing periods of subject ${e.id} (${e.records})` });
  await expect(periods.locator("tbody tr")).toHaveCount(e.records);
  const cells = await periods
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")));
  expect(cells.filter((c) => c[7] === "yes")).toHaveLength(e.doseChanges);
  expect([cells[0][3], cells[0][4]]).toEqual([e.first, "1"]);
  await expect(
    page.locator("p", { hasText: `Study day 1 is ${e.first}, the first dose of study medication` }),
  ).toBeVisible();

  // The records count opens the subject's medications at exactly its study-drug records.
  await field("records").getByRole("link").click();
  await expect(page).toHaveURL(/med_f_study=%3DYes/);
  const status = page
    .locator("#subject-medications")
    .getByRole("status")
    .filter({ hasText: /^Rows / });
  // The table's caption states the subject's medications; its pager counts the rows only where the filter narrows
  // them ("of n (filtered from m)"), else says where the page is.
  await expect(status).toHaveText(
    e.records === e.medications
      ? `Rows 1–${Math.min(25, e.records)}`
      : new RegExp(`of ${e.records} \\(filtered from ${e.medications}\\)$`),
  );
  await expect(page.locator("#subject-medications tbody tr")).toHaveCount(Math.min(25, e.records));

  if (!e.baseline) return;
  // Day 1 at the baseline assessment: the choice is in the address, the page names it, the study days follow.
  const choice = page.getByRole("navigation", { name: "Study day 1 at" });
  await choice.getByRole("link", { name: "Baseline response assessment" }).click();
  await expect(page).toHaveURL(/day1=baseline/);
  await expect(choice.getByRole("link", { name: "Baseline response assessment" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const named = page.locator("p", { hasText: `Study day 1 is ${e.baseline}, the baseline response assessment` });
  await expect(named).toBeVisible();
  await expect(periods.locator("tbody tr").first().locator("td").nth(4)).toHaveText(
    String(studyDay(e.first, e.baseline)),
  );
  await page.reload();
  await expect(named).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/med_f_study=%3DYes/);
});

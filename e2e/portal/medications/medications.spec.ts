/**
 * The medications section of ONC-101 in a browser. Expected counts are
 * computed here from the partner API's own Group, Patient, AdverseEvent and
 * MedicationStatement records (fetched over HTTP), with the rules of
 * docs/clinical-rules.md (Medications) written out again in this file:
 * n (%) of N = the Group's members, joined to Patients by subject study
 * number; "ongoing" = no end sent; "not recorded" = no dose sent; the study
 * drug's records (the drug names a suspect product of the adverse events)
 * are exposure, left out of the subjects per drug.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";
import { openMethods, openSection, recordCells, tableCells } from "../../support/study";
import { everyRowShown, expectRowTotal, showAllRows } from "../../support/tables";

type Med = Res & {
  id: string;
  subject: { reference: string };
  medicationCodeableConcept: { text: string };
  effectivePeriod?: { start?: string; end?: string };
  dosage?: { doseAndRate?: { doseQuantity?: { value?: number; unit?: string } }[] }[];
};

async function expectedDrugs(request: APIRequestContext) {
  const token = await northstarToken(request);
  const q = "researchstudy=ONC-101&_count=1000";
  const [groups, patients, meds, aes] = await Promise.all(
    ["Group", "Patient", "MedicationStatement", "AdverseEvent"].map((k) => searchAll(request, token, `${k}?${q}`)),
  );
  // The study drug: a drug naming a product the adverse events hold suspect (the investigational agent).
  const agents = new Set(
    aes.flatMap((a) =>
      (a.suspectEntity as { causality: { productRelatedness: string }[] }[]).flatMap((e) =>
        e.causality.map((c) => c.productRelatedness.toLowerCase()),
      ),
    ),
  );
  const isStudyDrug = (m: Med) => [...agents].some((a) => m.medicationCodeableConcept.text.toLowerCase().includes(a));
  const members = new Set(
    (groups[0].member as { entity: { reference: string } }[]).map((m) => m.entity.reference.replace("Patient/", "")),
  );
  const numberOf = (p: Res) =>
    (p.identifier as { system: string; value: string }[]).find((i) => i.system.endsWith("#SubjectStudyId"))?.value;
  const inGroup = new Set(patients.filter((p) => members.has(numberOf(p) ?? "")).map((p) => p.id as string));
  const all = meds as Med[];
  const concomitant = all.filter((m) => !isStudyDrug(m));
  const drugs = [...new Set(concomitant.map((m) => m.medicationCodeableConcept.text))].map((drug) => {
    const records = concomitant.filter((m) => m.medicationCodeableConcept.text === drug);
    const subjects = new Set(
      records.map((m) => m.subject.reference.replace("Patient/", "")).filter((s) => inGroup.has(s)),
    );
    const open = records.filter((m) => m.effectivePeriod?.end === undefined).length;
    const percent = Number(((100 * subjects.size) / members.size).toFixed(1));
    return { drug, n: subjects.size, cells: [drug, subjects.size, percent, records.length, open].map(String) };
  });
  // By falling n, then by name.
  drugs.sort((a, b) => b.n - a.n || (a.drug < b.drug ? -1 : 1));
  const studyDrug = all.filter(isStudyDrug);
  return { drugs, meds: concomitant, studyDrug, members: members.size, inGroup };
}

const subjectOf = (m: Med) => m.subject.reference.replace("Patient/", "");

/**
 * The rows of the table with this caption, all on one page (its own "Rows per page", below the table; a table of
 * ten rows or fewer shows them all without one).
 */
const allRows = (page: Page, caption: string | RegExp) => everyRowShown(page.getByRole("table", { name: caption }));
const listingTable = (page: Page) => page.getByRole("region", { name: "Listing" }).getByRole("table");

const LISTING = "Medications of study ONC-101";
const listingStatus = (page: Page) =>
  page
    .getByRole("region", { name: "Listing" })
    .getByRole("status")
    .filter({ hasText: /^Rows / });

test("subjects per drug equal the API's concomitant records, n (%) of the Group's members", async ({
  page,
  request,
}) => {
  const { drugs, members, studyDrug } = await expectedDrugs(request);
  expect(studyDrug.length).toBeGreaterThan(0);
  await openSection(page, "ONC-101", "Medications");
  const table = `Subjects per drug in study ONC-101: n (%) of N = ${members}, concomitant medications only`;
  await expect(page.getByRole("table", { name: table })).toBeVisible();
  // Every drug on one page.
  await allRows(page, table);
  const cells = await tableCells(page, table);
  expect(cells).toEqual(drugs.map((d) => d.cells));
  // The study drug is exposure: none of its drugs is a row, and the page says so.
  const names = new Set(studyDrug.map((m) => m.medicationCodeableConcept.text));
  expect(cells.filter((c) => names.has(c[0]))).toEqual([]);
  await openMethods(page);
  await expect(
    page.locator("p", { hasText: "The study drug is exposure, not a concomitant medication" }),
  ).toBeVisible();
});

test("the study drug's exposure counts its subjects and opens exactly their records", async ({ page, request }) => {
  const { studyDrug, members, inGroup } = await expectedDrugs(request);
  const exposed = new Set(studyDrug.map(subjectOf).filter((s) => inGroup.has(s)));
  await openSection(page, "ONC-101", "Medications");
  const caption = `Study drug exposure in study ONC-101: n (%) of N = ${members}`;
  const summary = page.getByRole("table", { name: caption });
  const row = summary.getByRole("row").filter({ has: page.getByRole("cell", { name: /^Exposed/ }) });
  const percent = Number(((100 * exposed.size) / members).toFixed(1));
  await expect(row.locator("td").nth(1)).toHaveText(String(exposed.size));
  await expect(row.locator("td").nth(2)).toHaveText(String(percent));
  // The count opens the study drug's records, every one of them, each marked.
  await row.locator("td").nth(1).getByRole("link").click();
  await expect(page).toHaveURL(/kind=study-drug/);
  await expect(listingStatus(page)).toHaveText(new RegExp(`of ${studyDrug.length}$`));
  const shown = await everyListingRow(page, `${LISTING}, the study drug only`, studyDrug.length);
  expect(shown.map((r) => r[11])).toEqual(shown.map(() => "study drug"));
  expect(shown.map((r) => r[0]).sort()).toEqual(studyDrug.map(subjectOf).sort());

  // A subject's record count opens its own study-drug records.
  const subjects = await allRows(page, /^Study drug exposure per subject/);
  const first = subjects.locator("tbody tr").first();
  const id = ((await first.locator("td").first().textContent()) ?? "").trim();
  const own = studyDrug.filter((m) => subjectOf(m) === id);
  await expect(first.locator("td").nth(6)).toHaveText(String(own.length));
  await first.locator("td").nth(6).getByRole("link").click();
  await expect(page).toHaveURL(/med_f_subject=/);
  // The kind is chosen on the server, the subject by the listing's own filter: "(filtered from ...)" may follow.
  await expect(listingStatus(page)).toHaveText(new RegExp(`of ${own.length}( \\(filtered from [\\d,]+\\))?$`));
});

/** Every row of the listing, page after page of 100 (`total` rows in all, fewer than 1,000). */
async function everyListingRow(page: Page, caption: string, total: number): Promise<string[][]> {
  const region = page.getByRole("region", { name: "Listing" });
  await region.getByLabel("Rows per page").selectOption("100");
  const rows: string[][] = [];
  for (let first = 1; first <= total; first += 100) {
    if (first > 1) await region.getByRole("button", { name: "Next page" }).click();
    await expect(listingStatus(page)).toHaveText(`Rows ${first}–${Math.min(total, first + 99)} of ${total}`);
    rows.push(...(await recordCells(page, caption)));
  }
  return rows;
}

test("a count opens the drug's records; the ongoing filter lives in the URL and survives a reload", async ({
  page,
  request,
}) => {
  const { drugs, meds } = await expectedDrugs(request);
  // A drug with open-ended records and records without a dose, if there is one; else the first with open ends.
  const pick =
    drugs.find((d) => {
      const r = meds.filter((m) => m.medicationCodeableConcept.text === d.drug);
      return r.some((m) => m.effectivePeriod?.end === undefined) && r.some((m) => !hasDose(m));
    }) ?? drugs.find((d) => d.cells[4] !== "0");
  expect(pick).toBeDefined();
  const drug = pick?.drug as string;
  const records = meds.filter((m) => m.medicationCodeableConcept.text === drug);
  await openSection(page, "ONC-101", "Medications");
  await allRows(page, /^Subjects per drug/);
  const row = page
    .getByRole("table", { name: /^Subjects per drug/ })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: drug, exact: true }) });
  await row.locator("td").nth(1).getByRole("link").click();
  await expect(page).toHaveURL(/drug=.*kind=concomitant/);
  await showAllRows(listingTable(page), records.length);
  const shown = await recordCells(page, `${LISTING}: ${drug}, concomitant medications only`);
  // Subject, dose and end of each record, as the rules show them.
  const expected = records.map((m) => [
    m.subject.reference.replace("Patient/", ""),
    hasDose(m) ? String(m.dosage?.[0].doseAndRate?.[0].doseQuantity?.value) : "not recorded",
    m.effectivePeriod?.end === undefined ? "ongoing" : (m.effectivePeriod.end.slice(0, 10) as string),
  ]);
  expect(shown.map((r) => [r[0], r[2], r[8]]).sort()).toEqual(expected.sort());
  expect(new Set(shown.filter((r) => r[10] === "").map((r) => r[0])).size).toBe(pick?.n);

  await page.getByRole("link", { name: "Ongoing (open-ended) only" }).click();
  await expect(page).toHaveURL(/ongoing=1/);
  const open = records.filter((m) => m.effectivePeriod?.end === undefined).length;
  await expectRowTotal(listingTable(page), open);
  await page.reload();
  await expect(page.getByRole("link", { name: "Ongoing (open-ended) only" })).toHaveAttribute("aria-current", "page");
  await expectRowTotal(listingTable(page), open);
  const ends = await recordCells(page, `${LISTING}: ${drug}, concomitant medications only, ongoing only`);
  expect(ends.every((r) => r[8] === "ongoing")).toBe(true);
});

function hasDose(m: Med): boolean {
  return typeof m.dosage?.[0]?.doseAndRate?.[0]?.doseQuantity?.value === "number";
}

/**
 * The medications section of ONC-101 in a browser. Expected counts are
 * computed here from the partner API's own Group, Patient and
 * MedicationStatement records (fetched over HTTP), with the rules of
 * docs/clinical-rules.md (Medications) written out again in this file:
 * n (%) of N = the Group's members, joined to Patients by subject study
 * number; "ongoing" = no end sent; "not recorded" = no dose sent.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";
import { openSection, tableCells } from "../../support/study";

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
  const [groups, patients, meds] = await Promise.all(
    ["Group", "Patient", "MedicationStatement"].map((k) => searchAll(request, token, `${k}?${q}`)),
  );
  const members = new Set(
    (groups[0].member as { entity: { reference: string } }[]).map((m) => m.entity.reference.replace("Patient/", "")),
  );
  const numberOf = (p: Res) =>
    (p.identifier as { system: string; value: string }[]).find((i) => i.system.endsWith("#SubjectStudyId"))?.value;
  const inGroup = new Set(patients.filter((p) => members.has(numberOf(p) ?? "")).map((p) => p.id as string));
  const all = meds as Med[];
  const drugs = [...new Set(all.map((m) => m.medicationCodeableConcept.text))].map((drug) => {
    const records = all.filter((m) => m.medicationCodeableConcept.text === drug);
    const subjects = new Set(
      records.map((m) => m.subject.reference.replace("Patient/", "")).filter((s) => inGroup.has(s)),
    );
    const open = records.filter((m) => m.effectivePeriod?.end === undefined).length;
    const percent = Number(((100 * subjects.size) / members.size).toFixed(1));
    return { drug, n: subjects.size, cells: [drug, subjects.size, percent, records.length, open].map(String) };
  });
  // By falling n, then by name.
  drugs.sort((a, b) => b.n - a.n || (a.drug < b.drug ? -1 : 1));
  return { drugs, meds: all, members: members.size };
}

const LISTING = "Medications of study ONC-101";
const listingStatus = (page: Page) =>
  page
    .getByRole("region", { name: "Listing" })
    .getByRole("status")
    .filter({ hasText: /^Rows / });

test("subjects per drug equal the API's records, n (%) of the Group's members", async ({ page, request }) => {
  const { drugs, members } = await expectedDrugs(request);
  await openSection(page, "ONC-101", "Medications");
  const table = `Subjects per drug in study ONC-101: n (%) of N = ${members}`;
  await expect(page.getByRole("table", { name: table })).toBeVisible();
  // Every drug on one page.
  await page.getByLabel("Rows per page").first().selectOption("100");
  expect(await tableCells(page, table)).toEqual(drugs.map((d) => d.cells));
});

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
  await page.getByLabel("Rows per page").first().selectOption("100");
  const row = page
    .getByRole("table", { name: /^Subjects per drug/ })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: drug, exact: true }) });
  await row.locator("td").nth(1).getByRole("link").click();
  await expect(page).toHaveURL(/drug=/);
  await expect(listingStatus(page)).toHaveText(new RegExp(`of ${records.length}$`));
  await page.getByRole("region", { name: "Listing" }).getByLabel("Rows per page").selectOption("100");
  const shown = await tableCells(page, `${LISTING}: ${drug}`);
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
  await expect(listingStatus(page)).toHaveText(new RegExp(`of ${open}$`));
  await page.reload();
  await expect(page.getByRole("link", { name: "Ongoing (open-ended) only" })).toHaveAttribute("aria-current", "page");
  await expect(listingStatus(page)).toHaveText(new RegExp(`of ${open}$`));
  const ends = await tableCells(page, `${LISTING}: ${drug}, ongoing only`);
  expect(ends.every((r) => r[8] === "ongoing")).toBe(true);
});

function hasDose(m: Med): boolean {
  return typeof m.dosage?.[0]?.doseAndRate?.[0]?.doseQuantity?.value === "number";
}

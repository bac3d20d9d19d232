/**
 * The adverse-event view's choices of ONC-101 in a browser: the treatment-emergent events, counted here from the
 * partner API's own AdverseEvent and MedicationStatement records by docs/clinical-rules.md (Treatment-emergent adverse
 * events), and the table by system organ class, whose classes are written out here from CTCAE v5.0. Nothing of the
 * portal is imported.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { northstarToken, searchAll } from "../../support/partner-api";
import { signIn } from "../../support/portal";
import { expectInMethods, openMethods, openStudy, studyLoaded } from "../../support/study";
import { type Ae, type AeData, aeData, cell, overviewLines } from "./adverse-events.expected";

async function openAdverseEvents(page: Page) {
  await signIn(page);
  await openStudy(page, "ONC-101");
  const nav = page.getByRole("navigation", { name: "Study sections" });
  await nav.getByRole("link", { name: "Adverse events" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Adverse events" })).toBeVisible();
  await studyLoaded(page);
}

/** Each body row of a table as its cells' texts (row header included). */
const rowsOf = (table: Locator) =>
  table
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").trim())));

const listingStatus = (page: Page) => page.getByRole("status").filter({ hasText: / events, of / });

/**
 * Each subject's first dose of the study drug: the earliest start (its calendar day) of a MedicationStatement whose
 * drug names, in any case, a suspect product of the study's adverse events.
 */
async function firstDoses(request: APIRequestContext, data: AeData): Promise<Map<string, string>> {
  const token = await northstarToken(request);
  const meds = await searchAll(request, token, "MedicationStatement?researchstudy=ONC-101&_count=1000");
  const products = [...new Set(data.events.flatMap((e) => (e.product ? [e.product.toLowerCase()] : [])))];
  expect(products.length).toBeGreaterThan(0);
  const first = new Map<string, string>();
  for (const m of meds) {
    const drug = (m.medicationCodeableConcept as { text: string }).text.toLowerCase();
    const start = (m.effectivePeriod as { start?: string } | undefined)?.start?.slice(0, 10);
    if (!start || !products.some((p) => drug.includes(p))) continue;
    const subject = (m.subject as { reference: string }).reference.replace(/^Patient\//, "");
    const known = first.get(subject);
    if (known === undefined || start < known) first.set(subject, start);
  }
  return first;
}

/**
 * Treatment-emergent: the start on or after the first dose (calendar days, the same day included); without a start,
 * unless the end is before the first dose; never for a subject without a known first dose.
 */
function isTeae(e: Ae, first: Map<string, string>): boolean {
  const dose = first.get(e.subject);
  if (dose === undefined) return false;
  if (e.start !== null) return e.start >= dose;
  return !(e.end !== null && e.end < dose);
}

test("the TEAE choice counts the treatment-emergent events of the API's records, and the listing follows", async ({
  page,
  request,
}) => {
  const data = await aeData(request, "ONC-101");
  const first = await firstDoses(request, data);
  const teae = data.events.filter((e) => isTeae(e, first));
  // The demo study has events before the first dose (docs/partner-service.md): the choice must change the counts.
  expect(teae.length).toBeLessThan(data.events.length);
  expect(overviewLines({ ...data, events: teae })).not.toEqual(overviewLines(data));
  await openAdverseEvents(page);
  await expectInMethods(page, page.getByText("All adverse events as the partner sends them (the default)"));

  const choice = page.getByRole("navigation", { name: "Events counted", exact: true });
  await choice.getByRole("link", { name: "Treatment-emergent only" }).click();
  await expect(page).toHaveURL(/teae=1/);
  const overview = page.getByRole("table", { name: /^Overview of treatment-emergent adverse events/ });
  await expect(overview).toBeVisible();
  expect(await rowsOf(overview)).toEqual(overviewLines({ ...data, events: teae }));
  await expect(choice.getByRole("link", { name: "Treatment-emergent only" })).toHaveAttribute("aria-current", "true");
  await openMethods(page);
  const convention = page.locator("p", { hasText: /^Treatment-emergent adverse events only: / });
  await expect(convention.getByRole("link", { name: "How this is counted" })).toHaveAttribute(
    "href",
    "/rules#treatment-emergent-adverse-events",
  );

  // The any-event line opens the treatment-emergent events of the Group, the choice kept.
  await overview
    .getByRole("row", { name: /any adverse event/ })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/teae=1.*scope=group|scope=group.*teae=1/);
  await expect(listingStatus(page)).toContainText(`${teae.length} of ${data.events.length} events, of `);

  // Back to every event: the overview as before.
  await page
    .getByRole("navigation", { name: "Events counted", exact: true })
    .getByRole("link", { name: "All adverse events" })
    .click();
  await expect(page.getByRole("table", { name: /^Overview of adverse events/ })).toBeVisible();
  expect(await rowsOf(page.getByRole("table", { name: /^Overview of adverse events/ }))).toEqual(overviewLines(data));
});

/** Some CTCAE v5.0 terms of the demo data and their system organ class, as the CTCAE v5.0 spreadsheet gives them. */
const SOC_OF: Record<string, string> = {
  Nausea: "Gastrointestinal disorders",
  Vomiting: "Gastrointestinal disorders",
  Diarrhea: "Gastrointestinal disorders",
  Constipation: "Gastrointestinal disorders",
  "Mucositis oral": "Gastrointestinal disorders",
  "Abdominal pain": "Gastrointestinal disorders",
  Headache: "Nervous system disorders",
  Dizziness: "Nervous system disorders",
  Dysgeusia: "Nervous system disorders",
  "Peripheral sensory neuropathy": "Nervous system disorders",
};

test("the table by system organ class shows each class's own line above its terms", async ({ page, request }) => {
  const data = await aeData(request, "ONC-101");
  await openAdverseEvents(page);
  await page
    .getByRole("navigation", { name: "Table rows", exact: true })
    .getByRole("link", { name: "Terms by system organ class" })
    .click();
  await expect(page).toHaveURL(/layout=soc/);
  const table = page.getByRole("table", { name: /^Subjects by system organ class, term and worst grade/ });
  await expect(table).toBeVisible();
  await expect(
    page.locator("p", { hasText: /^Terms under their system organ class as CTCAE v5\.0 files them/ }),
  ).toBeVisible();
  const rows = await rowsOf(table);
  const names = rows.map((r) => r[0].replace(/ †$/, ""));

  for (const soc of ["Gastrointestinal disorders", "Nervous system disorders"]) {
    // The class's line: the subjects with any of its terms, each once, of N.
    const terms = Object.keys(SOC_OF).filter((t) => SOC_OF[t] === soc);
    const subjects = new Set(data.events.filter((e) => terms.includes(e.term)).map((e) => e.subject));
    const at = names.indexOf(soc);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(rows[at][1]).toBe(cell(subjects.size, data.n));
    // Its terms follow it, before the next class's line.
    const present = terms.filter((t) => data.events.some((e) => e.term === t));
    const below = names.slice(at + 1, at + 1 + present.length);
    expect([...below].sort()).toEqual([...present].sort());
  }
  // "Decreased appetite" is no CTCAE v5.0 term (CTCAE calls it Anorexia): under "Unmapped", last, never dropped.
  const unmapped = new Set(data.events.filter((e) => e.term === "Decreased appetite").map((e) => e.subject));
  if (unmapped.size > 0) {
    const at = names.indexOf("Unmapped");
    expect(at).toBeGreaterThan(0);
    expect(rows[at][1]).toBe(cell(unmapped.size, data.n));
    expect(names.slice(at + 1)).toEqual(["Decreased appetite"]);
  }

  // A class's count opens its subjects' events.
  const gi = Object.keys(SOC_OF).filter((t) => SOC_OF[t] === "Gastrointestinal disorders");
  const giEvents = data.events.filter((e) => gi.includes(e.term));
  await table
    .getByRole("row", { name: /^Gastrointestinal disorders/ })
    .locator("td")
    .first()
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/soc=Gastrointestinal/);
  const ofSubjects = new Set(giEvents.map((e) => e.subject)).size;
  await expect(listingStatus(page)).toContainText(
    `${giEvents.length} of ${data.events.length} events, of ${ofSubjects} subject${ofSubjects === 1 ? "" : "s"}`,
  );
});

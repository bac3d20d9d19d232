/**
 * Nothing offered that does not apply (docs/design.md): a study without imaging (CARD-201, which is not oncology:
 * docs/partner-service.md, its DiagnosticReport and imaging searches answer empty) has no Tumour response link, and
 * the navigation says why once, while the section's address still answers with what it has; a study the partner
 * does not grant (ONC-102, not granted to NORTHSTAR) shows why, with no section links and no export pack.
 */
import { expect, test } from "@playwright/test";
import { signIn } from "../../support/portal";
import { openStudy, openStudyAddress } from "../../support/study";

const NOTE = "No tumour response: the study has no imaging records.";
/** The study's sections but Tumour response (e2e/pages/StudyPage.ts, SECTIONS). */
const WITHOUT_RESPONSE = [
  "Overview",
  "Subjects",
  "Adverse events",
  "Laboratory",
  "Vital signs",
  "Medications",
  "Data checks",
  "Changes",
  "Saved views",
];

test("a study without imaging: no Tumour response link, why said once, the address still answering", async ({
  page,
}) => {
  const study = await openStudyAddress(page, "CARD-201");
  const nav = page.getByRole("navigation", { name: "Study sections" });
  await expect(page.getByText(NOTE)).toHaveCount(1);
  await expect(nav.getByRole("link")).toHaveText(WITHOUT_RESPONSE);
  await expect(nav.getByRole("link", { name: "Tumour response" })).toHaveCount(0);
  // The same on every section's page.
  await nav.getByRole("link", { name: "Data checks", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Data checks" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Tumour response" })).toHaveCount(0);
  await expect(page.getByText(NOTE)).toHaveCount(1);
  // A study's own page loaded afresh at the section's address says what the section has.
  await page.goto(`${study}/tumour-response`);
  await expect(page.getByText("Study CARD-201 has no tumour response data")).toBeVisible();
  await expect(page.getByText(NOTE)).toHaveCount(1);
});

test("a study with imaging offers every section and says nothing of tumour response", async ({ page }) => {
  await openStudyAddress(page, "ONC-101");
  const nav = page.getByRole("navigation", { name: "Study sections" });
  await expect(nav.getByRole("link", { name: "Tumour response", exact: true })).toBeVisible();
  await expect(nav.getByRole("link")).toHaveCount(WITHOUT_RESPONSE.length + 1);
  await expect(page.getByText(NOTE)).toHaveCount(0);
});

test("a study the partner refuses: its reason, no section links, no export pack, no jump to a subject", async ({
  page,
}) => {
  await signIn(page);
  await openStudy(page, "ONC-102");
  const alert = page.getByRole("alert", { name: "No access to this study" });
  await expect(alert).toContainText("does not grant partner NORTHSTAR access to study ONC-102");
  await expect(page.getByRole("navigation", { name: "Study sections" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Adverse events", exact: true })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Export pack of study ONC-102" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export pack (ZIP)" })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Go to a subject" })).toHaveCount(0);
  // So on a section's own address too.
  await page.goto(`${new URL(page.url()).pathname}/adverse-events`);
  await expect(page.getByRole("alert", { name: "No access to this study" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Study sections" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Export pack of study ONC-102" })).toHaveCount(0);
});

/**
 * The states the page scans (./accessibility.spec.ts) do not reach, scanned with axe-core while they are shown: a
 * study's first load in progress, the partner service limiting requests or unreachable, and an export being
 * written. No serious or critical WCAG 2.2 AA violation. The always-busy and unreachable partners are those of
 * playwright.config.ts (../errors/study-errors.spec.ts checks their words).
 */
import { expect, type Page, test } from "@playwright/test";
import { RATE_LIMITED_PARTNER_URL, UNREACHABLE_PARTNER_URL } from "../../../playwright.config";
import { expectNoSeriousViolations, expectNoSeriousViolationsNow } from "../../support/axe-scan";
import { addConnection, NORTHSTAR, signIn } from "../../support/portal";
import { createUser } from "../../support/server";
import { openStudy, studyLoaded } from "../../support/study";

const STUDY = "ONC-101";

/** A new user's connection to this partner address, and the address of its study. */
async function studyOn(page: Page, user: string, baseUrl: string): Promise<string> {
  await signIn(page, createUser(user));
  const id = await addConnection(page, { name: user, baseUrl, ...NORTHSTAR, studies: STUDY });
  return `/studies/${id}/${STUDY}`;
}

test("a study's first load in progress, then the partner service limiting requests", async ({ page }) => {
  // Every data request is answered 429 with Retry-After: 1, so the load shows its progress for seconds, then fails.
  const address = await studyOn(page, "a11y-busy", RATE_LIMITED_PARTNER_URL);
  const loading = page.getByRole("status").filter({ hasText: "Loading the study from the partner service…" });
  // The cache shares one partner identity's load between users: a page that joined another spec's load, begun
  // earlier, may see it end during the scan. Opened again, the page starts a load of its own (a failed one is not
  // kept); the scan must have seen the progress view while the load still ran.
  let scannedWhileLoading = false;
  for (let attempt = 0; attempt < 3 && !scannedWhileLoading; attempt++) {
    await page.goto(address, { waitUntil: "commit" });
    await expect(loading).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolationsNow(page);
    scannedWhileLoading = await loading.isVisible();
  }
  expect(scannedWhileLoading).toBe(true);
  await expect(page.getByRole("alert", { name: "The partner service is busy" })).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousViolations(page);
});

test("a partner service that cannot be reached", async ({ page }) => {
  await page.goto(await studyOn(page, "a11y-unreachable", UNREACHABLE_PARTNER_URL));
  await expect(page.getByRole("alert", { name: "The partner service is unavailable" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("an export being written, with its progress and Cancel", async ({ page }) => {
  await signIn(page);
  await openStudy(page, STUDY);
  await studyLoaded(page);
  // The study's export pack: every record of the study. The e2e server writes at most 2,500 rows a second
  // (playwright.config.ts), so it runs for seconds, longer than a scan.
  const control = page.getByRole("group", { name: `Export pack of study ${STUDY}` });
  await control.getByRole("button", { name: "Export pack (ZIP)" }).click();
  await expect(control.getByRole("status")).toHaveText(/^(Preparing the rows…|Writing [\d,]+ of [\d,]+ rows)$/);
  const cancel = control.getByRole("button", { name: "Cancel" });
  await expect(cancel).toBeVisible();
  await expectNoSeriousViolationsNow(page);
  // The scan saw the export running: it still is.
  expect(await cancel.isVisible()).toBe(true);
  await cancel.press("Enter");
  await expect(control.getByRole("alert")).toHaveText(/^Cancelled\./);
});

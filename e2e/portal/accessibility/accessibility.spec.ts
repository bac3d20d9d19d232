/**
 * Every page type scanned with axe-core (e2e/support/axe-scan.ts) once its data is shown: no serious or critical
 * WCAG 2.2 AA violation. Study pages are opened on the demo study ONC-101 by the demo user; the audit and cache
 * pages by an administrator made with the users command (the demo user is not one).
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { ConnectionsPage } from "../../pages/ConnectionsPage";
import { RecordRow, saveView } from "../../pages/Review";
import { expectNoSeriousViolations } from "../../support/axe-scan";
import { addConnection, alert, card, NORTHSTAR, signIn, submitSignIn } from "../../support/portal";
import { createUser, usersCommand } from "../../support/server";
import { openStudy, openStudyAddress, openSubjects, STUDY_VIEWS, subjectList } from "../../support/study";

const STUDY = "ONC-101";

/** The study's address, once its subject list (the study's first load) is shown. */
function studyPath(page: Page): Promise<string> {
  return openStudyAddress(page, STUDY);
}

/** The address of the first subject linked from the body of this table or region. */
async function firstSubjectHref(container: Locator): Promise<string> {
  const href = await container.locator("tbody a").first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

test("the sign-in page", async ({ page }) => {
  await page.goto("/signin");
  await expectNoSeriousViolations(page);
});

test("the sign-in page with a refused sign-in", async ({ page }) => {
  await page.goto("/signin");
  await submitSignIn(page, { email: "nobody-a11y@e2e.example", password: "not-a-password-a11y" });
  await expect(alert(page, /./)).toBeVisible();
  await expectNoSeriousViolations(page);
});

for (const path of [
  "/",
  "/settings/connections",
  "/settings/connections/new",
  "/settings/exports",
  "/settings/activity",
  "/rules",
]) {
  test(`the page ${path}`, async ({ page }) => {
    await signIn(page);
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}

for (const view of STUDY_VIEWS) {
  test(`the study view ${view || "/ (overview)"}`, async ({ page }) => {
    const study = await studyPath(page);
    await page.goto(`${study}${view}`);
    await expectNoSeriousViolations(page);
  });
}

// A user of their own: the connection made here, with a wrong secret, shows the study page's error and a test result.
test("a connection tested, its edit page, and a study page's error", async ({ page, baseURL }) => {
  await signIn(page, createUser("a11y-connections"));
  const fields = { baseUrl: baseURL!, ...NORTHSTAR, clientSecret: "not-the-secret", studies: "ONC-101" };
  const id = await addConnection(page, { name: "Wrong secret", ...fields });
  await new ConnectionsPage(page).test("Wrong secret");
  await expect(
    card(page, "Wrong secret")
      .getByRole("status")
      .or(alert(card(page, "Wrong secret"), /./)),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto(`/settings/connections/${id}/edit`);
  await expectNoSeriousViolations(page);
  await page.goto(`/studies/${id}/ONC-101`);
  await expect(page.getByRole("alert", { name: "Sign-in to the partner service failed" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

// The charts' data tables are hidden until asked for: scanned open too.
for (const view of [
  "/adverse-events",
  "/laboratory?test=code%3ALB0214",
  "/vital-signs",
  "/tumour-response/waterfall",
]) {
  test(`the study view ${view} with its charts' data tables shown`, async ({ page }) => {
    const study = await studyPath(page);
    await page.goto(`${study}${view}`);
    const show = page.getByRole("button", { name: "Show data table" });
    await expect(show.first()).toBeVisible();
    // Each click turns its button into "Hide data table", so the first one left is always the next.
    for (let left = await show.count(); left > 0; left--) await show.first().click();
    await expect(page.getByRole("button", { name: "Hide data table" }).first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test("the tumour response of a study without imaging (CARD-201)", async ({ page }) => {
  await signIn(page);
  const study = await openSubjects(page, "CARD-201");
  await page.goto(`${study}/tumour-response`);
  await expectNoSeriousViolations(page);
});

test("a subject's profile", async ({ page }) => {
  await studyPath(page);
  await page.goto(await firstSubjectHref(subjectList(page)));
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("a subject's tumour response page", async ({ page }) => {
  const study = await studyPath(page);
  await page.goto(`${study}/tumour-response`);
  const subjects = page.getByRole("region", { name: "Subjects", exact: true });
  await page.goto(await firstSubjectHref(subjects));
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expectNoSeriousViolations(page);
});

for (const path of ["/admin/audit", "/admin/cache", "/admin/snapshots"]) {
  test(`the administrators' page ${path}`, async ({ page }) => {
    const admin = createUser("a11y-admin");
    usersCommand("set-role", admin.email, "admin");
    await signIn(page, admin);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

// A user of their own, reading the demo study: the review's dialogs open over the listing, and a saved view's pages.
test("the review's dialogs (comments, keys, save view) and a saved view's pages", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, createUser("a11y-review"));
  await addConnection(page, { name: "Review", baseUrl: baseURL!, ...NORTHSTAR, studies: STUDY });
  await openStudy(page, STUDY);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Adverse events" }).click();
  const row = new RecordRow(
    page
      .getByRole("table", { name: /^Adverse events of study/ })
      .locator("tbody tr")
      .first(),
  );
  await expect(row.row).toBeVisible({ timeout: 60_000 });
  const thread = await row.openComments(page);
  await expectNoSeriousViolations(page);
  await thread.write("Checked against the source.");
  await expectNoSeriousViolations(page);
  await thread.close();
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard review" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Save view" }).click();
  await expect(page.getByRole("dialog", { name: "Save this view" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press("Escape");
  await saveView(page, "Every event");
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Saved views" }).click();
  await page.getByRole("link", { name: "Every event", exact: true }).click();
  await expect(page.getByRole("heading", { level: 3, name: "Every event" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

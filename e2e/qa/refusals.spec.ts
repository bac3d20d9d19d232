/**
 * QA: what the portal refuses shows a clear error and no data: a study the partner does not grant (or that does not
 * exist), a study number not on the connection's list, an export job that is not the user's. The signed-out
 * redirect, the wrong password, the address off the allow-list and another user's connection are in
 * sign-in.spec.ts and connections.spec.ts.
 */
import { CONNECTIONS_PATH } from "../pages/ConnectionsPage";
import { NO_ACCESS, NOT_GRANTED, NOT_ON_LIST, SETTINGS_LINK, StudyPage } from "../pages/StudyPage";
import { expect, test } from "./fixtures";

test("a study the partner does not grant says so and shows no data", async ({ page, qa, qaConnection }) => {
  const refused = new StudyPage(page, qaConnection.id, qa.ungrantedStudy);
  await refused.openFromStudies(qaConnection.name);
  const box = refused.errorBox(NO_ACCESS);
  await expect(box).toContainText(NOT_GRANTED(qa.partnerId, qa.ungrantedStudy), { timeout: 60_000 });
  await expect(box.getByRole("link", { name: SETTINGS_LINK })).toHaveAttribute("href", CONNECTIONS_PATH);
  await expect(page.getByRole("table")).toHaveCount(0);
  // Nothing offered that cannot be read: no section links, no export pack (docs/design.md).
  await expect(refused.nav()).toHaveCount(0);
  await expect(page.getByRole("group", { name: `Export pack of study ${qa.ungrantedStudy}` })).toHaveCount(0);
});

test("a study number that is not on the connection's list: no data, and where to add it", async ({
  page,
  qaConnection,
}) => {
  const other = new StudyPage(page, qaConnection.id, "QA-NOT-LISTED");
  await other.goto();
  await other.expectHeading();
  await expect(page.getByRole("alert").filter({ hasText: NOT_ON_LIST })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(other.nav()).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Export pack of study QA-NOT-LISTED" })).toHaveCount(0);
});

test("an export job that is not the user's is not found", async ({ page }) => {
  const id = "00000000-0000-4000-8000-000000000000";
  expect((await page.request.get(`/exports/${id}`)).status()).toBe(404);
  expect((await page.request.get(`/exports/${id}/file`)).status()).toBe(404);
});

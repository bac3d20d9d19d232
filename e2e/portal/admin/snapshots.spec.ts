/**
 * The administrators' page of study snapshots: each partner identity's kept snapshots per study, named by the
 * connection that reads as it, and their purge after a confirmation. The purge here is of an identity of this
 * spec's own (LAKESIDE's ONC-102, read once by this spec's administrator): the demo's NORTHSTAR snapshots, which the
 * Changes spec compares, are only looked at.
 */
import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../../playwright.config";
import { LAKESIDE } from "../../api/support/addresses";
import { addConnection, signIn } from "../../support/portal";
import { createUser, usersCommand } from "../../support/server";
import { openSubjects } from "../../support/study";

test("an administrator sees the snapshots per identity and study and purges one after confirming", async ({ page }) => {
  test.setTimeout(120_000);
  const admin = createUser("snapshots-admin");
  usersCommand("set-role", admin.email, "admin");
  await signIn(page, admin);
  await addConnection(page, { name: "Lakeside", baseUrl: E2E_BASE_URL, ...LAKESIDE, studies: "ONC-102" });
  await openSubjects(page, "ONC-102");

  await page.goto("/admin/snapshots");
  const lakeside = page.getByRole("row").filter({ hasText: "partner LAKESIDE" }).filter({ hasText: "ONC-102" });
  // Kept beside the rows being served, the study's record types one by one as their loads end (docs/snapshots.md):
  // the purge comes once all eight are written, so that none is written after it.
  await expect(async () => {
    await page.reload();
    await expect(lakeside).toHaveCount(1, { timeout: 1_000 });
    await expect(lakeside.locator("td").nth(3)).toHaveText("8", { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const demo = page.getByRole("row").filter({ hasText: "partner NORTHSTAR" }).filter({ hasText: "ONC-101" });
  await expect(demo.first()).toBeVisible();

  await lakeside.getByRole("button", { name: `Purge the snapshots of study ONC-102 (${E2E_BASE_URL}` }).click();
  const dialog = page.getByRole("alertdialog", { name: /^Purge the \d+ snapshots of study ONC-102\?$/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Purge snapshots" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Purged \d+ snapshots of study ONC-102/ })).toBeVisible();
  await expect(lakeside).toHaveCount(0);
  await expect(demo.first()).toBeVisible();
});

test("the page is not found for a user who is not an administrator", async ({ page }) => {
  await signIn(page);
  const answer = await page.goto("/admin/snapshots");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

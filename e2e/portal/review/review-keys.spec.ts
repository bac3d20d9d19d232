/**
 * Keyboard review (docs/review.md, Keyboard review), on the review specs' own partner service: a new reviewer
 * reviews ten adverse events with the keyboard alone (j to the next record, r to mark it), each record announced by
 * the name of the button the focus lands on; n skips to the next record not reviewed; c opens a record's comments
 * and ? lists the keys, each in a dialog that Escape closes; j at a page's last record turns to the next page, k at
 * its first back.
 */
import { expect, test } from "@playwright/test";
import { openListing } from "../../support/review-listing";

test("ten records reviewed with the keyboard alone, each announced as the focus reaches it", async ({ page }) => {
  test.setTimeout(180_000);
  const listing = await openListing(page, "keyboard");
  const rows = listing.locator("tbody tr");

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard review" });
  await expect(help).toContainText("Mark the record reviewed");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("j");
    // The focus is on the record's Mark button: its name says what it does and which record.
    await expect(page.locator(":focus")).toHaveAttribute("aria-label", /^Mark reviewed: adverse event \S+$/);
    await expect(rows.nth(i).locator(":focus")).toHaveCount(1);
    await page.keyboard.press("r");
    await expect(rows.nth(i).getByRole("button", { name: /^Unmark: adverse event / })).toBeVisible();
  }
  for (let i = 0; i < 10; i++) await expect(rows.nth(i).locator("td").first()).toContainText(/^Reviewed/);
  await expect(rows.nth(10).locator("td").first()).toContainText(/^Not reviewed/);

  // n: from the first record to the first one not reviewed, the eleventh.
  await rows
    .first()
    .getByRole("button", { name: /^Unmark: / })
    .focus();
  await page.keyboard.press("n");
  await expect(rows.nth(10).locator(":focus")).toHaveCount(1);

  await page.keyboard.press("c");
  await expect(page.getByRole("dialog", { name: /^Comments on adverse event / })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // j at the page's last record turns the page (the server's next page) and lands on its first; k turns back.
  const pager = page.getByRole("status").filter({ hasText: /^Rows / });
  await expect(pager).toContainText(/^Rows 1–25(\s|$)/);
  await rows.last().getByRole("button").first().focus();
  await page.keyboard.press("j");
  await expect(pager).toContainText(/^Rows 26–50(\s|$)/, { timeout: 30_000 });
  await expect(rows.first().locator(":focus")).toHaveCount(1);
  await expect(page.locator(":focus")).toHaveAttribute("aria-label", /^Mark reviewed: adverse event \S+$/);
  await page.keyboard.press("k");
  await expect(pager).toContainText(/^Rows 1–25(\s|$)/, { timeout: 30_000 });
  await expect(rows.last().locator(":focus")).toHaveCount(1);
});

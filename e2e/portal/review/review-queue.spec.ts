/**
 * A reviewer's queue of subjects (docs/review.md, Reviewed marks): the subject list has the Review column, each
 * subject's Patient record marked from its row or from its profile; a profile opened from the list filtered to the
 * subjects not reviewed has as next subject the next one not reviewed, also once the subject shown was just marked
 * and so left out of the list. Read-only on the review specs' partner: its data do not change here.
 */
import { expect, test } from "@playwright/test";
import { REVIEW_PARTNER_URL } from "../../../playwright.config";
import { addConnection, NORTHSTAR, signIn } from "../../support/portal";
import { createUser } from "../../support/server";
import { openStudy, studyLoaded, subjectList, tableCells } from "../../support/study";
import { tableContainer } from "../../support/tables";

const STUDY = "ONC-101";

test("marks subjects from the list and the profile, and walks to the next subject not reviewed", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, createUser("queue-reviewer"));
  await addConnection(page, { name: "Review partner", baseUrl: REVIEW_PARTNER_URL, ...NORTHSTAR, studies: STUDY });
  await openStudy(page, STUDY);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Subjects" }).click();
  await studyLoaded(page);
  const list = subjectList(page);
  await expect(list).toBeVisible({ timeout: 60_000 });
  // The Review column first; the subject ID second.
  await expect(list.locator("thead th").first()).toHaveText(/^Review/);
  const ids = (await tableCells(page, /^Subjects of study ONC-101/)).map((r) => r[1]);
  const [first, second, third] = ids;

  // The second subject marked from its row.
  await list.getByRole("button", { name: `Mark reviewed: subject ${second}` }).click();
  await expect(list.getByRole("button", { name: `Unmark: subject ${second}` })).toBeVisible({ timeout: 30_000 });

  // The list filtered to the subjects not reviewed: the second is not among them.
  await tableContainer(list).getByLabel("Filter Review").selectOption({ label: "Not reviewed" });
  await expect(page).toHaveURL(/f_review=%3DNot\+reviewed|f_review=%3DNot%20reviewed/);
  await expect
    .poll(async () => (await tableCells(page, /^Subjects of study ONC-101/)).map((r) => r[1]).slice(0, 2))
    .toEqual([first, third]);

  // From the first subject's profile, next is the third; marked there, it stays the way on.
  await list.getByRole("link", { name: first, exact: true }).click();
  const nav = page.getByRole("navigation", { name: "Subjects" });
  await expect(nav.getByRole("link", { name: `Next subject: ${third}` })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`Your review of subject ${first}: Not reviewed`)).toBeVisible();
  await page.getByRole("button", { name: "Mark subject reviewed" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked the subject reviewed." })).toBeVisible();
  await expect(page.getByText(`Your review of subject ${first}: Reviewed`)).toBeVisible({ timeout: 30_000 });
  await expect(nav).toContainText("current filters leave this subject out");
  await nav.getByRole("link", { name: `Next subject: ${third}` }).click();
  await expect(page.getByText(`Your review of subject ${third}: Not reviewed`)).toBeVisible({ timeout: 60_000 });
  await expect(nav.getByRole("link", { name: `Next subject: ${ids[3]}` })).toBeVisible();
});

/**
 * Review progress by visit (docs/review.md, The study overview), for a new reviewer reading the demo partner (whose
 * data do not change): the overview's count of laboratory results not reviewed at Screening opens the Laboratory
 * section's listing of every test's results at that visit, filtered to the records not reviewed, holding exactly
 * that many; one marked there is counted reviewed at that visit back on the overview.
 */
import { expect, test } from "@playwright/test";
import { addConnection, NORTHSTAR, signIn } from "../../support/portal";
import { createUser } from "../../support/server";
import { openStudy, studyLoaded, tableCells } from "../../support/study";

const STUDY = "ONC-101";
const BY_VISIT = /^Your review of study ONC-101 by visit/;

const screeningRow = async (page: import("@playwright/test").Page) => {
  const rows = await tableCells(page, BY_VISIT);
  const row = rows.find((r) => r[0] === "Screening" && r[1] === "Laboratory results");
  expect(row, "the laboratory results at Screening").toBeDefined();
  return row!.slice(2, 5).map((n) => Number(n.replace(/,/g, "")));
};

test("a visit's count of results not reviewed opens exactly them, across every test", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, createUser("visit-reviewer"));
  await addConnection(page, { name: "Demo partner", baseUrl: baseURL!, ...NORTHSTAR, studies: STUDY });
  await openStudy(page, STUDY);
  await studyLoaded(page);
  await expect(page.getByRole("table", { name: BY_VISIT })).toBeVisible({ timeout: 60_000 });
  const [open, changed, reviewed] = await screeningRow(page);
  expect(open).toBeGreaterThan(25);
  expect([changed, reviewed]).toEqual([0, 0]);

  await page
    .getByRole("table", { name: BY_VISIT })
    .getByRole("row", { name: /^Screening Laboratory results/ })
    .locator("td")
    .nth(2)
    .getByRole("link")
    .click();
  await expect(
    page.getByRole("heading", { name: `Results at visit Screening (${open.toLocaleString("en")})` }),
  ).toBeVisible({ timeout: 60_000 });
  const listing = page.getByRole("table", { name: /^Laboratory results of study ONC-101 at visit Screening/ });
  await expect.poll(() => new URL(page.url()).searchParams.get("res.f_review")).toBe("=Not reviewed");
  const first = listing.locator("tbody tr").first();
  await first.getByRole("button", { name: /^Mark reviewed: laboratory result / }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked 1 record reviewed." })).toBeVisible();
  // The listing shows the results not reviewed: one fewer than the visit has.
  await expect(page.getByRole("status").filter({ hasText: /^Rows 1–25/ })).toHaveText(
    `Rows 1–25 of ${(open - 1).toLocaleString("en")} (filtered from ${open.toLocaleString("en")})`,
    { timeout: 30_000 },
  );

  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Overview" }).click();
  await expect(page.getByRole("table", { name: BY_VISIT })).toBeVisible({ timeout: 60_000 });
  expect(await screeningRow(page)).toEqual([open - 1, 0, 1]);
});

/**
 * The reviewer's queue across record types (docs/review.md, Your queue), on the clean partner service: a
 * new reviewer's overview names the adverse events as next in the queue, with as many not reviewed as its table by
 * record type counts; its link opens them; once all are marked, `n` in the emptied listing says where the queue
 * goes on (the first laboratory test of the overview's table by test, with its count), a second `n` opens that
 * test's results not reviewed and lands on the first of them, saying so. Once they are marked, the same two presses
 * open the second test's results, on the same page with new rows: the focus is on its first result, not on the row
 * the reviewer was at. Not on the review specs' partner: a data cut they make meanwhile would change the counts
 * between two steps.
 */
import { expect, test } from "@playwright/test";
import { CLEAN_PARTNER_URL } from "../../../playwright.config";
import { addConnection, NORTHSTAR, signIn } from "../../support/portal";
import { createUser } from "../../support/server";
import { openStudy, tableCells } from "../../support/study";

const STUDY = "ONC-101";

test("n goes on from a listing's last record to review to the next place of the reviewer's queue", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, createUser("queue-walker"));
  await addConnection(page, { name: "Clean partner", baseUrl: CLEAN_PARTNER_URL, ...NORTHSTAR, studies: STUDY });
  await openStudy(page, STUDY);
  const byType = page.getByRole("table", { name: /^Your review of study ONC-101 by record type/ });
  await expect(byType).toBeVisible({ timeout: 90_000 });
  const types = await tableCells(page, /^Your review of study ONC-101 by record type/);
  const events = types.find((r) => r[0] === "Adverse events")?.[1];
  expect(events).toMatch(/^[1-9][\d,]*$/);
  const tests = await tableCells(page, /^Your review of study ONC-101 by laboratory test and vital sign/);
  const [testName, kind, results] = tests[0];
  expect(kind).toBe("Laboratory results");
  const [secondName, secondKind, secondResults] = tests[1];
  expect(secondKind).toBe("Laboratory results");

  const next = page.getByRole("note").filter({ hasText: /^Next in your queue:/ });
  await expect(next).toContainText(`Next in your queue: Adverse events: ${events} not reviewed.`);
  await next.getByRole("link", { name: `Adverse events: ${events} not reviewed` }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("ev_f_review")).toBe("=Not reviewed");
  await page.getByRole("button", { name: `Mark the ${events} rows shown reviewed` }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Marked / })).toHaveText(
    `Marked ${events} records reviewed.`,
  );
  const listing = page.getByRole("table", { name: /^Adverse events of study ONC-101/ });
  await expect(listing.getByRole("button", { name: /^Mark reviewed: / })).toHaveCount(0, { timeout: 30_000 });

  await page.keyboard.press("n");
  const said = page.getByRole("status").filter({ hasText: /^No record left to review here/ });
  await expect(said).toHaveText(
    `No record left to review here. Next in your queue: Laboratory results: ${testName}: ${results} not reviewed. ` +
      "Press n again to open them.",
    { timeout: 30_000 },
  );
  await page.keyboard.press("n");
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toMatch(/\/laboratory$/);
  expect(new URL(page.url()).searchParams.get("res.f_review")).toBe("=Not reviewed");
  const results1 = page.getByRole("button", { name: /^Mark reviewed: laboratory result / });
  await expect(results1.first()).toBeFocused({ timeout: 60_000 });
  await expect(page.getByRole("status").filter({ hasText: /^Opened / })).toHaveText(
    `Opened Laboratory results: ${testName}: ${results} not reviewed.`,
  );
  // Every result of the test not reviewed, as many as the overview counted: not only its abnormal ones.
  await page.getByRole("button", { name: `Mark the ${results} rows shown reviewed` }).click();
  await expect(results1).toHaveCount(0, { timeout: 30_000 });

  // The next test's results replace these on the same page: the focus goes to its first, and it is said.
  await page.keyboard.press("n");
  await expect(said).toContainText(`Next in your queue: Laboratory results: ${secondName}: ${secondResults} not`, {
    timeout: 30_000,
  });
  const firstTest = new URL(page.url()).searchParams.get("test");
  await page.keyboard.press("n");
  await expect.poll(() => new URL(page.url()).searchParams.get("test"), { timeout: 30_000 }).not.toBe(firstTest);
  await expect(page.getByRole("status").filter({ hasText: /^Opened / })).toHaveText(
    `Opened Laboratory results: ${secondName}: ${secondResults} not reviewed.`,
    { timeout: 60_000 },
  );
  await expect(results1.first()).toBeFocused();
  await expect(page.getByRole("button", { name: `Mark the ${secondResults} rows shown reviewed` })).toBeVisible();
});

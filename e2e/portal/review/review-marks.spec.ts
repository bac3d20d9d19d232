/**
 * Reviewed marks across a data cut (docs/review.md), on the review specs' own partner service
 * (playwright.config.ts, REVIEW_PARTNER_URL): a new reviewer marks every adverse event of a study, the partner's data
 * move to their next cut, and after Refresh exactly the events the cut changed (by the partner database's own
 * record of it) are "changed since reviewed", each saying what changed, the events it added "not reviewed", and
 * every other one "reviewed"; Changes lists the changed ones with the same status, and marking them there reviews
 * them again. The marks are the user's: a second user of the same organisation sees none. The study
 * overview of a reviewer after the next cut counts the events the cut added, changed and removed since their last
 * review, its statuses, and the events it raised to grade 3 as new safety signals; its count opens the records. A
 * view of the adverse events saved before the next cut says, after it, as many events added, changed and removed as
 * the cut record holds, its count opening exactly the changed ones; it opens as saved (the events of then) or with
 * the latest data, and a colleague it is shared with sees it too. An adverse event's grade taken away after a
 * reviewer's mark is the one data-check finding new since their last review: the overview counts it under its rule,
 * and its count opens it on the Data checks page.
 */
import { expect, type Page, test } from "@playwright/test";
import { CHANGES, LISTING, listedRows, openListing, rowsWithStatus } from "../../support/review-listing";
import { advanceData, cutKeys, raisedToGrade3, removeGrade } from "../../support/review-partner";
import { studyLoaded, tableCells } from "../../support/study";

// One after the other: the first moves the partner's data, and the identity's Refresh reloads the study for both.
test.describe.configure({ mode: "serial" });

test("after the next data cut, exactly the events it changed are changed since reviewed", async ({ page }) => {
  test.setTimeout(180_000);
  await openListing(page, "reviewer");
  const markAll = page.getByRole("button", { name: /^Mark the [\d,]+ rows shown reviewed$/ });
  const total = Number((await markAll.textContent())?.replace(/\D/g, ""));
  await markAll.click();
  await expect(page.getByRole("status").filter({ hasText: `Marked ${total} records reviewed.` })).toBeVisible();
  // The page is rendered again with the marks; a loaded machine takes seconds to.
  await expect.poll(async () => (await rowsWithStatus(page, "Not reviewed")).length, { timeout: 30_000 }).toBe(0);

  const cut = advanceData();
  const changed = cutKeys(cut, "changed");
  const added = cutKeys(cut, "added");
  expect(changed.length, "the cut changes some adverse events").toBeGreaterThan(0);
  await page.getByRole("button", { name: "Refresh" }).click();
  await studyLoaded(page);

  const shownChanged = await rowsWithStatus(page, "Changed since reviewed");
  expect(shownChanged.map((r) => r.key).sort()).toEqual(changed);
  // Each says when it was reviewed and what changed since, before and after.
  for (const r of shownChanged) expect(r.review).toMatch(/Reviewed \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC; since: .+ → /);
  expect((await rowsWithStatus(page, "Not reviewed")).map((r) => r.key).sort()).toEqual(added);
  const reviewed = await rowsWithStatus(page, "Reviewed");
  expect(reviewed.length).toBe(Math.min(100, total - changed.length - cutKeys(cut, "removed").length));

  // Changes lists the same events with their statuses; marked there, every one is reviewed with its new content.
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Changes" }).click();
  const perType = page.getByRole("table", { name: /^Changes per record type in study ONC-101/ });
  await expect(perType).toBeVisible({ timeout: 60_000 });
  await perType.locator("tbody tr").filter({ hasText: "Adverse events" }).getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/type=AdverseEvent&kind=changed/);
  const inChanges = await listedRows(page, CHANGES);
  expect(inChanges.map((r) => r.key).sort()).toEqual(changed);
  expect(inChanges.every((r) => r.review.startsWith("Changed since reviewed"))).toBe(true);
  await page.getByRole("button", { name: /^Mark (every row|the [\d,]+ rows?) shown reviewed$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Marked [\d,]+ records? reviewed\.$/ })).toBeVisible();
  await expect
    .poll(async () => (await listedRows(page, CHANGES)).every((r) => r.review.startsWith("Reviewed")), {
      timeout: 30_000,
    })
    .toBe(true);
});

test("a reviewer's marks are their own: another user of the organisation sees the records not reviewed", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const first = await browser.newPage();
  await openListing(first, "marker");
  const row = first.getByRole("table", { name: LISTING }).locator("tbody tr").first();
  await row.getByRole("button", { name: /^Mark reviewed: adverse event / }).click();
  await expect(row.getByRole("button", { name: /^Unmark: adverse event / })).toBeVisible();
  await expect(row.locator("td").first()).toContainText("Reviewed");

  const second = await browser.newPage();
  await openListing(second, "colleague");
  expect(await rowsWithStatus(second, "Reviewed")).toEqual([]);
});

test("the overview says what the next cut changed since the last review, its counts opening the records", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openListing(page, "overview-reader");
  const markAll = page.getByRole("button", { name: /^Mark the [\d,]+ rows shown reviewed$/ });
  const total = Number((await markAll.textContent())?.replace(/\D/g, ""));
  await markAll.click();
  await expect(page.getByRole("status").filter({ hasText: `Marked ${total} records reviewed.` })).toBeVisible();

  const cut = advanceData();
  const [added, changed, removed] = [cutKeys(cut, "added"), cutKeys(cut, "changed"), cutKeys(cut, "removed")];
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Overview" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Overview" })).toBeVisible();
  await page.getByRole("button", { name: "Refresh" }).click();
  await studyLoaded(page);

  const since = await tableCells(page, /^Records of study ONC-101 added, changed or removed since your last review/);
  const events = since.find((row) => row[0] === "Adverse events");
  expect(events?.slice(1, 4)).toEqual([added.length, changed.length, removed.length].map(String));
  const progress = await tableCells(page, "Your review of study ONC-101 by record type");
  // Not reviewed: the added; changed since reviewed: the changed; reviewed: every other one still served.
  const reviewed = total - changed.length - removed.length;
  expect(progress.find((row) => row[0] === "Adverse events")?.slice(1, 4)).toEqual(
    [added.length, changed.length, reviewed].map(String),
  );
  const signals = page.getByRole("table", { name: /^New safety signals in study ONC-101 since your last review/ });
  const grade3 = (await signals.count())
    ? (await tableCells(page, /^New safety signals/)).filter((r) => r[0] === "Adverse event of grade 3 or more")
    : [];
  expect(grade3.map((r) => r[2]).sort()).toEqual(raisedToGrade3(cut));

  // The queue: only adverse events were marked, so the records changed since reviewed are the changed events.
  await page.getByRole("link", { name: `${changed.length} changed since you reviewed them` }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("ch_f_review")).toBe("=Changed since reviewed");
  await expect
    .poll(async () => (await listedRows(page, CHANGES)).map((r) => r.key).sort(), { timeout: 30_000 })
    .toEqual(changed);
  await page.goBack();

  // The count of changed adverse events opens the listing filtered to exactly them.
  await page
    .getByRole("table", { name: "Your review of study ONC-101 by record type" })
    .getByRole("row", { name: /^Adverse events/ })
    .locator("td")
    .nth(2)
    .getByRole("link")
    .click();
  await expect(page.getByRole("table", { name: LISTING })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => new URL(page.url()).searchParams.get("ev_f_review")).toBe("=Changed since reviewed");
  await expect
    .poll(async () => (await listedRows(page)).map((r) => r.key).sort(), { timeout: 30_000 })
    .toEqual(changed);
});

/** How many events the adverse-event listing holds, as its count says ("38 of 38 events, of 16 subjects."). */
async function listedEvents(page: Page): Promise<number> {
  const words = await page
    .getByRole("status")
    .filter({ hasText: / of [\d,]+ events, of / })
    .textContent();
  return Number(/^([\d,]+) of/.exec(words?.trim() ?? "")?.[1].replace(/,/g, "") ?? Number.NaN);
}

test("a saved view says after the next cut how many of its records were added, changed and removed", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await openListing(page, "view-saver");
  const before = await listedEvents(page);
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this view" });
  await dialog.getByLabel("Name").fill("Every adverse event");
  await dialog.getByLabel("Share with my organisation").check();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText("Saved, shared with your organisation.");
  await dialog.getByRole("button", { name: "Close" }).click();

  const cut = advanceData();
  const [added, changed, removed] = [cutKeys(cut, "added"), cutKeys(cut, "changed"), cutKeys(cut, "removed")];
  expect(changed.length, "the cut changes some adverse events").toBeGreaterThan(0);
  await page.getByRole("button", { name: "Refresh" }).click();
  await studyLoaded(page);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Saved views" }).click();
  const views = /^Saved views of study ONC-101/;
  await expect(page.getByRole("table", { name: views })).toBeVisible({ timeout: 60_000 });
  const header = await page.getByRole("table", { name: views }).locator("thead th").allTextContents();
  const row = (await tableCells(page, views)).find((r) => r[0] === "Every adverse event");
  const cell = (name: string) => row?.[header.findIndex((h) => h.trim() === name)];
  expect([cell("Added"), cell("Changed"), cell("Removed")]).toEqual(
    [added.length, changed.length, removed.length].map(String),
  );

  // Its page says so, and its count of changed events opens exactly them in Changes.
  await page.getByRole("link", { name: "Every adverse event" }).click();
  await expect(page.getByRole("heading", { level: 3, name: "Every adverse event" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("status").filter({ hasText: "changed since it was saved" })).toContainText(
    `${added.length} added, ${changed.length} changed, ${removed.length} removed`,
  );
  await page
    .getByRole("table", { name: /^Changes since saved in view Every adverse event/ })
    .getByRole("row", { name: /^Adverse events/ })
    .locator("td")
    .nth(2)
    .getByRole("link")
    .click();
  await expect
    .poll(async () => (await listedRows(page, CHANGES)).map((r) => r.key).sort(), { timeout: 30_000 })
    .toEqual(changed);

  // Opened as saved: the events of then, read-only; with the latest data: the events now.
  await page.goBack();
  await page.getByRole("link", { name: /^Open as saved/ }).click();
  await expect(page.getByText("A past snapshot")).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => listedEvents(page), { timeout: 30_000 }).toBe(before);
  await page.goBack();
  await page.getByRole("link", { name: "Open with the latest data" }).click();
  await expect(page.getByRole("table", { name: LISTING })).toBeVisible({ timeout: 60_000 });
  expect(new URL(page.url()).searchParams.has("snapshot")).toBe(false);
  await expect.poll(() => listedEvents(page), { timeout: 30_000 }).toBe(before + added.length - removed.length);

  // A colleague of the same organisation sees the shared view, not as theirs.
  const colleague = await browser.newPage();
  await openListing(colleague, "view-colleague");
  await colleague
    .getByRole("navigation", { name: "Study sections" })
    .getByRole("link", { name: "Saved views" })
    .click();
  await expect(colleague.getByRole("table", { name: views })).toBeVisible({ timeout: 60_000 });
  const shared = (await tableCells(colleague, views)).find((r) => r[0] === "Every adverse event");
  expect(shared).toBeDefined();
  expect(shared?.[header.findIndex((h) => h.trim() === "Saved by")]).not.toContain("(you)");
});

test("a data-check finding new since the last review: the overview counts it, its count opens it", async ({ page }) => {
  test.setTimeout(240_000);
  // Landing on the study's overview checks its data first; then one mark makes the reader's last review.
  await openListing(page, "finding-reviewer");
  const row = page.getByRole("table", { name: LISTING }).locator("tbody tr").first();
  await row.getByRole("button", { name: /^Mark reviewed: adverse event / }).click();
  await expect(row.getByRole("button", { name: /^Unmark: adverse event / })).toBeVisible();

  const key = removeGrade();
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Overview" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Overview" })).toBeVisible();
  await page.getByRole("button", { name: "Refresh" }).click();
  await studyLoaded(page);

  // Exactly one finding is new: the event whose grade was taken away, under its rule.
  const found = page
    .getByRole("heading", { level: 3, name: "New data-check findings" })
    .locator("xpath=following-sibling::*[1]");
  await expect(found).toContainText(/^1 finding of [\d,]+ first found since your last review, by rule:$/, {
    timeout: 60_000,
  });
  const rule = page.getByRole("listitem").filter({ hasText: /^1 finding: Adverse event without a grade$/ });
  await rule.getByRole("link", { name: "1 finding" }).click();

  await expect(page).toHaveURL(/\/data-checks\?rule=ae-no-grade&fd_f_status=/);
  const caption = /^Findings of study ONC-101: rule "Adverse event without a grade"/;
  await expect(page.getByRole("table", { name: caption })).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(async () => (await tableCells(page, caption)).map((r) => [r[0], r[3], r[6]]), { timeout: 30_000 })
    .toEqual([["New since your last review", "Adverse event without a grade", key]]);
  // First found: the time of the data loaded by Refresh, after the mark.
  const [cells] = await tableCells(page, caption);
  expect(cells[1]).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);

  // Marked seen, it is no longer new: the overview says so.
  await page.getByRole("button", { name: `Mark seen: finding "Adverse event without a grade" on ${key}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked 1 finding seen." })).toBeVisible();
  // Rows of data, not the line saying that none matches the filters.
  const shown = async () => (await tableCells(page, caption)).filter((r) => r.length > 1);
  await expect.poll(async () => (await shown()).length, { timeout: 30_000 }).toBe(0);
  // A table of ten rows or fewer has no filter row: the filter is in its address.
  const seen = new URL(page.url());
  seen.searchParams.set("fd_f_status", "=Seen");
  await page.goto(seen.toString());
  await expect.poll(async () => (await shown()).map((r) => [r[0], r[6]]), { timeout: 30_000 }).toEqual([["Seen", key]]);
  await page.getByRole("navigation", { name: "Study sections" }).getByRole("link", { name: "Overview" }).click();
  await expect(found).toContainText(/^No data-check finding is new since your last review/, { timeout: 60_000 });
});

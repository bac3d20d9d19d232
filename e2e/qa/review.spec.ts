/**
 * QA: a reviewer's week on the QA study, each step undone so that the suite leaves nothing behind (docs/qa-suite.md):
 * an adverse event marked reviewed and unmarked; a comment written on it, read back, and withdrawn; the listing saved
 * as a private view, found among the saved views, opened with the latest data, and deleted. A failure on the way
 * still undoes what was done.
 */
import type { Page } from "@playwright/test";
import { DataTable } from "../pages/DataTable";
import { deleteView, RecordRow, saveView } from "../pages/Review";
import { CAPTIONS } from "../pages/views";
import { expect, test } from "./fixtures";

test("marking, commenting and a saved view, each undone", async ({ page, study, qaConnection }) => {
  test.setTimeout(180_000);
  await study.openFromStudies(qaConnection.name);
  await study.section("Adverse events");
  const listing = new DataTable(page, CAPTIONS.aeListing);
  const row = new RecordRow(listing.table.locator("tbody tr").first());
  const words = `QA check ${Date.now()}`;
  const name = `qa-view-${Date.now()}`;
  try {
    await row.mark();
    await row.unmark();

    const thread = await row.openComments(page);
    await thread.write(words);
    await expect(thread.comment(words)).toBeVisible();
    await thread.withdraw(words);
    await thread.close();

    await saveView(page, name);
    await study.section("Saved views");
    const views = new DataTable(page, CAPTIONS.savedViews);
    await expect(views.table.getByRole("row", { name: new RegExp(`^${name}`) })).toContainText("Only the owner");
    await views.table.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
    await expect(page.getByText("Nothing it shows has changed since it was saved.")).toBeVisible();
    await page.getByRole("link", { name: "Open with the latest data" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Adverse events" })).toBeVisible();
    await page.goBack();
    await deleteView(page);
    await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  } finally {
    await undo(page, study.path, row, words, name);
  }
});

/** Whatever the test left (a mark, the comment, the view) removed again, through the pages, as a user would. */
async function undo(page: Page, studyPath: string, row: RecordRow, words: string, name: string) {
  await page.keyboard.press("Escape");
  if (await row.isMarked().catch(() => false)) await row.unmark();
  if (await row.row.count()) {
    const thread = await row.openComments(page).catch(() => null);
    if (thread && (await thread.comment(words).count())) await thread.withdraw(words);
    await thread?.close();
  }
  await page.goto(`${studyPath}/views`);
  const left = page.getByRole("link", { name, exact: true });
  if (await left.count()) {
    await left.click();
    await deleteView(page);
  }
}

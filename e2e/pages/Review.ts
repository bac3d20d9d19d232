/**
 * The review controls of the portal (docs/review.md): a record's Review cell (Mark, Unmark, its comments button),
 * the comments dialog (write, withdraw), and Save view with the saved views. Their wording is here only.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** A row's review buttons, named for screen readers with the record they act on. */
export const REVIEW_BUTTONS = {
  mark: /^Mark reviewed: /,
  unmark: /^Unmark: /,
  comments: /^(Add a comment on|Comments on) /,
} as const;

export class RecordRow {
  constructor(readonly row: Locator) {}

  /** The row's Review cell: its status words ("Not reviewed", "Reviewed", "Changed since reviewed"). */
  reviewCell(): Locator {
    return this.row.locator("td").first();
  }

  async mark(): Promise<void> {
    await this.row.getByRole("button", { name: REVIEW_BUTTONS.mark }).click();
    await expect(this.row.getByRole("button", { name: REVIEW_BUTTONS.unmark })).toBeVisible();
    await expect(this.reviewCell()).toContainText("Reviewed");
  }

  async unmark(): Promise<void> {
    await this.row.getByRole("button", { name: REVIEW_BUTTONS.unmark }).click();
    await expect(this.row.getByRole("button", { name: REVIEW_BUTTONS.mark })).toBeVisible();
    await expect(this.reviewCell()).toContainText("Not reviewed");
  }

  /** Whether the row's record is marked (its Unmark button is there). */
  async isMarked(): Promise<boolean> {
    return (await this.row.getByRole("button", { name: REVIEW_BUTTONS.unmark }).count()) > 0;
  }

  /** Opens the record's comments in their dialog. */
  async openComments(page: Page): Promise<CommentDialog> {
    await this.row.getByRole("button", { name: REVIEW_BUTTONS.comments }).click();
    const dialog = new CommentDialog(page.getByRole("dialog", { name: /^Comments on / }));
    await expect(dialog.dialog).toBeVisible();
    return dialog;
  }
}

export class CommentDialog {
  constructor(readonly dialog: Locator) {}

  async write(text: string): Promise<void> {
    await this.dialog.getByLabel("Your comment").fill(text);
    await this.dialog.getByRole("button", { name: "Add comment" }).click();
    await expect(this.dialog.getByRole("status")).toHaveText("Your comment was added.");
  }

  /** The comment whose words are `text`, as listed. */
  comment(text: string): Locator {
    return this.dialog.getByRole("listitem").filter({ hasText: text });
  }

  /** Withdraws the reader's own comment whose words are `text`. */
  async withdraw(text: string): Promise<void> {
    await this.comment(text)
      .getByRole("button", { name: /^Withdraw your comment/ })
      .click();
    await expect(this.dialog.getByRole("status")).toHaveText("Your comment was withdrawn.");
    await expect(this.comment(text)).toHaveCount(0);
  }

  async close(): Promise<void> {
    await this.dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(this.dialog).toHaveCount(0);
  }
}

/** Save view, on any page of a study: the page kept under a name, for the user or shared. */
export async function saveView(page: Page, name: string, shared = false): Promise<void> {
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this view" });
  await dialog.getByLabel("Name").fill(name);
  if (shared) await dialog.getByLabel("Share with my organisation").check();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText(
    shared ? "Saved, shared with your organisation." : "Saved for you.",
  );
  await dialog.getByRole("button", { name: "Close" }).click();
}

/** On a saved view's own page: deletes it (confirmed), back on the saved views. */
export async function deleteView(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Delete view" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/views$/);
}

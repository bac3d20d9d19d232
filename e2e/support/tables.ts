/**
 * A portal table's rows all on screen, whatever its size (docs/design.md, Tables): a table of ten rows or fewer is
 * lean (no search, no filter row, no pager: it shows every row), a larger one has a pager whose page size is chosen.
 */
import { expect, type Locator } from "@playwright/test";

/** The most rows a table shows without a search, filter row or pager (components/data-table/lean.ts). */
export const LEAN_MAX_ROWS = 10;

/** The table with its toolbar and pager: its scroll box's parent. */
export const tableContainer = (table: Locator) => table.locator("xpath=../..");

/** A table's "Rows a–b …" status. */
export const rowStatus = (table: Locator) =>
  tableContainer(table)
    .getByRole("status")
    .filter({ hasText: /^Rows / });

/**
 * Shows the `n` rows of a table on one page and checks them: a lean table shows them all with no pager, no filter
 * row and no search; a larger one is set to 100 rows a page, and its status reads "Rows 1–n of n" (`status`: its
 * text where the page states the count itself, "Rows 1–n").
 */
export async function showAllRows(table: Locator, n: number, status = `Rows 1–${n} of ${n}`): Promise<void> {
  await expect(table).toBeVisible({ timeout: 60_000 });
  const container = tableContainer(table);
  if (n <= LEAN_MAX_ROWS) {
    await expect(table.locator("tbody tr")).toHaveCount(Math.max(1, n));
    await expect(rowStatus(table)).toHaveCount(0);
    await expect(container.getByLabel("Rows per page")).toHaveCount(0);
    await expect(container.getByLabel(/^Filter /)).toHaveCount(0);
    await expect(container.getByLabel("Search all columns")).toHaveCount(0);
    return;
  }
  await container.getByLabel("Rows per page").selectOption("100");
  await expect(rowStatus(table)).toHaveText(status, { timeout: 30_000 });
  await expect(table.locator("tbody tr")).toHaveCount(Math.min(n, 100));
}

/**
 * Every row of a table of at most 100 rows on one page, whatever its size or its count's place: a lean table's
 * rows as they are; a larger one set to 100 rows a page, its pager then at its only page ("Page 1 of 1") and its
 * status "Rows 1–n of n", or "Rows 1–n" where its caption states the count.
 */
export async function everyRowShown(table: Locator): Promise<Locator> {
  await expect(table).toBeVisible({ timeout: 60_000 });
  const container = tableContainer(table);
  const size = container.getByLabel("Rows per page");
  if ((await size.count()) === 0) {
    await expect(rowStatus(table)).toHaveCount(0);
    expect(await table.locator("tbody tr").count()).toBeLessThanOrEqual(LEAN_MAX_ROWS);
    return table;
  }
  await size.selectOption("100");
  await expect(container.getByText(/^Page 1 of 1$/)).toBeVisible({ timeout: 30_000 });
  await expect(rowStatus(table)).toHaveText(/^Rows 1–(\d+)(?: of \1)?$/);
  return table;
}

/**
 * A table holds `n` rows, none hidden by a filter of its own: a lean one (ten rows or fewer) shows them all and no
 * status; a larger one's status ends "of n".
 */
export async function expectRowTotal(table: Locator, n: number): Promise<void> {
  await expect(table).toBeVisible({ timeout: 60_000 });
  if (n <= LEAN_MAX_ROWS) {
    await expect(table.locator("tbody tr")).toHaveCount(Math.max(1, n));
    await expect(rowStatus(table)).toHaveCount(0);
  } else await expect(rowStatus(table)).toHaveText(new RegExp(`of ${n.toLocaleString("en")}$`), { timeout: 30_000 });
}

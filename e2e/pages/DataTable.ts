/**
 * A table of the portal (components/data-table): its caption, its "Rows a–b of n" status, its page size and
 * pages, and its body cells as text. Browser tables and server-paged ones read the same way.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { ExportControl } from "./ExportControl";

/** A server's table asks the server for each page. */
const PAGE_TIMEOUT = 30_000;

/** Whether "Rows a–b of n" shows the last rows: read from the text, not from a button the script may not yet run. */
export function isLastPage(status: string): boolean {
  const m = /^Rows [\d,]+–([\d,]+) of ([\d,]+)/.exec(status);
  if (!m) throw new Error(`Not a table's row status: "${status}"`);
  return m[1] === m[2];
}

export class DataTable {
  readonly table: Locator;
  /** The table with its toolbar (search, export) and pager: the table's wrapper's parent. */
  readonly container: Locator;

  /** `scope`: where the table is (a figure, a region), the page by default. */
  constructor(scope: Page | Locator, caption: string | RegExp) {
    this.table = scope.getByRole("table", { name: caption });
    this.container = this.table.locator("xpath=../..");
  }

  /** The table's "Rows a–b of n" status. */
  status(): Locator {
    return this.container.getByRole("status").filter({ hasText: /^Rows / });
  }

  /** n of "Rows a–b of n": the rows the table holds after its filters. */
  async total(): Promise<number> {
    await expect(this.status()).toBeVisible({ timeout: 120_000 });
    const m = /of ([\d,]+)/.exec((await this.status().textContent()) ?? "");
    return Number(m?.[1].replace(/,/g, "") ?? Number.NaN);
  }

  /** The text of every body cell, row by row, of the page shown. */
  async cells(): Promise<string[][]> {
    await expect(this.table).toBeVisible({ timeout: 120_000 });
    return this.table
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")));
  }

  /**
   * Shows up to `size` rows a page and waits until the page shows them. The choice waits for the page's script (the
   * control is disabled until then); a server's table then asks the server for the new page, which a busy
   * deployment can take a while to answer.
   */
  async pageSize(size: 10 | 25 | 50 | 100): Promise<void> {
    const total = await this.total();
    await this.container.getByLabel("Rows per page").selectOption(String(size));
    await expect(this.status()).toHaveText(
      new RegExp(`^Rows 1–${Math.min(size, total)} of ${total.toLocaleString("en")}\\b`),
      { timeout: PAGE_TIMEOUT },
    );
  }

  /** Every row, page after page by Next page. */
  async allRows(): Promise<string[][]> {
    const out: string[][] = [];
    for (;;) {
      const shown = (await this.status().textContent()) ?? "";
      out.push(...(await this.cells()));
      if (isLastPage(shown)) return out;
      await this.container.getByRole("button", { name: "Next page" }).click();
      await expect(this.status()).not.toHaveText(shown, { timeout: PAGE_TIMEOUT });
    }
  }

  /** The table's export control (its toolbar's "Export <caption>"). */
  exportControl(): ExportControl {
    return new ExportControl(this.container.getByRole("group", { name: /^Export / }));
  }
}

/**
 * A table of the portal (components/data-table): its caption, its "Rows a–b of n" status, its page size and
 * pages, its Columns chooser, and its body cells as text. Browser tables and server-paged ones read the same way.
 * A table of ten rows or fewer is lean: no pager, no status, every row shown (docs/design.md, Tables); where the
 * page states a table's count (its caption's "(n)", the AE listing's line of events), the status is "Rows a–b".
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { ExportControl } from "./ExportControl";

/** A server's table asks the server for each page. */
const PAGE_TIMEOUT = 30_000;

/**
 * Whether the status shows the last rows: read from the text, not from a button the script may not yet run.
 * "Rows a–b of n" says it; "Rows a–b" (the page states the count) with the table's `total`.
 */
export function isLastPage(status: string, total?: number): boolean {
  const m = /^Rows [\d,]+–([\d,]+)(?: of ([\d,]+))?/.exec(status);
  if (!m) throw new Error(`Not a table's row status: "${status}"`);
  const last = Number(m[1].replace(/,/g, ""));
  if (m[2] !== undefined) return last === Number(m[2].replace(/,/g, ""));
  if (total === undefined) throw new Error(`"${status}" states no count, and the table's total is not known`);
  return last === total;
}

export interface DataTableOptions {
  /** Where the page states the table's count outside its caption (the AE listing's line of events): that count. */
  stated?: () => Promise<number>;
}

export class DataTable {
  readonly table: Locator;
  /** The table with its toolbar (search, export) and pager: the table's wrapper's parent. */
  readonly container: Locator;

  /** `scope`: where the table is (a figure, a region), the page by default. */
  constructor(
    scope: Page | Locator,
    caption: string | RegExp,
    private readonly options: DataTableOptions = {},
  ) {
    this.table = scope.getByRole("table", { name: caption });
    this.container = this.table.locator("xpath=../..");
  }

  /** Whether the table is lean: it has no pager, for it shows its every row (ten or fewer). */
  async isLean(): Promise<boolean> {
    await expect(this.table).toBeVisible({ timeout: 120_000 });
    return (await this.container.getByLabel("Rows per page").count()) === 0;
  }

  /** The table's "Rows a–b of n" status. */
  status(): Locator {
    return this.container.getByRole("status").filter({ hasText: /^Rows / });
  }

  /**
   * The rows the table holds after its filters: n of "Rows a–b of n"; where the status does not repeat the count
   * the page states, that count (the caption's "(n)", or the options' `stated`); a lean table's rows.
   */
  async total(): Promise<number> {
    if (await this.isLean()) {
      const empty = await this.table.locator("tbody td[colspan]").count();
      return empty > 0 ? 0 : this.table.locator("tbody tr").count();
    }
    await expect(this.status()).toBeVisible({ timeout: 120_000 });
    const m = /of ([\d,]+)/.exec((await this.status().textContent()) ?? "");
    if (m) return Number(m[1].replace(/,/g, ""));
    if (this.options.stated) return this.options.stated();
    const caption = (await this.table.locator("caption").textContent()) ?? "";
    return Number(/\(([\d,]+)\)\s*$/.exec(caption.trim())?.[1].replace(/,/g, "") ?? Number.NaN);
  }

  /**
   * The value of every body cell, row by row, of the page shown: its text without the words of its buttons (a
   * row's "Mark" is a control, not data: docs/review.md).
   */
  async cells(): Promise<string[][]> {
    await expect(this.table).toBeVisible({ timeout: 120_000 });
    return this.table.locator("tbody tr").evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll("td")].map((td) => {
          const value = td.cloneNode(true) as HTMLElement;
          for (const button of value.querySelectorAll("button")) button.remove();
          return value.textContent?.trim() ?? "";
        }),
      ),
    );
  }

  /**
   * Shows up to `size` rows a page and waits until the page shows them. The choice waits for the page's script (the
   * control is disabled until then); a server's table then asks the server for the new page, which a busy
   * deployment can take a while to answer.
   */
  async pageSize(size: 10 | 25 | 50 | 100): Promise<void> {
    // A lean table shows every row: there is no page size to choose.
    if (await this.isLean()) return;
    const total = await this.total();
    await this.container.getByLabel("Rows per page").selectOption(String(size));
    await expect(this.status()).toHaveText(
      new RegExp(`^Rows 1–${Math.min(size, total).toLocaleString("en")}(?: of ${total.toLocaleString("en")})?(?!\\d)`),
      { timeout: PAGE_TIMEOUT },
    );
  }

  /** Every row, page after page by Next page. */
  async allRows(): Promise<string[][]> {
    if (await this.isLean()) return this.cells();
    const total = await this.total();
    const out: string[][] = [];
    for (;;) {
      const shown = (await this.status().textContent()) ?? "";
      out.push(...(await this.cells()));
      if (isLastPage(shown, total)) return out;
      await this.container.getByRole("button", { name: "Next page" }).click();
      await expect(this.status()).not.toHaveText(shown, { timeout: PAGE_TIMEOUT });
    }
  }

  /**
   * Shows every column: a wide table hides some behind its Columns chooser (its defaults or the reader's choice),
   * while its export writes them all. Checks each box that is not, and waits until the header has every column.
   */
  async showAllColumns(): Promise<void> {
    const chooser = this.container
      .locator("details")
      // A `has` locator is read from inside each details, so it starts from the page, not from the container.
      .filter({ has: this.table.page().locator("summary", { hasText: /^Columns \(/ }) });
    if ((await chooser.count()) === 0) return;
    const summary = chooser.locator("summary");
    if ((await chooser.getAttribute("open")) === null) await summary.click();
    const boxes = chooser.getByRole("checkbox");
    for (let i = 0; i < (await boxes.count()); i++) if (!(await boxes.nth(i).isChecked())) await boxes.nth(i).check();
    await expect(summary).toHaveText(/^Columns \((\d+) of \1 shown\)$/);
  }

  /** The table's export control (its toolbar's "Export <caption>"). */
  exportControl(): ExportControl {
    return new ExportControl(this.container.getByRole("group", { name: /^Export / }));
  }
}

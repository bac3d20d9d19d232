/**
 * A chart panel (components/charts/ChartPanel.tsx): the figure, its data table (the chart's text alternative)
 * and the export of that data.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { DataTable } from "./DataTable";
import { ExportControl } from "./ExportControl";

export class ChartPanel {
  readonly figure: Locator;

  constructor(page: Page, name: string | RegExp) {
    this.figure = page.getByRole("figure", { name });
  }

  /** Opens the data table under the chart and answers it. */
  async dataTable(): Promise<DataTable> {
    await expect(this.figure).toBeVisible({ timeout: 120_000 });
    const show = this.figure.getByRole("button", { name: "Show data table" });
    if (await show.isVisible()) await show.click();
    const table = new DataTable(this.figure, /^Data of the chart/);
    await expect(table.table).toBeVisible();
    return table;
  }

  exportControl(): ExportControl {
    return new ExportControl(this.figure.getByRole("group", { name: /^Export the data of the chart/ }));
  }
}

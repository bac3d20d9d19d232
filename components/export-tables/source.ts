/** A table's export: from the user's study and the page's request to the table as the page shows it. */

import type { TableRequest } from "@/lib/export/export-sources";
import type { ExportTable } from "@/lib/export/export-table";
import type { UserStudy } from "@/lib/study-views/open-user-study";

export type Source = (access: UserStudy, request: TableRequest) => Promise<ExportTable | undefined>;

/** A view's tables, by "<view>:<table>" (the view's slug below the study, the table's name). */
export type Sources = Record<string, Source>;

/** The argument of a table's ID ("distribution.2" -> "2"), or "" without one. */
export const tableArgument = (table: string) => table.split(".")[1] ?? "";

/** An index argument (a series, a chart of several): a whole number below 1,000, or undefined. */
export function indexArgument(table: string): number | undefined {
  const arg = tableArgument(table);
  return /^\d{1,3}$/.test(arg) ? Number(arg) : undefined;
}

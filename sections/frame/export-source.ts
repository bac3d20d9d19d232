/** A table's export: from the user's study and the page's request to the table as the page shows it. */

import type { TableRequest } from "@/lib/export/export-sources";
import type { ExportTable } from "@/lib/export/export-table";
import type { UserStudy } from "@/lib/study/open-user-study";
import type { ExportKeys } from "./export-keys";

export type Source = (access: UserStudy, request: TableRequest) => Promise<ExportTable | undefined>;

/** A view's tables, by "<view>:<table>" (the view's slug below the study, the table's name). */
export type Sources = Record<string, Source>;

/** A section's export sources, one for each of its declared table IDs (none missing, none unknown), by key. */
export function sourcesOf<Id extends string>(keys: ExportKeys<Id>, sources: Record<Id, Source>): Sources {
  return Object.fromEntries(keys.ids.map((id) => [`${keys.view}:${id}`, sources[id]]));
}

/** The argument of a table's ID ("distribution.2" -> "2"), or "" without one. */
export const tableArgument = (table: string) => table.split(".")[1] ?? "";

/** An index argument (a series, a chart of several): a whole number below 1,000, or undefined. */
export function indexArgument(table: string): number | undefined {
  const arg = tableArgument(table);
  return /^\d{1,3}$/.test(arg) ? Number(arg) : undefined;
}

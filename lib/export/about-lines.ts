/** The About sheet of an Excel export: what the file holds, from which data, for whom, by which portal. */
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import packageJson from "@/package.json";
import type { ExportTable } from "./export-table";
import type { AboutLines } from "./write-xlsx";

export const PORTAL_VERSION: string = packageJson.version;

export interface ExportContext {
  study: string;
  connectionName: string;
  partnerId: string;
  /** Who exported: the account's name and email. */
  user: string;
  exportedAt: Date;
}

/** An instant of the portal's own as a reader's sentence says it, the zone named (docs/design.md, Dates and times). */
const inWords = (at: number | Date) => `${utcDateTimeWords(at instanceof Date ? at.getTime() : at)} UTC`;

export function aboutLines(table: ExportTable, ctx: ExportContext): AboutLines {
  const view = table.filters.length > 0 ? table.filters : ["none: every row of the table"];
  return [
    ["Table", table.title],
    ["Study", ctx.study],
    ["Connection", ctx.connectionName],
    ["Partner ID", ctx.partnerId],
    ["Data as of", inWords(table.asOf)],
    ...(table.snapshot === undefined ? [] : [["Snapshot", table.snapshot] as [string, string]]),
    ...view.map((line): [string, string] => ["Filters and sort", line]),
    ["Rows", table.count],
    ["Portal version", PORTAL_VERSION],
    ["Exported by", ctx.user],
    ["Exported at", inWords(ctx.exportedAt)],
  ];
}

/** The Changes section's exports: the counts per record type and per subject, and the listing, as the page shows. */
import { tableExport } from "@/lib/export/table-export";
import type { TableDef } from "@/lib/tables/table-def";
import { type Source, sourcesOf } from "@/sections/frame/export-source";
import { reviewedTable } from "@/sections/frame/reviewed-table";
import { type ChangesView, loadChanges } from "./load";
import { parseChangesQuery } from "./query";
import {
  CHANGES_TABLES,
  changesListingCaption,
  changesListingDef,
  subjectCountsCaption,
  subjectCountsDef,
  typeCountsCaption,
  typeCountsDef,
} from "./tables";

/**
 * A table of the view with its caption as the file's title (no links: base ""); a table of records with its review
 * column, as the page shows it.
 */
const source =
  <R>(fileLabel: string, def: (view: ChangesView) => TableDef<R>, title: typeof typeCountsCaption): Source =>
  async (access, { params }) => {
    const view = await loadChanges(access, parseChangesQuery(params));
    const table = await reviewedTable(def(view), access);
    return tableExport(table, params, { title: title(view, access.study), fileLabel, asOf: view.asOf });
  };

export const CHANGES_SOURCES = sourcesOf(CHANGES_TABLES, {
  listing: source("changes", (view) => changesListingDef(view, ""), changesListingCaption),
  types: source("changes-per-record-type", (view) => typeCountsDef(view, ""), typeCountsCaption),
  subjects: source("changes-per-subject", (view) => subjectCountsDef(view, "", ""), subjectCountsCaption),
});

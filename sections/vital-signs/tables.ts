/**
 * The vital-signs section's tables as the page shows them and their exports write them: the chosen group's
 * summary by visit (numbers, or counts per text), its distribution chart's boxes, and the listing of its records
 * with the exact filters a summary's count chose, in words.
 */

import { BOX_COLUMNS } from "@/components/charts/box-columns";
import { chartTable } from "@/components/charts/chart-table";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import { vitalGroupLabel } from "@/lib/clinical/vital-signs/groups";
import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";
import type { PlainTable, TableDef } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DEFAULT_PAGE_SIZES } from "@/lib/tables/url-state";
import type { VitalSignsView } from "@/sections/vital-signs/load";
import { NO_RESULT, NO_VISIT, vitalListingColumns } from "./listing-table";
import { type BoxRow, boxRows, LISTING_PREFIX, numberSummaryTable, textSummaryTable } from "./summary-table";

/** The chart's name in the URL. */
export const DISTRIBUTION_ID = "vsdist";
const BOX_TABLE_COLUMNS: DataColumn[] = [{ id: "visit", header: "Visit" }, ...BOX_COLUMNS];

export function vitalSummaryTable(g: VitalGroupSummary, base: string): PlainTable {
  const label = vitalGroupLabel(g);
  const table = g.kind === "number" ? numberSummaryTable(base, g) : textSummaryTable(base, g);
  const caption =
    g.kind === "number"
      ? `${label} by visit (visits in date order)`
      : `${label}: records per text and visit (visits in date order)`;
  return { caption, ...table, urlPrefix: "sum_" };
}

export const distributionTitle = (label: string) => `Distribution of ${label} by visit`;

/** The distribution chart's data table: the boxes as plotted, without their links. */
export function distributionTable(title: string, rows: BoxRow[]): PlainTable {
  const plotted: DataRow[] = rows.map(({ href: _, ...box }) => box);
  return chartTable(DISTRIBUTION_ID, title, BOX_TABLE_COLUMNS, plotted);
}

export function vitalDistribution(g: VitalGroupSummary, base: string): PlainTable {
  return distributionTable(distributionTitle(vitalGroupLabel(g)), boxRows(base, g));
}

export function vitalListingDef(
  view: VitalSignsView,
  g: VitalGroupSummary,
  studyHref: string,
): TableDef<MeasurementRow> {
  const columns = vitalListingColumns(g.kind, studyHref);
  const state = { columns: columns.map((c) => c.id), pageSizes: [...DEFAULT_PAGE_SIZES], prefix: LISTING_PREFIX };
  return { columns, rows: view.listing, state };
}

/** The listing's exact filters in words: "of visit Week 2", "of result "normal"". */
export function listingNarrowing(filter: VitalSignsView["filter"]): string[] {
  const { visit, value, ranged } = filter;
  return [
    visit !== undefined ? `of visit ${visit ?? NO_VISIT}` : null,
    value !== undefined ? `of result "${value ?? NO_RESULT}"` : null,
    ranged ? "with a reference range that has a bound (flagged L, N or H)" : null,
  ].filter((x) => x !== null);
}

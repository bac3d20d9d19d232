/**
 * The chosen group's distribution chart by visit (./tables.ts): its boxes, each opening the listing of its visit's
 * records, and its data table.
 */

import { BOX_COLUMNS, boxTableRow } from "@/components/charts/box-columns";
import { chartTable } from "@/components/charts/chart-table";
import type { BoxStats } from "@/lib/clinical/laboratory/stats";
import { vitalGroupLabel } from "@/lib/clinical/vital-signs/groups";
import { roundSummary, roundTo } from "@/lib/clinical/vital-signs/stats";
import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { DISTRIBUTION_ID, visitListingHref } from "./query";
import { countedOnly, NO_VISIT } from "./tables";

/**
 * One box per visit, the values rounded as in the summary table (quartiles like the median; the whisker ends and
 * outliers, values of the data, like the min and max).
 */
export interface BoxRow extends BoxStats {
  visit: string;
  n: number;
  /** The listing of the visit's records. */
  href: string;
}

export function boxRows(base: string, g: VitalGroupSummary): BoxRow[] {
  const decimals = g.numbers?.decimals ?? 0;
  return (g.numbers?.visits ?? []).map((v) => {
    const { n, min, q1, median, q3, max } = roundSummary(v.summary, decimals);
    const { whiskerLow, whiskerHigh, outliers } = v.whiskers;
    const [low, high] = [roundTo(whiskerLow, decimals), roundTo(whiskerHigh, decimals)];
    const href = visitListingHref(base, g, { visit: v.visit, counted: countedOnly(g) });
    const rounded = outliers.map((o) => roundTo(o, decimals));
    const box = { min, whiskerLow: low, q1, median, q3, whiskerHigh: high, max, outliers: rounded };
    return { visit: v.visit ?? NO_VISIT, n, ...box, href };
  });
}

const BOX_TABLE_COLUMNS: DataColumn[] = [{ id: "visit", header: "Visit" }, ...BOX_COLUMNS];

export const distributionTitle = (label: string) => `Distribution of ${label} by visit`;

/** The distribution chart's data table: the boxes as plotted, without their links. */
export function distributionTable(title: string, rows: BoxRow[]): PlainTable {
  const plotted: DataRow[] = rows.map(({ href: _, ...box }) => boxTableRow(box));
  return chartTable(DISTRIBUTION_ID, title, BOX_TABLE_COLUMNS, plotted);
}

export function vitalDistribution(g: VitalGroupSummary, base: string): PlainTable {
  return distributionTable(distributionTitle(vitalGroupLabel(g)), boxRows(base, g));
}

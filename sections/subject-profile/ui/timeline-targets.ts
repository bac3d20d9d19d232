/**
 * A timeline item as the browser gets it (./timeline-items.ts makes them on
 * the server), and where a click on it, or on a trend point, leads: what the
 * browser can work out from an item without its being sent.
 */

import { chartDataId } from "@/components/charts/chart-data-id";
import { exactFilter } from "@/lib/tables/filters";
import { chartTableParam, RECORD_TABLES, TREND_CHART } from "../query";

export interface TimelineItem {
  kind: "adverse-event" | "medication" | "assessment" | "laboratory";
  /** The legend entry: `Grade 3`, `Study medication`, `Partial Response`, `Laboratory visit`... */
  series: string;
  lane: number;
  /** The record's study days: its start (or date), and its recorded end when it ended (null otherwise). */
  startDay: number;
  endDay: number | null;
  /** Where it is drawn, in study days (a marker has from = to; a span begun before the first day is clipped). */
  from: number;
  to: number;
  /** What the drawn end means for a span (`ongoing`, `open-ended`, `ended`...); "" for a marker. */
  ending: string;
  /** Drawn next to the item, so that colour is never the only clue: `G3`, `PR`, `BL`. */
  label: string;
  record: string;
  /** The record's fields, for the tooltip. */
  details: [string, string][];
  /** A medication's drug: a click filters the medications table by it (the table has no record ID). */
  drug?: string;
  /** A laboratory visit's first column in the subject's grid (from 0): a click opens the grid's page of it. */
  gridColumn?: number;
  /**
   * A response assessment against the response recomputed at it, in the data table's words (`= same`,
   * `≠ recomputed: Stable Disease`); none where nothing was recomputed (../assessment-checks.ts).
   */
  check?: string;
  /** The signed conclusion differs from the recomputed response: the marker is ringed, its label `PR≠SD`. */
  differs?: true;
}

/** Unique on the chart: kind and record key. */
export const itemId = (item: Pick<TimelineItem, "kind" | "record">) => `${item.kind}:${item.record}`;

/**
 * Where a click leads: a table below, filtered to exactly this record (`open`: the URL parameter that opens it
 * first, for a chart's data table), a visit's column of the laboratory grid (on its page), or a part of the page.
 */
export type ItemTarget =
  | { prefix: string; column: string; value: string; anchor: string; open?: string }
  | { gridColumn: number }
  | { anchor: string };
/**
 * A target in the page's flow: a table's record, or a part of the page (sections/subject-profile/ui/open-target.ts).
 *
 */
export type AnchorTarget = Extract<ItemTarget, { anchor: string }>;

/** The trend's own record in the trend's data table (ChartPanel "trend"), exactly: a vital sign has no grid. */
export const trendRecordTarget = (id: string): AnchorTarget => ({
  prefix: `${TREND_CHART}_`,
  column: "record",
  value: exactFilter(id),
  anchor: chartDataId(TREND_CHART),
  open: chartTableParam(TREND_CHART),
});

/** An adverse event in the profile's table, exactly (an `=` filter: `AE1` must not open `AE10` too). */
export const aeTarget = (key: string): AnchorTarget => ({
  ...RECORD_TABLES.adverseEvents,
  column: "key",
  value: exactFilter(key),
});

export function itemTarget(item: TimelineItem): ItemTarget {
  // Exactly this record (an `=` filter), as aeTarget.
  if (item.kind === "adverse-event") return aeTarget(item.record);
  if (item.kind === "assessment")
    return { ...RECORD_TABLES.assessments, column: "key", value: exactFilter(item.record) };
  if (item.kind === "medication")
    return { ...RECORD_TABLES.medications, column: "drug", value: exactFilter(item.drug ?? "") };
  // A laboratory visit: its column of the grid; without one (no grid), the laboratory section.
  return item.gridColumn === undefined
    ? { anchor: RECORD_TABLES.measurements.anchor }
    : { gridColumn: item.gridColumn };
}

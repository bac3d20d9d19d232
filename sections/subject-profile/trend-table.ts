/**
 * The trend chart's data (./ui/TrendChart.tsx), one click away, as the page shows it and its export writes it: a row
 * per plotted point (its series, time, study day, plotted value, flag and the band drawn for its record) and a row
 * per adverse-event onset marked on the time axis (docs/clinical-rules.md, Trends of one subject). No imports of
 * React: the chart, a client component, and the server's export share it.
 */

import { chartTable } from "@/components/charts/chart-table";
import { ULN_MEANING } from "@/components/data-table/abbreviations";
import type { AeOnset } from "@/lib/clinical/adverse-events/onsets";
import { displayDateTime } from "@/lib/clinical/common/date-time";
import { unitOrNone } from "@/lib/clinical/common/units";
import type { Trend } from "@/lib/clinical/subjects/trend-series";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { dayOf } from "@/sections/frame/record-rows";
import { TREND_CHART } from "./query";

export const AE_SERIES = "Adverse-event onset";

export function trendColumns(trend: Trend): DataColumn[] {
  const uln = trend.scale === "uln";
  const tip = uln ? ULN_MEANING : undefined;
  return [
    { id: "series", header: "Series" },
    // The site's time as sent, without an offset (docs/design.md, Dates and times).
    { id: "collectedAt", header: "Collected (site time) or AE start" },
    { id: "studyDay", header: "Study day", type: "number" },
    { id: "visit", header: "Visit" },
    { id: "value", header: uln ? "Plotted ×ULN" : "Plotted value", type: "number", description: tip },
    ...(uln ? [{ id: "result", header: "Result", type: "number" as const }] : []),
    { id: "unit", header: "Unit" },
    { id: "flag", header: "Flag" },
    { id: "bandLow", header: uln ? "Band low (×ULN)" : "Band low", type: "number", description: tip },
    { id: "bandHigh", header: uln ? "Band high (×ULN)" : "Band high", type: "number", description: tip },
    { id: "range", header: "Reference range" },
    { id: "event", header: "Adverse event" },
    { id: "record", header: "Record" },
  ];
}

/**
 * The rows; `dayOne` is the subject's study day 1 (the timeline's; null: none, and no study days), from which each
 * collection and onset gets its study day (docs/clinical-rules.md, Study medication and study day 1: no day 0).
 */
export function trendRows(trend: Trend, onsets: readonly AeOnset[], dayOne: string | null): DataRow[] {
  const day = dayOf(dayOne);
  const rows: DataRow[] = [];
  for (const s of trend.series)
    for (const p of s.points)
      rows.push({
        series: s.label,
        collectedAt: displayDateTime(p.collectedAt),
        studyDay: day(p.collectedAt),
        visit: p.visit,
        value: p.value,
        ...(trend.scale === "uln" ? { result: p.raw } : {}),
        unit: p.unit === null ? null : unitOrNone(p.unit),
        flag: p.flag === "H" || p.flag === "L" ? p.flag : null,
        bandLow: p.band?.low ?? null,
        bandHigh: p.band?.high ?? null,
        range: p.range,
        event: null,
        record: p.id,
      });
  for (const o of onsets)
    rows.push({
      series: AE_SERIES,
      collectedAt: displayDateTime(o.start),
      studyDay: day(o.start),
      visit: null,
      value: null,
      ...(trend.scale === "uln" ? { result: null } : {}),
      unit: null,
      flag: null,
      bandLow: null,
      bandHigh: null,
      range: null,
      event: `${o.term}${o.grade === null ? ", grade missing" : `, grade ${o.grade}`}`,
      record: o.key,
    });
  return rows;
}

export const trendTitle = (trend: Trend, subject: string) =>
  `${trend.test} of subject ${subject}, ${trend.scale === "uln" ? "× ULN" : "raw values"}`;

/** The chart's data table: every plotted point and onset, each with its study day from `dayOne` (null: none). */
export function trendTable(
  trend: Trend,
  onsets: readonly AeOnset[],
  subject: string,
  dayOne: string | null,
): PlainTable {
  return chartTable(TREND_CHART, trendTitle(trend, subject), trendColumns(trend), trendRows(trend, onsets, dayOne));
}

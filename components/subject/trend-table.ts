/**
 * The trend chart's data, one click away: a row per plotted point (its series,
 * time, plotted value, flag and the band drawn for its record) and a row per
 * adverse-event onset marked on the time axis. Also the chart's time domain,
 * so that every point, band and onset is inside it.
 */
import type { AeOnset } from "@/lib/clinical/ae-onsets";
import type { Trend } from "@/lib/clinical/trend-series";
import type { DataColumn, DataRow } from "@/lib/tables/types";

export const AE_SERIES = "Adverse-event onset";

/** The calendar date of a time on the axis (the axis holds wall-clock times as UTC). */
export const axisDate = (t: number) => new Date(t).toISOString().slice(0, 10);

export function trendColumns(trend: Trend): DataColumn[] {
  const uln = trend.scale === "uln";
  return [
    { id: "series", header: "Series" },
    { id: "collectedAt", header: "Collected (or AE start)" },
    { id: "visit", header: "Visit" },
    { id: "value", header: uln ? "Plotted ×ULN" : "Plotted value", type: "number" },
    ...(uln ? [{ id: "result", header: "Result", type: "number" as const }] : []),
    { id: "unit", header: "Unit" },
    { id: "flag", header: "Flag" },
    { id: "bandLow", header: uln ? "Band low (×ULN)" : "Band low", type: "number" },
    { id: "bandHigh", header: uln ? "Band high (×ULN)" : "Band high", type: "number" },
    { id: "range", header: "Reference range" },
    { id: "event", header: "Adverse event" },
    { id: "record", header: "Record" },
  ];
}

export function trendRows(trend: Trend, onsets: readonly AeOnset[]): DataRow[] {
  const rows: DataRow[] = [];
  for (const s of trend.series)
    for (const p of s.points)
      rows.push({
        series: s.label,
        collectedAt: p.collectedAt,
        visit: p.visit,
        value: p.value,
        ...(trend.scale === "uln" ? { result: p.raw } : {}),
        unit: p.unit,
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
      collectedAt: o.start,
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

/** From the earliest to the latest of the points, their bands and the onsets; null when there is nothing. */
export function timeDomain(trend: Trend, onsets: readonly AeOnset[]): [number, number] | null {
  const times: number[] = onsets.map((o) => o.t);
  for (const s of trend.series)
    for (const p of s.points) {
      times.push(p.t);
      if (p.band) times.push(p.band.x1, p.band.x2);
    }
  if (times.length === 0) return null;
  return [Math.min(...times), Math.max(...times)];
}

/**
 * What a subject's lesion chart plots, shaped on the server: at each assessment from baseline on (its days since
 * baseline), each target lesion's measurement as sent, the target sum as recomputed and as reported, and the nadir
 * the recomputed response used (the smallest known sum before the assessment). The data table has exactly the
 * plotted values, one row per point, each opening its assessment's row in the page's assessment table.
 */

import type { LesionRow } from "@/lib/clinical/response/lesion-rows";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { assessmentRowHref } from "../addresses";

export type SeriesKind = "lesion" | "sum" | "reported" | "nadir";

export interface ChartSeries {
  /** The point's property (`t0`, `sum`...): never a label from the data, which recharts would read as a path. */
  key: string;
  name: string;
  kind: SeriesKind;
}

/** One assessment: its place on the axis, and each series' value (null: nothing plotted). */
export interface ChartPoint {
  day: number;
  date: string;
  name: string;
  assessment: string;
  values: Record<string, number | null>;
  /** A target lesion's state as sent, by series key. */
  states: Record<string, string | null>;
}

export interface LesionChartData {
  series: ChartSeries[];
  points: ChartPoint[];
  rows: DataRow[];
  /** Assessments the chart cannot place (before the baseline or without a date). */
  notPlaced: number;
}

/** The chart's name in the URL, and its title. */
export const LESION_CHART_ID = "lesions";
export const lesionChartTitle = (subject: string) => `Target lesions of subject ${subject}: size, target sum and nadir`;

export const LESION_CHART_COLUMNS: DataColumn[] = [
  { id: "series", header: "Series" },
  // Each opens the assessment's row in the page's assessment table (the chart's points do the same).
  { id: "assessment", header: "Assessment ID", href: "assessmentHref" },
  { id: "name", header: "Timepoint" },
  { id: "date", header: "Date" },
  { id: "day", header: "Days since baseline", type: "number" },
  { id: "value", header: "Plotted value (mm)", type: "number" },
  { id: "state", header: "Lesion state as sent" },
];

const collator = new Intl.Collator("en", { numeric: true });

/** The target lesions by label, in label order, with the organ of their first reading. */
function targetLesions(s: SubjectResponse, lesions: ReadonlyMap<string, readonly LesionRow[]>) {
  const organs = new Map<string, string | null>();
  for (const a of s.assessments)
    for (const r of lesions.get(a.row.key) ?? [])
      if (r.category === "Target" && r.label !== null && !organs.has(r.label)) organs.set(r.label, r.organ);
  return [...organs.entries()].sort(([a], [b]) => collator.compare(a, b));
}

export function lesionChartData(
  s: SubjectResponse,
  lesions: ReadonlyMap<string, readonly LesionRow[]>,
): LesionChartData {
  const targets = targetLesions(s, lesions);
  const series: ChartSeries[] = [
    ...targets.map(([label, organ], i) => ({
      key: `t${i}`,
      name: organ ? `${label} (${organ})` : label,
      kind: "lesion" as const,
    })),
    { key: "sum", name: "Target sum, recomputed", kind: "sum" },
    { key: "reported", name: "Target sum, reported", kind: "reported" },
    { key: "nadir", name: "Nadir (smallest earlier sum, recomputed)", kind: "nadir" },
  ];
  const points: ChartPoint[] = s.assessments.map((a) => {
    const readings = lesions.get(a.row.key) ?? [];
    const values: Record<string, number | null> = { sum: a.sum, reported: a.row.targetSum, nadir: a.nadir };
    const states: Record<string, string | null> = {};
    targets.forEach(([label], i) => {
      const r = readings.find((x) => x.category === "Target" && x.label === label);
      values[`t${i}`] = r?.value ?? null;
      states[`t${i}`] = r ? r.state : null;
    });
    return {
      day: a.day,
      date: a.row.date as string,
      name: a.row.name ?? a.row.key,
      assessment: a.row.key,
      values,
      states,
    };
  });
  const rows: DataRow[] = [];
  for (const se of series)
    for (const p of points) {
      const value = p.values[se.key];
      if (value === null || value === undefined) continue;
      const state = se.kind === "lesion" ? (p.states[se.key] ?? null) : null;
      const { assessment, name, date, day } = p;
      rows.push({
        series: se.name,
        assessment,
        assessmentHref: assessmentRowHref(assessment),
        name,
        date,
        day,
        value,
        state,
      });
    }
  return { series, points, rows, notPlaced: s.beforeBaseline.length + s.undated.length };
}

"use client";
/**
 * A subject's target lesions over time (docs/clinical-rules.md, Tumour response): each target lesion's
 * measurement as sent, the target sum as recomputed and as reported, and the nadir the recomputed response used,
 * against days since baseline. Markers and dashes tell the series apart besides colour; the tooltip gives the
 * assessment and every value with the lesion's state. A click on a point opens its assessment's row in the page's
 * assessment table (`#assessment-<ID>`, marked there; a row on another page of the table or hidden by its filters
 * is brought in by the table, components/data-table/use-row-target.ts); the panel's data table has exactly the
 * plotted values, each row a link to the same row, for the keyboard.
 */
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartArea } from "@/components/charts/ChartArea";
import { ChartPanel } from "@/components/charts/ChartPanel";
import chartStyles from "@/components/charts/charts.module.css";
import type { DataRow } from "@/lib/tables/types";
import type { ExportKey } from "@/sections/frame/export-keys";
import { assessmentRowHref } from "../addresses";
import {
  type ChartPoint,
  type ChartSeries,
  LESION_CHART_COLUMNS,
  LESION_CHART_ID,
  lesionChartTitle,
} from "./lesion-chart-data";
import { LesionLegend, Marker, type SeriesStyle, seriesStyle } from "./lesion-marks";
import styles from "./tumour-response.module.css";

export interface LesionChartProps {
  series: ChartSeries[];
  points: ChartPoint[];
  rows: DataRow[];
  subject: string;
  notPlaced: number;
  /** The chart data's export (the page's RESPONSE_PAGE_TABLES, ../tables.ts). */
  exportAs: ExportKey;
}

type Datum = Record<string, number | null> & { point: ChartPoint };

export function LesionChart({ series, points, rows, subject, notPlaced, exportAs }: LesionChartProps) {
  let lesion = 0;
  const looks = series.map((s) => seriesStyle(s, s.kind === "lesion" ? lesion++ : 0));
  const shown =
    notPlaced > 0
      ? `Showing the ${points.length} assessments from baseline on; ${notPlaced} not placed (dated before the ` +
        "baseline or without a date: see the assessment table)."
      : undefined;
  return (
    <ChartPanel
      id={LESION_CHART_ID}
      title={lesionChartTitle(subject)}
      columns={LESION_CHART_COLUMNS}
      rows={rows}
      exportAs={exportAs}
      shown={shown}
    >
      {rows.length === 0 ? (
        <p>Nothing to plot: this subject has no measured target lesion and no target sum from baseline on.</p>
      ) : (
        <LesionPlot series={series} looks={looks} points={points} />
      )}
      <LesionLegend series={series} looks={looks} />
    </ChartPanel>
  );
}

function LesionPlot({ series, looks, points }: { series: ChartSeries[]; looks: SeriesStyle[]; points: ChartPoint[] }) {
  const data = points.map((p) => ({ ...p.values, day: p.day, point: p }) as unknown as Datum);
  return (
    <ChartArea height={360}>
      <ResponsiveContainer width="100%" height={360}>
        <LineChart data={data} margin={{ top: 16, right: 24, bottom: 28, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="day"
            domain={["dataMin", "dataMax"]}
            allowDecimals={false}
            label={{ value: "Days since baseline", position: "insideBottom", offset: -16 }}
          />
          <YAxis
            domain={[0, "auto"]}
            label={{ value: "Size (mm)", angle: -90, position: "insideLeft", textAnchor: "middle" }}
          />
          {seriesLines(series, looks)}
          <Tooltip content={<LesionTooltip series={series} />} />
        </LineChart>
      </ResponsiveContainer>
    </ChartArea>
  );
}

/** One line per series in its style, each measured point with the series' marker (none where it has no value). */
function seriesLines(series: ChartSeries[], looks: SeriesStyle[]) {
  return series.map((s, i) => {
    const st = looks[i];
    return (
      <Line
        key={s.key}
        dataKey={s.key}
        name={s.name}
        stroke={st.colour}
        strokeWidth={st.width}
        strokeDasharray={st.dash}
        connectNulls
        isAnimationActive={false}
        // The hover's enlarged dot would lie over the point and take its click.
        activeDot={false}
        dot={(p) =>
          p.cx === undefined || p.cy === undefined || p.value === null || p.value === undefined ? (
            <g key={`${s.key}-${p.index}`} />
          ) : (
            // An SVG link, followed by the browser itself: it scrolls to the row and marks it (:target), which a
            // router navigation would not; the same link again scrolls again. Out of the tab order: the chart's
            // data table has the same links, a row each, for the keyboard.
            <a
              key={`${s.key}-${p.index}`}
              href={assessmentRowHref((p.payload as Datum).point.assessment)}
              className="lesion-point"
              data-series={s.key}
              data-assessment={(p.payload as Datum).point.assessment}
              tabIndex={-1}
              aria-label={`${s.name}, ${(p.payload as Datum).point.assessment}: open its row in the assessments`}
            >
              <Marker shape={st.shape} x={Number(p.cx)} y={Number(p.cy)} colour={st.colour} />
            </a>
          )
        }
      />
    );
  });
}

function LesionTooltip({
  active,
  payload,
  series,
}: {
  active?: boolean;
  payload?: readonly { payload?: Datum }[];
  series: ChartSeries[];
}) {
  const d = active ? payload?.[0]?.payload : undefined;
  if (!d) return null;
  const p = d.point;
  return (
    <div className={chartStyles.chartTip}>
      <strong>
        {p.name} ({p.assessment}), {p.date}, day {p.day} since baseline
      </strong>
      <ul className={styles.tipList}>
        {series.map((s) => {
          const v = p.values[s.key];
          const state = p.states[s.key];
          if ((v === null || v === undefined) && !state) return null;
          return (
            <li key={s.key}>
              {s.name}: {v === null || v === undefined ? "no measurement" : `${v} mm`}
              {state ? `, ${state}` : ""}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

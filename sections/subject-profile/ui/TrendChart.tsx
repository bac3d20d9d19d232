"use client";
/**
 * A subject's trend of one test or vital-sign item (docs/clinical-rules.md,
 * Trends): the choices, the plot (./TrendPlot.tsx) and its legend, in a
 * panel whose data table holds every plotted value.
 */
import { ChartPanel } from "@/components/charts/ChartPanel";
import type { AeOnset } from "@/lib/clinical/adverse-events/onsets";
import type { Trend, TrendPoint } from "@/lib/clinical/subjects/trend-series";
import { TREND_CHART } from "../query";
import { SUBJECT_PROFILE_TABLES } from "../tables";
import { trendColumns, trendRows, trendTitle } from "../trend-table";
import { type GridCellRef, useOpenRecord } from "./open-record";
import { openTarget } from "./open-target";
import { TrendControls, type TrendControlsProps } from "./TrendControls";
import { type DayOne, TrendPlot } from "./TrendPlot";
import { trendRecordTarget } from "./timeline-targets";
import { TrendLegend } from "./trend-marks";

export type { GridCellRef };

export interface TrendChartProps extends Omit<TrendControlsProps, "scale" | "dayOneKnown"> {
  trend: Trend;
  /** The subject's study day 1 (the timeline's); null when it has none: the trend then offers dates only. */
  dayOne: DayOne | null;
  onsets: AeOnset[];
  subject: string;
  /**
   * For a laboratory test, where each point's result is in the grid, by record ID: a click on a point opens it,
   * on its page of visits; null for a vital sign (no grid): a click opens its record in the chart's data table.
   */
  gridCells: Record<string, GridCellRef> | null;
}

export function TrendChart({ trend, onsets, subject, gridCells, dayOne, ...controls }: TrendChartProps) {
  const openInGrid = useOpenRecord(gridCells);
  const openRecord = (p: TrendPoint) => (gridCells ? openInGrid(p) : openTarget(trendRecordTarget(p.id)));
  const plotted = trend.series.reduce((n, s) => n + s.points.length, 0);
  return (
    <div>
      <TrendControls {...controls} scale={trend.scale} dayOneKnown={dayOne !== null} />
      <ChartPanel
        id={TREND_CHART}
        title={trendTitle(trend, subject)}
        columns={trendColumns(trend)}
        rows={trendRows(trend, onsets, dayOne?.date ?? null)}
        exportAs={SUBJECT_PROFILE_TABLES.key("trend")}
      >
        {plotted === 0 ? (
          <p>No numeric result of {trend.test} can be plotted on this scale: see the notes.</p>
        ) : (
          <TrendPlot trend={trend} onsets={onsets} onOpen={openRecord} dayOne={dayOne} axis={controls.axis} />
        )}
        <TrendLegend
          series={trend.series.map((s) => s.label)}
          bands={trend.series.some((s) => s.points.some((p) => p.band !== null))}
          onsets={onsets.length}
        />
      </ChartPanel>
    </div>
  );
}

"use client";
/**
 * A subject's liver panel (docs/clinical-rules.md, Trends of one subject): ALT, AST, ALP and total bilirubin as
 * multiples of their upper limits on one chart, with the trend's choices, the plot (./TrendPlot.tsx, its marks in
 * ./liver-marks.tsx) and its legend, in a panel whose data table holds every plotted value. A click on a point opens
 * its result in the laboratory grid, as a laboratory trend's does.
 */
import { ChartPanel } from "@/components/charts/ChartPanel";
import type { AeOnset } from "@/lib/clinical/adverse-events/onsets";
import type { LiverPanel } from "@/lib/clinical/liver/liver-panel";
import { LIVER_PANEL_COLUMNS, liverPanelRows, liverPanelTitle } from "../liver-panel-table";
import { TREND_CHART } from "../query";
import { SUBJECT_PROFILE_TABLES } from "../tables";
import { LiverPanelLegend } from "./liver-marks";
import { type GridCellRef, useOpenRecord } from "./open-record";
import { TrendControls, type TrendControlsProps } from "./TrendControls";
import { type DayOne, TrendPlot } from "./TrendPlot";

export interface LiverPanelChartProps extends Omit<TrendControlsProps, "scale" | "dayOneKnown" | "ulnAvailable"> {
  panel: LiverPanel;
  /** The subject's study day 1 (the timeline's); null when it has none: the chart then offers dates only. */
  dayOne: DayOne | null;
  onsets: AeOnset[];
  subject: string;
  /** Where each point's result is in the grid, by record ID: a click on a point opens it, on its page of visits. */
  gridCells: Record<string, GridCellRef>;
}

export function LiverPanelChart({ panel, onsets, subject, gridCells, dayOne, ...controls }: LiverPanelChartProps) {
  const openInGrid = useOpenRecord(gridCells);
  const plotted = panel.series.reduce((n, s) => n + s.points.length, 0);
  return (
    <div>
      <TrendControls {...controls} scale="uln" ulnAvailable dayOneKnown={dayOne !== null} />
      <ChartPanel
        id={TREND_CHART}
        title={liverPanelTitle(subject)}
        columns={LIVER_PANEL_COLUMNS}
        rows={liverPanelRows(panel, onsets, dayOne?.date ?? null)}
        exportAs={SUBJECT_PROFILE_TABLES.key("trend")}
      >
        {plotted === 0 ? (
          <p>No result of the liver tests can be plotted: see the notes.</p>
        ) : (
          <TrendPlot trend={panel} onsets={onsets} onOpen={openInGrid} dayOne={dayOne} axis={controls.axis} />
        )}
        <LiverPanelLegend tests={panel.series.map((s) => s.test)} onsets={onsets.length} />
      </ChartPanel>
    </div>
  );
}

"use client";
/**
 * A subject's trend of one test or vital-sign item (docs/clinical-rules.md,
 * Trends): the results against their collection time, a series (and y axis)
 * per unit, each record's reference band, H/L markers, and the subject's
 * adverse-event onsets on the same time axis. A ScatterChart, not a
 * ComposedChart: only it gives a tooltip per point, the record's own fields;
 * each series' points are joined by a line. Every plotted value is in the
 * panel's data table.
 */
import {
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartPanel } from "@/components/charts/ChartPanel";
import type { AeOnset } from "@/lib/clinical/ae-onsets";
import type { Trend, TrendPoint } from "@/lib/clinical/trend-series";
import { type GridCellRef, useOpenRecord } from "./open-record";
import { openTarget } from "./open-target";
import { aeTarget, TREND_CHART, trendRecordTarget } from "./timeline-targets";

export type { GridCellRef };

import { TrendControls, type TrendControlsProps } from "./TrendControls";
import { TrendTooltip } from "./TrendTooltip";
import {
  AE_COLOUR,
  BAND_OPACITY,
  diamondPath,
  markerFill,
  markerPath,
  seriesColour,
  seriesDash,
  TrendLegend,
} from "./trend-marks";
import { axisDate, timeDomain, timeTicks, trendColumns, trendRows, valueAxis } from "./trend-table";

export interface TrendChartProps extends Omit<TrendControlsProps, "scale"> {
  trend: Trend;
  onsets: AeOnset[];
  subject: string;
  /**
   * For a laboratory test, where each point's result is in the grid, by record ID: a click on a point opens it,
   * on its page of visits; null for a vital sign (no grid): a click opens its record in the chart's data table.
   */
  gridCells: Record<string, GridCellRef> | null;
}

const DAY = 86_400_000;
const AXIS_WIDTH = 72;
const ULN_AXIS = "uln";
const axisOf = (trend: Trend, i: number) => (trend.scale === "uln" ? ULN_AXIS : `y${i}`);

export function TrendChart({ trend, onsets, subject, gridCells, ...controls }: TrendChartProps) {
  const openInGrid = useOpenRecord(gridCells);
  const openRecord = (p: TrendPoint) => (gridCells ? openInGrid(p) : openTarget(trendRecordTarget(p.id)));
  const domain = timeDomain(trend, onsets);
  const [from, to] = padded(domain);
  const scaleName = trend.scale === "uln" ? "× ULN" : "raw values";
  const plotted = trend.series.reduce((n, s) => n + s.points.length, 0);
  return (
    <div>
      <TrendControls {...controls} scale={trend.scale} />
      <ChartPanel
        id={TREND_CHART}
        title={`${trend.test} of subject ${subject}, ${scaleName}`}
        columns={trendColumns(trend)}
        rows={trendRows(trend, onsets)}
        fileParts={["trend", subject, trend.key, trend.scale]}
      >
        {plotted === 0 ? (
          <p>No numeric result of {trend.test} can be plotted on this scale: see the notes.</p>
        ) : (
          <ResponsiveContainer width="100%" height={340}>
            <ScatterChart margin={{ top: 16, right: 24, bottom: 24, left: 16 }}>
              <XAxis
                type="number"
                dataKey="t"
                scale="time"
                domain={[from, to]}
                ticks={timeTicks([from, to])}
                tickFormatter={axisDate}
                label={{ value: "Collection date", position: "insideBottom", offset: -12 }}
              />
              {trend.scale === "uln" ? (
                <YAxis
                  yAxisId={ULN_AXIS}
                  dataKey="value"
                  {...valueAxis(trend.series.flatMap((s) => s.points))}
                  width={AXIS_WIDTH}
                  label={axisLabel("× ULN (result / upper limit)", "left")}
                />
              ) : (
                trend.series.map((s, i) => (
                  <YAxis
                    key={s.label}
                    yAxisId={axisOf(trend, i)}
                    dataKey="value"
                    {...valueAxis(s.points)}
                    orientation={i % 2 === 0 ? "left" : "right"}
                    width={AXIS_WIDTH}
                    stroke={seriesColour(i)}
                    label={axisLabel(s.label, i % 2 === 0 ? "left" : "right")}
                  />
                ))
              )}
              {/* Width 0: a hidden axis still takes its width from the plot. */}
              <YAxis yAxisId="ae" dataKey="value" domain={[0, 1]} hide width={0} />
              {trend.series.flatMap((s, i) => s.points.map((p) => band(p, i, axisOf(trend, i))))}
              {onsets.map((o) => (
                <ReferenceLine key={o.key} x={o.t} yAxisId="ae" stroke={AE_COLOUR} strokeDasharray="3 2" />
              ))}
              {trend.series.map((s, i) => (
                <Scatter
                  key={s.label}
                  name={s.label}
                  data={s.points.map((p) => ({ ...p, series: s.label }))}
                  yAxisId={axisOf(trend, i)}
                  line={{ stroke: seriesColour(i), strokeDasharray: seriesDash(i), strokeWidth: 1.5 }}
                  isAnimationActive={false}
                  shape={(props: { cx?: number; cy?: number; payload?: TrendPoint }) => pointMark(props, i)}
                  onClick={(d: { payload?: TrendPoint }) => d.payload && openRecord(d.payload)}
                  cursor="pointer"
                />
              ))}
              <Scatter
                name="Adverse-event onset"
                data={onsets.map((o) => ({ ...o, value: 0.97 }))}
                yAxisId="ae"
                isAnimationActive={false}
                // An onset opens its adverse event in the profile's table below.
                onClick={(d: { payload?: AeOnset }) => d.payload && openTarget(aeTarget(d.payload.key))}
                cursor="pointer"
                shape={(props: { cx?: number; cy?: number }) => (
                  <path className="trend-ae" d={diamondPath(props.cx ?? 0, props.cy ?? 0)} fill={AE_COLOUR} />
                )}
              />
              <Tooltip content={<TrendTooltip scale={trend.scale} />} />
            </ScatterChart>
          </ResponsiveContainer>
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

/** Room at both ends, so that the first and last markers are not cut by the plot's edge. */
function padded(domain: [number, number] | null): [number, number] {
  if (domain === null) return [0, DAY];
  const pad = Math.max(DAY / 2, (domain[1] - domain[0]) / 50);
  return [domain[0] - pad, domain[1] + pad];
}

const axisLabel = (value: string, side: "left" | "right") => ({
  value,
  angle: side === "left" ? -90 : 90,
  position: side === "left" ? ("insideLeft" as const) : ("insideRight" as const),
  style: { textAnchor: "middle" as const },
});

/** A record's band: an open bound reaches the plot's edge; the data attributes name the record and its bounds. */
function band(p: TrendPoint, series: number, yAxisId: string) {
  if (p.band === null) return null;
  const { x1, x2, low, high } = p.band;
  return (
    <ReferenceArea
      key={`band-${p.id}`}
      yAxisId={yAxisId}
      x1={x1}
      x2={x2}
      y1={high ?? undefined}
      y2={low ?? undefined}
      ifOverflow="hidden"
      shape={(r: { x?: number; y?: number; width?: number; height?: number }) => (
        <rect
          className="trend-band"
          data-record={p.id}
          data-low={low ?? ""}
          data-high={high ?? ""}
          x={r.x}
          y={r.y}
          width={r.width}
          height={r.height}
          fill={seriesColour(series)}
          fillOpacity={BAND_OPACITY}
        />
      )}
    />
  );
}

function pointMark({ cx, cy, payload }: { cx?: number; cy?: number; payload?: TrendPoint }, series: number) {
  if (cx === undefined || cy === undefined || !payload) return <g />;
  const flag = payload.flag === "H" || payload.flag === "L" ? payload.flag : null;
  return (
    <path
      className="trend-point"
      data-record={payload.id}
      data-flag={flag ?? "N"}
      d={markerPath(flag, cx, cy)}
      fill={markerFill(flag, series)}
      stroke="#fff"
      strokeWidth={0.5}
    />
  );
}

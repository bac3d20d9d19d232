"use client";
/**
 * The trend chart's plot (./TrendChart.tsx): the results against their
 * collection time, read as dates or as study days (`trend_x=day`: the subject
 * timeline's axis, day 1 its reference, no day 0), a series (and y axis) per unit, each record's reference
 * band, H/L markers, and the adverse-event onsets on the same time axis. A
 * ScatterChart, not a ComposedChart: only it gives a tooltip per point, the
 * record's own fields; each series' points are joined by a line. The axes and
 * series are made by functions, not components, so that the chart holds them
 * as its own children.
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
import { ChartArea } from "@/components/charts/ChartArea";
import type { AeOnset } from "@/lib/clinical/adverse-events/onsets";
import type { Trend, TrendPoint } from "@/lib/clinical/subjects/trend-series";
import { openTarget } from "./open-target";
import { TrendTooltip } from "./TrendTooltip";
import { aeTarget } from "./timeline-targets";
import { axisDate, axisStudyDay, studyDayTicks, timeDomain, timeTicks, valueAxis } from "./trend-axes";
import { AE_COLOUR, BAND_OPACITY, diamondPath, markerFill, markerPath, seriesColour, seriesDash } from "./trend-marks";

const DAY = 86_400_000;
const AXIS_WIDTH = 72;
const ULN_AXIS = "uln";
const axisOf = (trend: Trend, i: number) => (trend.scale === "uln" ? ULN_AXIS : `y${i}`);

export interface TrendPlotProps {
  trend: Trend;
  onsets: AeOnset[];
  /** Opens a point's record (in the grid, or in the chart's data table). */
  onOpen: (p: TrendPoint) => void;
  /** Study days across, from this day 1; null: collection dates. */
  dayOne: DayOne | null;
}

/** Study day 1: its date and what it is (the first dose, ...), as the subject timeline names it. */
export interface DayOne {
  date: string;
  source: string;
}

export function TrendPlot({ trend, onsets, onOpen, dayOne }: TrendPlotProps) {
  const [from, to] = padded(timeDomain(trend, onsets));
  const time = timeAxis([from, to], dayOne);
  return (
    <ChartArea height={340}>
      <ResponsiveContainer width="100%" height={340}>
        <ScatterChart margin={{ top: 16, right: 24, bottom: 24, left: 16 }}>
          <XAxis
            type="number"
            dataKey="t"
            scale="time"
            domain={[from, to]}
            ticks={time.ticks}
            tickFormatter={time.format}
            label={{ value: time.label, position: "insideBottom", offset: -12 }}
          />
          {valueAxes(trend)}
          {/* Width 0: a hidden axis still takes its width from the plot. */}
          <YAxis yAxisId="ae" dataKey="value" domain={[0, 1]} hide width={0} />
          {trend.series.flatMap((s, i) => s.points.map((p) => band(p, i, axisOf(trend, i))))}
          {onsets.map((o) => (
            <ReferenceLine key={o.key} x={o.t} yAxisId="ae" stroke={AE_COLOUR} strokeDasharray="3 2" />
          ))}
          {seriesScatters(trend, onOpen)}
          {onsetScatter(onsets)}
          <Tooltip content={<TrendTooltip scale={trend.scale} />} />
        </ScatterChart>
      </ResponsiveContainer>
    </ChartArea>
  );
}

/** The time axis's ticks, their words and its title: calendar dates, or study days from day 1. */
function timeAxis(domain: [number, number], dayOne: DayOne | null) {
  if (dayOne === null) return { ticks: timeTicks(domain), format: axisDate, label: "Collection date" };
  return {
    ticks: studyDayTicks(domain, dayOne.date),
    format: (t: number) => String(axisStudyDay(t, dayOne.date)),
    label: `Study day of collection (day 1 = ${dayOne.source}, ${dayOne.date})`,
  };
}

/** One × ULN axis, or an axis per unit's series, alternately left and right. */
function valueAxes(trend: Trend) {
  if (trend.scale === "uln")
    return (
      <YAxis
        yAxisId={ULN_AXIS}
        dataKey="value"
        {...valueAxis(trend.series.flatMap((s) => s.points))}
        width={AXIS_WIDTH}
        label={axisLabel("× ULN (result / upper limit)", "left")}
      />
    );
  return trend.series.map((s, i) => (
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
  ));
}

/** Each unit's series: its points, joined by a line, each opening its record. */
function seriesScatters(trend: Trend, onOpen: (p: TrendPoint) => void) {
  return trend.series.map((s, i) => (
    <Scatter
      key={s.label}
      name={s.label}
      data={s.points.map((p) => ({ ...p, series: s.label }))}
      yAxisId={axisOf(trend, i)}
      line={{ stroke: seriesColour(i), strokeDasharray: seriesDash(i), strokeWidth: 1.5 }}
      isAnimationActive={false}
      shape={(props: { cx?: number; cy?: number; payload?: TrendPoint }) => pointMark(props, i)}
      onClick={(d: { payload?: TrendPoint }) => d.payload && onOpen(d.payload)}
      cursor="pointer"
    />
  ));
}

function onsetScatter(onsets: AeOnset[]) {
  return (
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
  // An attribute, not a style: recharts takes a label's own textAnchor over its position's.
  textAnchor: "middle" as const,
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

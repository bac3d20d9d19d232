"use client";
/**
 * The trend chart's plot (./TrendChart.tsx): the results against their
 * collection time, read as dates or as study days (`trend_x=day`: the subject
 * timeline's axis, day 1 its reference, no day 0), a series (and y axis) per unit, each record's reference
 * band, H/L markers, and the adverse-event onsets on the same time axis. A
 * ScatterChart, not a ComposedChart: only it gives a tooltip per point, the
 * record's own fields; each series' points are joined by a line. The liver
 * panel's series are tests on one ×ULN axis, each with its own marker, and
 * Hy's law's lines across (./liver-marks.tsx). The axes and series are made by
 * functions, not components, so that the chart holds them as its own children.
 */
import { ReferenceLine, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { ChartArea } from "@/components/charts/ChartArea";
import type { AeOnset } from "@/lib/clinical/adverse-events/onsets";
import { isLiverPanel, PANEL_THRESHOLDS } from "@/lib/clinical/liver/liver-panel";
import type { Trend, TrendPoint } from "@/lib/clinical/subjects/trend-series";
import type { TrendAxis } from "../query";
import { panelLook, panelPointMark, panelThresholdLines } from "./liver-marks";
import { openTarget } from "./open-target";
import { TrendTooltip } from "./TrendTooltip";
import { aeTarget } from "./timeline-targets";
import { axisDate, axisStudyDay, studyDayTicks, timeDomain, timeTicks, valueAxis } from "./trend-axes";
import { AE_COLOUR, band, diamondPath, pointMark, seriesColour, seriesDash } from "./trend-marks";

const DAY = 86_400_000;
const AXIS_WIDTH = 72;
const ULN_AXIS = "uln";
const axisOf = (trend: Trend, i: number) => (trend.scale === "uln" ? ULN_AXIS : `y${i}`);

export interface TrendPlotProps {
  trend: Trend;
  onsets: AeOnset[];
  /** Opens a point's record (in the grid, or in the chart's data table). */
  onOpen: (p: TrendPoint) => void;
  /** The subject's study day 1 (the timeline's): the tooltip's study days, and the axis's under `day`; null: none. */
  dayOne: DayOne | null;
  /** Collection dates across, or study days from day 1 (dates without a day 1). */
  axis: TrendAxis;
}

/** Study day 1: its date and what it is (the first dose, ...), as the subject timeline names it. */
export interface DayOne {
  date: string;
  source: string;
}

export function TrendPlot({ trend, onsets, onOpen, dayOne, axis }: TrendPlotProps) {
  const [from, to] = padded(timeDomain(trend, onsets));
  const time = timeAxis([from, to], axis === "day" ? dayOne : null);
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
          {isLiverPanel(trend) ? panelThresholdLines(ULN_AXIS) : null}
          {seriesScatters(trend, onOpen)}
          {onsetScatter(onsets)}
          <Tooltip content={<TrendTooltip scale={trend.scale} dayOne={dayOne?.date ?? null} />} />
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

/** One × ULN axis (holding the liver panel's lines), or an axis per unit's series, alternately left and right. */
function valueAxes(trend: Trend) {
  if (trend.scale === "uln")
    return (
      <YAxis
        yAxisId={ULN_AXIS}
        dataKey="value"
        {...valueAxis(
          trend.series.flatMap((s) => s.points),
          isLiverPanel(trend) ? PANEL_THRESHOLDS.map((l) => l.times) : [],
        )}
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

/** Each unit's (or the liver panel's test's) series: its points, joined by a line, each opening its record. */
function seriesScatters(trend: Trend, onOpen: (p: TrendPoint) => void) {
  const test = (i: number) => (isLiverPanel(trend) ? trend.series[i].test : null);
  return trend.series.map((s, i) => {
    const t = test(i);
    const look = t ? panelLook(t) : { colour: seriesColour(i), dash: seriesDash(i) };
    return (
      <Scatter
        key={s.label}
        name={s.label}
        data={s.points.map((p) => ({ ...p, series: s.label }))}
        yAxisId={axisOf(trend, i)}
        line={{ stroke: look.colour, strokeDasharray: look.dash, strokeWidth: 1.5 }}
        isAnimationActive={false}
        shape={(props: { cx?: number; cy?: number; payload?: TrendPoint }) =>
          t ? panelPointMark(props, t) : pointMark(props, i)
        }
        onClick={(d: { payload?: TrendPoint }) => d.payload && onOpen(d.payload)}
        cursor="pointer"
      />
    );
  });
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

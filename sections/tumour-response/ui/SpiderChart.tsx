"use client";
/**
 * The spider plot: per subject, the percent change of the target sum from baseline (or from the nadir) against days
 * since day 1 (the baseline or the first dose), from 0 % at baseline; each line in its BOR's colour, dash and marker
 * shape, a cross at the progression and a star at each new lesion; the thresholds dashed. Hovering a point names its
 * subject and assessment and highlights the subject's line, dimming the others (./spider-highlight.tsx), as hovering
 * or focusing the subject in the legend does; a click opens the subject's response page. The legend, a scrolling
 * list below the plot, chooses the subjects (SpiderLegend).
 */
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import {
  CartesianGrid,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Symbols,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { ChartArea } from "@/components/charts/ChartArea";
import { ChartPanel } from "@/components/charts/ChartPanel";
import { CHART_INK } from "@/components/charts/palette";
import { useUnpacked } from "@/components/charts/use-unpacked";
import type { Response } from "@/lib/clinical/response/timepoint";
import type { Packed } from "@/lib/payload/packed-json";
import { hrefInside, withHrefAround } from "@/lib/tables/table-def";
import type { ExportKey } from "@/sections/frame/export-keys";
import type { SpiderScale } from "../query";
import { crossPath, starPath } from "./marks";
import { daysAxisProps, percentAxisProps } from "./plot-axes";
import { TipBox } from "./ResponseLegend";
import { REFERENCE_LINES, referenceLines } from "./reference-lines";
import { RESPONSE_COLOUR, RESPONSE_DASH, RESPONSE_MARKER, RESPONSE_NAME } from "./response-look";
import { SPIDER_ID, type SpiderLine, type SpiderPoint, spiderColumns, spiderRows, spiderTitle } from "./spider-data";
import { HighlightLine, lineLook, useHighlight } from "./spider-highlight";

export interface SpiderChartProps {
  /**
   * The lines drawn, packed by the server (lib/payload/packed-json.ts); the data table's rows are made from their
   * points here (spiderRows), not sent twice.
   */
  lines: Packed<SpiderLine[]>;
  /** A subject's response page around its ID: the rows' links (DataColumn.hrefAround) and the points' clicks. */
  subjectAround: readonly [string, string];
  domain: [number, number];
  days: { start: number; end: number; ticks: number[] };
  /** The days axis's and column's title: days since day 1 (DAYS_SINCE, ./plot-axes.ts). */
  daysSince: string;
  scale: SpiderScale;
  borName: string;
  shown: string;
  /** The chart data's export (SPIDER_TABLES, ../tables.ts). */
  exportAs: ExportKey;
}

export function SpiderChart({
  subjectAround,
  domain,
  days,
  daysSince,
  scale,
  borName,
  shown,
  exportAs,
  ...packed
}: SpiderChartProps) {
  const lines = useUnpacked(packed.lines);
  const rows = useMemo(() => spiderRows(lines), [lines]);
  return (
    <ChartPanel
      id={SPIDER_ID}
      title={spiderTitle(scale, borName)}
      columns={withHrefAround(spiderColumns(scale, daysSince), { subject__href: subjectAround })}
      rows={rows}
      exportAs={exportAs}
      shown={shown}
    >
      <SpiderPlot
        lines={lines}
        subjectAround={subjectAround}
        domain={domain}
        days={days}
        daysSince={daysSince}
        scale={scale}
        borName={borName}
      />
      <HighlightLine lines={lines} />
    </ChartPanel>
  );
}

type PlotProps = Omit<SpiderChartProps, "shown" | "lines" | "exportAs"> & { lines: SpiderLine[] };

function SpiderPlot({ lines, subjectAround, domain, days, daysSince, scale, borName }: PlotProps) {
  const router = useRouter();
  const highlight = useHighlight();
  // From the nadir, only progression is judged (+20 %); a partial response is judged from baseline.
  const references = scale === "nadir" ? REFERENCE_LINES.filter((l) => l.value > 0) : REFERENCE_LINES;
  return (
    <ChartArea height={440}>
      <ResponsiveContainer width="100%" height={440}>
        <ScatterChart margin={{ top: 16, right: 160, bottom: 24, left: 16 }}>
          <CartesianGrid />
          <XAxis {...daysAxisProps(days, daysSince)} dataKey="day" />
          <YAxis type="number" dataKey="value" {...percentAxisProps(domain, `Change from ${scale} (%)`, 80)} />
          {referenceLines(references)}
          <Tooltip content={(p) => <PointTip {...p} borName={borName} scale={scale} daysSince={daysSince} />} />
          {subjectLines(lines, highlight, (subjectId) =>
            router.push(hrefInside(subjectAround, encodeURIComponent(subjectId))),
          )}
        </ScatterChart>
      </ResponsiveContainer>
    </ChartArea>
  );
}

/**
 * One line of points per subject in its BOR's colour and dash; a click on a point opens its subject. The highlighted
 * subject's line is drawn last, so that it lies over the dimmed ones.
 */
function subjectLines(lines: SpiderLine[], highlight: ReturnType<typeof useHighlight>, open: (id: string) => void) {
  const on = lines.filter((l) => l.subjectId === highlight.subject);
  return [...lines.filter((l) => l.subjectId !== highlight.subject), ...on].map((l) => {
    const look = lineLook(l.subjectId, highlight.subject);
    return (
      <Scatter
        key={l.subjectId}
        name={l.subjectId}
        data={l.points}
        line={{
          stroke: RESPONSE_COLOUR[l.bor],
          strokeDasharray: RESPONSE_DASH[l.bor],
          strokeWidth: look.width,
          strokeOpacity: look.opacity,
        }}
        isAnimationActive={false}
        cursor="pointer"
        shape={(p: { cx?: number; cy?: number; payload?: SpiderPoint }) => <PointMark {...p} bor={l.bor} look={look} />}
        onClick={(d: { payload?: SpiderPoint }) => {
          if (d.payload) open(d.payload.subjectId);
        }}
        onMouseEnter={() => highlight.set(l.subjectId)}
        onMouseLeave={() => highlight.set(null)}
      />
    );
  });
}

/** A point: its BOR's marker shape; a cross at the progression, a star at a new lesion (both when both). */
function PointMark({
  cx = 0,
  cy = 0,
  payload,
  bor,
  look,
}: {
  cx?: number;
  cy?: number;
  payload?: SpiderPoint;
  bor: Response;
  look: ReturnType<typeof lineLook>;
}) {
  return (
    <g
      opacity={look.opacity}
      data-highlight={look.state}
      data-subject={payload?.subjectId}
      data-day={payload?.day}
      data-value={payload?.value}
      data-marker={RESPONSE_MARKER[bor]}
    >
      <Symbols type={RESPONSE_MARKER[bor]} cx={cx} cy={cy} size={48} fill={RESPONSE_COLOUR[bor]} />
      {payload?.progression ? <path d={crossPath(cx, cy, 6)} stroke={CHART_INK} strokeWidth={2.5} /> : null}
      {payload?.newLesion ? <path d={starPath(cx, cy - 11, 7)} fill={CHART_INK} /> : null}
    </g>
  );
}

function PointTip({
  active,
  payload,
  borName,
  scale,
  daysSince,
}: TooltipContentProps & { borName: string; scale: string; daysSince: string }) {
  const p = active ? (payload?.[0]?.payload as SpiderPoint | undefined) : undefined;
  if (!p) return null;
  const marks = [p.progression ? "first progression" : "", p.newLesion ? "new lesion" : ""].filter(Boolean);
  return (
    <TipBox click>
      <strong>Subject {p.subjectId}</strong> · {p.assessment}
      <br />
      {daysSince}: {p.day} ({p.date})
      <br />
      Change from {scale}: {p.value} %; target sum {p.sum === null ? "unknown" : `${p.sum} mm`}
      <br />
      {p.response ? `Response ${borName}: ${p.response} (${RESPONSE_NAME[p.response]})` : "Baseline"}
      {marks.length ? (
        <>
          <br />
          {marks.join(", ")}
        </>
      ) : null}
    </TipBox>
  );
}

"use client";
/**
 * The swimmer plot: one bar per subject, its length the time on study in days since day 1, a marker with the
 * response's letters at each assessment after baseline (in the response's colour), and an arrow at the end of
 * the bar of a subject still being assessed. Hovering a bar names the subject and its responses (each marker has
 * its own title too); a click opens the subject's response page.
 */
import { useMemo } from "react";
import {
  Bar,
  BarChart,
  type BarShapeProps,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { ChartArea } from "@/components/charts/ChartArea";
import { ChartPanel } from "@/components/charts/ChartPanel";
import { CHART_INK, SWIM_LANE } from "@/components/charts/palette";
import { withHrefAround } from "@/lib/tables/table-def";
import type { ExportKey } from "@/sections/frame/export-keys";
import { arrowPath } from "./marks";
import { daysAxisProps } from "./plot-axes";
import { ResponseLegend, TipBox } from "./ResponseLegend";
import { RESPONSE_CODE, RESPONSE_COLOUR, RESPONSE_NAME, RESPONSE_TEXT } from "./response-look";
import {
  STILL_ASSESSED_DAYS,
  SWIMMER_COLUMNS,
  SWIMMER_ID,
  type SwimmerBar,
  swimmerRow,
  swimmerTitle,
} from "./swimmer-data";
import { useOpenSubject } from "./use-open-subject";

export interface SwimmerChartProps {
  /** The page's bars; the data table's rows are made from them here (swimmerRow), not sent a second time. */
  bars: SwimmerBar[];
  /** A subject's response page around its ID: the rows' links and the bars' clicks. */
  subjectAround: readonly [string, string];
  /** The days axis: every bar of the study fits, on every page alike. */
  days: { start: number; end: number; ticks: number[] };
  /** The days axis's title: days since day 1 (DAYS_SINCE, ./plot-axes.ts). */
  daysSince: string;
  latest: string;
  borName: string;
  shown: string;
  /** The chart data's export (SWIMMER_TABLES, ../tables.ts). */
  exportAs: ExportKey;
}

const ROW = 28;

export function SwimmerChart({
  bars,
  subjectAround,
  days,
  daysSince,
  latest,
  borName,
  shown,
  exportAs,
}: SwimmerChartProps) {
  const rows = useMemo(() => bars.map(swimmerRow), [bars]);
  return (
    <ChartPanel
      id={SWIMMER_ID}
      title={swimmerTitle(borName)}
      columns={withHrefAround(SWIMMER_COLUMNS, { subject__href: subjectAround })}
      rows={rows}
      exportAs={exportAs}
      shown={shown}
    >
      <SwimmerPlot bars={bars} days={days} daysSince={daysSince} borName={borName} subjectAround={subjectAround} />
      <ResponseLegend
        title={`Response at each assessment, ${borName}`}
        marks={[
          {
            key: "arrow",
            mark: (
              <svg width={14} height={12} aria-hidden="true">
                <path d={arrowPath(13, 6, 10, 10)} fill={CHART_INK} />
              </svg>
            ),
            text:
              `Still being assessed: no progression, last assessed at most ${STILL_ASSESSED_DAYS} days ` +
              `before the study's latest assessment (${latest})`,
          },
        ]}
      />
    </ChartPanel>
  );
}

type PlotProps = Pick<SwimmerChartProps, "bars" | "days" | "daysSince" | "borName" | "subjectAround">;

function SwimmerPlot({ bars, days, daysSince, borName, subjectAround }: PlotProps) {
  const open = useOpenSubject(subjectAround);
  return (
    <ChartArea height={70 + bars.length * ROW}>
      <ResponsiveContainer width="100%" height={70 + bars.length * ROW}>
        <BarChart data={bars} layout="vertical" margin={{ top: 8, right: 32, bottom: 24, left: 8 }} barCategoryGap={6}>
          <CartesianGrid horizontal={false} />
          <XAxis {...daysAxisProps(days, daysSince)} />
          <YAxis
            type="category"
            dataKey="subjectId"
            width={90}
            interval={0}
            tick={{ fontSize: 12 }}
            label={{ value: "Subject", angle: -90, position: "insideLeft" }}
          />
          <Tooltip content={(p) => <BarTip {...p} borName={borName} />} cursor={{ fill: "#f1f5f9" }} />
          <Bar
            dataKey="days"
            isAnimationActive={false}
            cursor="pointer"
            shape={(p: BarShapeProps) => <SwimLane {...p} xMin={days.start} xMax={days.end} />}
            onClick={open}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartArea>
  );
}

function SwimLane(p: BarShapeProps & { xMin: number; xMax: number }) {
  const bar = p.payload as SwimmerBar;
  const bg = p.background;
  // Days to pixels from the whole axis (the bar of a subject on day 0 has no width to scale by); the axis may start
  // before day 1 (an assessment before the first dose), the bar at day 0.
  const span = p.xMax - p.xMin;
  const perDay = bg && span > 0 ? bg.width / span : 0;
  const x0 = (bg?.x ?? p.x) - p.xMin * perDay;
  const cy = p.y + p.height / 2;
  const end = x0 + bar.days * perDay;
  return (
    <g data-subject={bar.subjectId} data-days={bar.days} data-arrow={bar.stillAssessed}>
      <rect
        x={x0}
        y={p.y}
        width={Math.max(2, end - x0)}
        height={p.height}
        fill={SWIM_LANE.fill}
        stroke={SWIM_LANE.outline}
      />
      {/* Past the last marker (10 px either side of its day), not under it. */}
      {bar.stillAssessed ? <path d={arrowPath(end + 24, cy, 12, Math.min(14, p.height))} fill={CHART_INK} /> : null}
      {bar.marks.map((m) => (
        <g key={m.assessment}>
          <title>{`Day ${m.day} (${m.date}): ${RESPONSE_NAME[m.response]}, ${m.assessment}`}</title>
          <rect
            x={x0 + m.day * perDay - 10}
            y={cy - 7}
            width={20}
            height={14}
            rx={3}
            fill={RESPONSE_COLOUR[m.response]}
          />
          <text
            x={x0 + m.day * perDay}
            y={cy}
            fontSize={9}
            fontWeight={600}
            textAnchor="middle"
            dominantBaseline="central"
            fill={RESPONSE_TEXT[m.response]}
          >
            {RESPONSE_CODE[m.response]}
          </text>
        </g>
      ))}
    </g>
  );
}

function BarTip({ active, payload, borName }: TooltipContentProps & { borName: string }) {
  const bar = active ? (payload?.[0]?.payload as SwimmerBar | undefined) : undefined;
  if (!bar) return null;
  return (
    <TipBox click>
      <strong>Subject {bar.subjectId}</strong> · BOR {borName}: {bar.bor} ({RESPONSE_NAME[bar.bor]})
      <br />
      Time on study: {bar.days} days (last assessment {bar.lastDate}){bar.stillAssessed ? "; still being assessed" : ""}
      <br />
      First response: {bar.responseDay === null ? "none" : `day ${bar.responseDay}`}; first progression:{" "}
      {bar.progressionDay === null ? "none" : `day ${bar.progressionDay}`}
      <br />
      Responses: {bar.marks.map((m) => `day ${m.day} ${m.response}`).join(", ") || "none after baseline"}
    </TipBox>
  );
}

"use client";
/**
 * The waterfall: one bar per evaluable subject, its best percent change from baseline, largest increase first,
 * the +20 % and −30 % thresholds dashed, each bar in its best overall response's colour and pattern with its
 * letters, and an outline and triangle on the bars of subjects who progressed by a new lesion or non-target
 * progression. The hovered bar's subject ID is written under the bars; a click opens the subject's response page.
 */
import { useId } from "react";
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
import { CHART_INK } from "@/components/charts/palette";
import { PatternDefs, patternId } from "@/components/charts/patterns";
import { useUnpacked } from "@/components/charts/use-unpacked";
import type { Packed } from "@/lib/payload/packed-json";
import type { PackedRows } from "@/lib/tables/packed-rows";
import { withHrefAround } from "@/lib/tables/table-def";
import type { ExportKey } from "@/sections/frame/export-keys";
import { percentAxisProps } from "./plot-axes";
import { ResponseLegend, TipBox } from "./ResponseLegend";
import { referenceLines } from "./reference-lines";
import { LOOKS_BY_CODE, RESPONSE_CODE, RESPONSE_NAME } from "./response-look";
import styles from "./tumour-response.module.css";
import { useHoveredLabel, useOpenSubject } from "./use-open-subject";
import { WATERFALL_COLUMNS, WATERFALL_ID, type WaterfallBar, waterfallTitle } from "./waterfall-data";

export interface WaterfallChartProps {
  /** Packed by the server (lib/payload/packed-json.ts, lib/tables/packed-rows.ts): a thousand bars and rows. */
  bars: Packed<WaterfallBar[]>;
  domain: [number, number];
  rows: PackedRows;
  /** A subject's response page around its ID: the rows' links (DataColumn.hrefAround) and the bars' clicks. */
  subjectAround: readonly [string, string];
  borName: string;
  shown: string;
  /** The chart data's export (WATERFALL_TABLES, ../tables.ts). */
  exportAs: ExportKey;
}

/** Up to this many bars, each bar's BOR letters are written at its end; beyond, the tooltip and table say it. */
const LETTERED = 60;
const MARKED = CHART_INK;
/** The plot's height; the hovered subject ID is written 60 px above its bottom (the module's .hovered). */
const HEIGHT = 420;

export function WaterfallChart({
  domain,
  rows,
  subjectAround,
  borName,
  shown,
  exportAs,
  ...packed
}: WaterfallChartProps) {
  const bars = useUnpacked(packed.bars);
  return (
    <ChartPanel
      id={WATERFALL_ID}
      title={waterfallTitle(borName)}
      columns={withHrefAround(WATERFALL_COLUMNS, { subject__href: subjectAround })}
      rows={rows}
      exportAs={exportAs}
      shown={shown}
    >
      <WaterfallPlot bars={bars} domain={domain} borName={borName} subjectAround={subjectAround} />
      <WaterfallLegend bars={bars} borName={borName} />
    </ChartPanel>
  );
}

type PlotProps = Pick<WaterfallChartProps, "domain" | "borName" | "subjectAround"> & { bars: WaterfallBar[] };

function WaterfallPlot({ bars, domain, borName, subjectAround }: PlotProps) {
  const open = useOpenSubject(subjectAround);
  const hovered = useHoveredLabel();
  const patterns = useId();
  return (
    <div className={styles.waterfall}>
      <ChartArea height={HEIGHT}>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart
            data={bars}
            margin={{ top: 24, right: 160, bottom: 8, left: 16 }}
            barCategoryGap="12%"
            onMouseMove={hovered.show}
            onMouseLeave={hovered.clear}
          >
            <PatternDefs prefix={patterns} looks={LOOKS_BY_CODE} />
            <CartesianGrid vertical={false} />
            <XAxis
              dataKey="subjectId"
              tick={false}
              height={70}
              label={{ value: "Subjects, largest increase to largest decrease", position: "insideBottom", offset: 0 }}
            />
            <YAxis {...percentAxisProps(domain, "Best change from baseline (%)", 90)} />
            {referenceLines()}
            <Tooltip content={(p) => <BarTip {...p} borName={borName} />} cursor={{ fill: "#e2e8f0" }} />
            <Bar
              dataKey="percent"
              isAnimationActive={false}
              cursor="pointer"
              shape={(p: BarShapeProps) => <BarShape {...p} lettered={bars.length <= LETTERED} patterns={patterns} />}
              onClick={open}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartArea>
      {/* The hovered bar's subject ID, under the bars where the axis would name it. */}
      <div ref={hovered.ref} data-hovered="" aria-hidden="true" className={styles.hovered} />
    </div>
  );
}

function WaterfallLegend({ bars, borName }: { bars: WaterfallBar[]; borName: string }) {
  const counts = Object.fromEntries(Object.keys(RESPONSE_NAME).map((r) => [r, bars.filter((b) => b.bor === r).length]));
  return (
    <ResponseLegend
      title={`Best overall response ${borName}`}
      counts={counts}
      sample="pattern"
      marks={[
        {
          key: "marked",
          mark: <span className={styles.marked}>▲</span>,
          text: "Outlined with a triangle: progressed by a new lesion or non-target progression",
        },
      ]}
    />
  );
}

function BarShape(p: BarShapeProps & { lettered: boolean; patterns: string }) {
  const bar = p.payload as WaterfallBar;
  const down = bar.percent < 0;
  // A bar of 0 % is drawn 2 px high, so that it can be seen and clicked.
  const h = Math.max(2, Math.abs(p.height));
  const top = p.height < 0 ? p.y + p.height : p.y;
  const y = down ? top : top + Math.abs(p.height) - h;
  const cx = p.x + p.width / 2;
  const end = down ? y + h + 11 : y - 4;
  return (
    <g data-subject={bar.subjectId} data-percent={bar.percent} data-bor={bar.bor} data-marked={bar.marked}>
      <rect
        x={p.x}
        y={y}
        width={p.width}
        height={h}
        fill={`url(#${patternId(p.patterns, RESPONSE_CODE[bar.bor])})`}
        stroke={bar.marked ? MARKED : "none"}
        strokeWidth={bar.marked ? 2 : 0}
      />
      {p.lettered ? (
        <text x={cx} y={end} fontSize={9} textAnchor="middle" pointerEvents="none">
          {RESPONSE_CODE[bar.bor]}
        </text>
      ) : null}
      {bar.marked ? (
        <text x={cx} y={down ? end + 11 : end - 10} fontSize={10} textAnchor="middle" pointerEvents="none">
          ▲
        </text>
      ) : null}
    </g>
  );
}

function BarTip({ active, payload, borName }: TooltipContentProps & { borName: string }) {
  const bar = active ? (payload?.[0]?.payload as WaterfallBar | undefined) : undefined;
  if (!bar) return null;
  return (
    <TipBox click>
      <strong>Subject {bar.subjectId}</strong>
      <br />
      Best change from baseline: {bar.percent} % (baseline sum {bar.baselineSum} mm)
      <br />
      BOR {borName}: {bar.bor} ({RESPONSE_NAME[bar.bor]}); as signed {bar.signed}, as recomputed {bar.recomputed}
      {bar.progressionBy ? (
        <>
          <br />
          Progression by: {bar.progressionBy}
        </>
      ) : null}
    </TipBox>
  );
}

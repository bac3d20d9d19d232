"use client";
/**
 * The distribution of one vital-sign group by visit, drawn as box plots: a box from Q1 to Q3, a line at the median,
 * Tukey's whiskers and the outliers beyond them as circles (components/charts/BoxMarks.tsx). recharts has no box
 * plot, so each visit is a ranged bar from min to max whose shape draws the box inside it. Clicking a box opens the
 * listing of that visit. The values are those of the summary table, already rounded on the server; ChartPanel shows
 * them as a table and a CSV.
 */
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import {
  Bar,
  BarChart,
  type BarShapeProps,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { BOX_LEGEND, BoxMarks, boxWords, useValueToY } from "@/components/charts/BoxMarks";
import { ChartArea } from "@/components/charts/ChartArea";
import { ChartPanel } from "@/components/charts/ChartPanel";
import chartStyles from "@/components/charts/charts.module.css";
import { type BoxRow, distributionTable } from "../distribution-table";
import { DISTRIBUTION_ID } from "../query";
import { VITAL_TABLES } from "../tables";
import styles from "./vital-signs.module.css";

export interface VitalDistributionChartProps {
  title: string;
  /** The axis label: the item and its unit. */
  valueLabel: string;
  rows: BoxRow[];
  shown?: string;
}

export function VitalDistributionChart({ title, valueLabel, rows, shown }: VitalDistributionChartProps) {
  const router = useRouter();
  const { columns, rows: tableRows } = distributionTable(title, rows);
  return (
    <ChartPanel
      id={DISTRIBUTION_ID}
      title={title}
      columns={columns}
      rows={tableRows}
      exportAs={VITAL_TABLES.key("distribution")}
      shown={shown}
    >
      <ChartArea height={400}>
        <ResponsiveContainer width="100%" height={400}>
          <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 24, left: 32 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            {/* Every visit named, slanted so that many fit. */}
            <XAxis
              dataKey="visit"
              interval={0}
              angle={-35}
              textAnchor="end"
              height={90}
              tick={{ fontSize: 12 }}
              label={{ value: "Visit (in schedule order)", position: "insideBottom", offset: -16 }}
            />
            <YAxis
              domain={["auto", "auto"]}
              label={{ value: valueLabel, angle: -90, position: "insideLeft", textAnchor: "middle" }}
            />
            <Tooltip content={BoxTooltip} />
            <Legend verticalAlign="top" content={BoxLegend} />
            <Bar
              dataKey={(r: BoxRow) => [r.min, r.max]}
              name={valueLabel}
              shape={BoxShape}
              cursor="pointer"
              isAnimationActive={false}
              onClick={(item) => router.push((item.payload as BoxRow).href)}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartArea>
    </ChartPanel>
  );
}

/** A box plot inside the bar's min-max rectangle. */
function BoxShape(props: BarShapeProps): ReactNode {
  return <VisitBox x={props.x} y={props.y} width={props.width} height={props.height} row={props.payload as BoxRow} />;
}

function VisitBox({ x, y, width, height, row }: { x: number; y: number; width: number; height: number; row: BoxRow }) {
  const toY = useValueToY({ y, height }, row.min, row.max);
  return (
    // The box's values in an SVG title (as the swimmer's markers have): aria-label is not allowed on a plain group.
    <g data-visit={row.visit}>
      <title>{`${row.visit}: ${boxWords(row, "")}`}</title>
      {/* A transparent hit area, so that the whole column opens the visit's records. */}
      <rect x={x} y={y} width={width} height={Math.max(height, 1)} fill="transparent" />
      <BoxMarks box={row} y={toY} mid={x + width / 2} width={width * 0.6} />
    </g>
  );
}

function BoxTooltip({ active, payload }: TooltipContentProps) {
  const r = active ? (payload?.[0]?.payload as BoxRow | undefined) : undefined;
  if (!r) return null;
  return (
    <div className={chartStyles.chartTip}>
      <strong>{r.visit}</strong>
      <div>n {r.n}</div>
      <div>
        Max {r.max} · upper whisker {r.whiskerHigh} · Q3 {r.q3} · Median {r.median} · Q1 {r.q1} · lower whisker{" "}
        {r.whiskerLow} · Min {r.min}
      </div>
      <div>{r.outliers.length ? `Outliers: ${r.outliers.join(", ")}` : "No outliers"}</div>
      <div>Click to list these records</div>
    </div>
  );
}

/** What the marks mean, in words: the shapes, not the colour, carry the meaning. */
function BoxLegend() {
  return (
    <p className={styles.legend}>
      <span aria-hidden="true" className={styles.boxSample} /> {BOX_LEGEND} · one box per visit (the table gives the min
      and max)
    </p>
  );
}

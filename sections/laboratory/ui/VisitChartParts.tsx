"use client";
/**
 * The parts of the distribution chart (./VisitChart.tsx): its props, the box drawn inside recharts' range
 * bar, a subject's marker, and the tooltip. The value axis is linear, so a value's height is read off the bar (min to
 * max) by proportion.
 */
import { type BarShapeProps, type DotItemDotProps, Symbols, type SymbolType } from "recharts";
import chartStyles from "@/components/charts/charts.module.css";
import { DISTRIBUTION_LOOK, SERIES_COLOURS } from "@/components/charts/palette";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import type { ExportKey } from "@/sections/frame/export-keys";
import type { ChartBox, ChartLine } from "../tables";
import styles from "./laboratory.module.css";

export interface VisitChartProps {
  id: string;
  title: string;
  unit: string;
  boxes: ChartBox[];
  lines: ChartLine[];
  columns: DataColumn[];
  rows: DataRow[];
  exportAs: ExportKey;
  shown?: string;
  /** The series' one reference range, drawn as lines at its bounds. */
  range?: { text: string; low: number | null; high: number | null };
}

export type Datum = ChartBox & { range: [number, number] } & Record<string, unknown>;

export function BoxShape(props: BarShapeProps & { unit: string; onOpen: (href: string) => void }) {
  const { x, y, width, height, unit, onOpen } = props;
  const d = props.payload as Datum;
  const top = Math.min(y, y + height);
  const span = Math.abs(height);
  const at = (v: number) => (d.max === d.min ? top + span / 2 : top + (span * (d.max - v)) / (d.max - d.min));
  const mid = x + width / 2;
  const boxWidth = Math.max(6, Math.min(width, 40));
  const left = mid - boxWidth / 2;
  const label = `${d.visit}: n ${d.n}, min ${d.min}, Q1 ${d.q1}, median ${d.median}, Q3 ${d.q3}, max ${d.max} ${unit}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG group has no button element; it is the chart's own control.
    <g
      role="button"
      tabIndex={0}
      aria-label={label}
      data-visit={d.visit}
      className={styles.open}
      onClick={() => onOpen(d.href)}
      onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && onOpen(d.href)}
    >
      <line x1={mid} x2={mid} y1={at(d.max)} y2={at(d.q3)} stroke={DISTRIBUTION_LOOK.line} />
      <line x1={mid} x2={mid} y1={at(d.q1)} y2={at(d.min)} stroke={DISTRIBUTION_LOOK.line} />
      <line
        x1={mid - boxWidth / 4}
        x2={mid + boxWidth / 4}
        y1={at(d.max)}
        y2={at(d.max)}
        stroke={DISTRIBUTION_LOOK.line}
      />
      <line
        x1={mid - boxWidth / 4}
        x2={mid + boxWidth / 4}
        y1={at(d.min)}
        y2={at(d.min)}
        stroke={DISTRIBUTION_LOOK.line}
      />
      <rect
        x={left}
        y={at(d.q3)}
        width={boxWidth}
        height={Math.max(1, at(d.q1) - at(d.q3))}
        fill={DISTRIBUTION_LOOK.fill}
        stroke={DISTRIBUTION_LOOK.line}
      />
      <line
        x1={left}
        x2={left + boxWidth}
        y1={at(d.median)}
        y2={at(d.median)}
        stroke={DISTRIBUTION_LOOK.line}
        strokeWidth={3}
      />
    </g>
  );
}

interface TooltipProps {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
  unit: string;
  lines: ChartLine[];
}

export function ChartTooltip({ active, payload, unit, lines }: TooltipProps) {
  const d = payload?.[0]?.payload as Datum | undefined;
  if (!active || !d) return null;
  return (
    <div className={chartStyles.chartTip}>
      <strong>{d.visit}</strong> (median date {d.date ?? "none"})
      <div>
        n {d.n}; min {d.min}, Q1 {d.q1}, median {d.median}, Q3 {d.q3}, max {d.max} {unit}
      </div>
      {lines.map((l, i) =>
        d[`s${i}`] == null ? null : (
          <div key={l.subjectId}>
            Subject {l.subjectId}: {String(d[`s${i}`])} {unit}
          </div>
        ),
      )}
    </div>
  );
}

const SYMBOLS: SymbolType[] = ["circle", "square", "triangle", "diamond", "star", "cross", "wye"];
const DASHES = ["", "6 3", "2 2"];

/** The colour, marker and dashes of the i-th chosen subject's line. */
export const subjectStyle = (i: number) => ({
  colour: SERIES_COLOURS[i % SERIES_COLOURS.length],
  symbol: SYMBOLS[i % SYMBOLS.length],
  dash: DASHES[i % DASHES.length],
});

interface MarkerProps extends Pick<DotItemDotProps, "cx" | "cy" | "value"> {
  /** The subject's place among the chosen ones (its style). */
  i: number;
  line: ChartLine;
  box: ChartBox;
  unit: string;
  onOpen: (href: string) => void;
}

/** A subject's value at a visit: opens the subject's profile. */
export function SubjectMarker({ cx, cy, value, i, line, box, unit, onOpen }: MarkerProps) {
  if (value == null || cx == null || cy == null) return null;
  const { colour, symbol } = subjectStyle(i);
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG group has no link element; it is the chart's own control.
    <g
      role="link"
      aria-label={`Subject ${line.subjectId}, ${box.visit}: ${value} ${unit}`}
      className={styles.open}
      onClick={() => onOpen(line.href)}
    >
      <Symbols cx={cx} cy={cy} type={symbol} size={64} fill={colour} />
    </g>
  );
}

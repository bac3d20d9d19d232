"use client";
/**
 * The parts of the distribution chart (./VisitChart.tsx): its props, the box drawn inside recharts' range bar (on the
 * value axis's own scale), a subject's marker, and the tooltip.
 */
import { type BarShapeProps, type DotItemDotProps, Symbols, type SymbolType } from "recharts";
import { BoxMarks, boxWords, useValueToY } from "@/components/charts/BoxMarks";
import chartStyles from "@/components/charts/charts.module.css";
import { SERIES_COLOURS } from "@/components/charts/palette";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import type { ExportKey } from "@/sections/frame/export-keys";
import type { ChartBox, ChartLine } from "../distribution-table";
import type { ValueScale } from "../query";
import styles from "./laboratory.module.css";

export interface VisitChartProps {
  id: string;
  title: string;
  unit: string;
  scale: ValueScale;
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
  const toY = useValueToY({ y, height }, d.min, d.max);
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG group has no button element; it is the chart's own control.
    <g
      role="button"
      tabIndex={0}
      aria-label={`${d.visit}: ${boxWords(d, unit)}`}
      data-visit={d.visit}
      className={styles.open}
      onClick={() => onOpen(d.href)}
      onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && onOpen(d.href)}
    >
      <BoxMarks box={d} y={toY} mid={x + width / 2} width={Math.max(6, Math.min(width, 40))} />
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
      <strong>{d.visit}</strong> (median date {d.date ?? "none"})<div>{boxWords(d, unit)}</div>
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

"use client";
/**
 * The most frequent terms as horizontal bars of subjects, stacked by each subject's worst grade of the term
 * (grade missing too). A segment opens its subjects' events in the listing. Grades differ by more than colour:
 * each has its own fill pattern (components/charts/palette.ts), shown in the legend too, and a segment wide
 * enough carries its grade as text; the data table of ChartPanel has exactly the plotted values, with links.
 */
import { useRouter } from "next/navigation";
import { useId } from "react";
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartArea } from "@/components/charts/ChartArea";
import { ChartPanel } from "@/components/charts/ChartPanel";
import { CHART_TEXT, GRADE_LOOK } from "@/components/charts/palette";
import { PatternDefs, PatternSwatch, patternId } from "@/components/charts/patterns";
import { percentText } from "@/lib/clinical/common/percent";
import type { PackedRows } from "@/lib/tables/packed-rows";
import { CHART_ID } from "../query";
import { AE_TABLES, CHART_COLUMNS, CHART_TITLE, type ChartDatum, SEGMENTS } from "../tables";
import styles from "./adverse-events.module.css";

const ROW_HEIGHT = 28;
const TERM_CHART = AE_TABLES.key("term-chart");

export interface AeTermChartProps {
  data: ChartDatum[];
  /** Packed by the server (lib/tables/packed-rows.ts). */
  rows: PackedRows;
  shown: string;
  /** N: the Group's subjects. */
  n: number;
}

export function AeTermChart({ data, rows, shown, n }: AeTermChartProps) {
  return (
    <ChartPanel
      id={CHART_ID}
      title={CHART_TITLE}
      columns={CHART_COLUMNS}
      rows={rows}
      exportAs={TERM_CHART}
      shown={shown}
    >
      <GradeLegend />
      <TermBars data={data} n={n} />
    </ChartPanel>
  );
}

/** The grades, each with the pattern its segments are filled with. */
function GradeLegend() {
  return (
    <ul aria-label="Worst grade" className={styles.legend}>
      {SEGMENTS.map((s) => (
        <li key={s.key}>
          <PatternSwatch look={GRADE_LOOK[s.key]} /> {s.name} (G{s.short})
        </li>
      ))}
    </ul>
  );
}

/** The bars: one per term, a segment per worst grade filled with its pattern; a click opens its events. */
function TermBars({ data, n }: { data: ChartDatum[]; n: number }) {
  const router = useRouter();
  const prefix = useId();
  return (
    <ChartArea height={60 + data.length * ROW_HEIGHT}>
      <ResponsiveContainer width="100%" height={60 + data.length * ROW_HEIGHT}>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 24, left: 8 }}>
          <PatternDefs prefix={prefix} looks={GRADE_LOOK} />
          <CartesianGrid horizontal={false} />
          <XAxis
            type="number"
            allowDecimals={false}
            tick={{ fill: CHART_TEXT }}
            label={{ value: "Subjects (n)", position: "insideBottom", offset: -16, fill: CHART_TEXT }}
          />
          <YAxis type="category" dataKey="term" width={220} interval={0} tick={{ fontSize: 12, fill: CHART_TEXT }} />
          <Tooltip {...tooltipText(n)} />
          {SEGMENTS.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stackId="grade"
              fill={`url(#${patternId(prefix, s.key)})`}
              stroke="#ffffff"
              cursor="pointer"
              isAnimationActive={false}
              onClick={(item) => {
                const d = item.payload as ChartDatum | undefined;
                if (d && d[s.key] > 0) router.push(d.links[s.key]);
              }}
            >
              <LabelList
                dataKey={s.key}
                content={(p) => <SegmentLabel {...p} text={s.short} look={GRADE_LOOK[s.key]} />}
              />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartArea>
  );
}

/** The tooltip's words: a segment's subjects, and the term's subjects with any grade, each with % of N. */
function tooltipText(n: number) {
  const percent = (v: number) => (n === 0 ? "" : ` (${percentText(v, n)}% of N = ${n.toLocaleString("en")})`);
  const subjects = (v: number) => `${v} subject${v === 1 ? "" : "s"}`;
  return {
    formatter: (value: unknown, name: unknown) =>
      [`${subjects(Number(value))}${percent(Number(value))}`, String(name)] as [string, string],
    labelFormatter: (term: unknown, payload: readonly { payload?: unknown }[]) => {
      const d = payload?.[0]?.payload as ChartDatum | undefined;
      return d ? `${term}: ${subjects(d.any)} with any grade${percent(d.any)}` : String(term);
    },
  };
}

interface LabelProps {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  height?: number | string;
  value?: unknown;
  text: string;
  look: { colour: string; text: string };
}

/**
 * The grade written on a segment wide enough to hold it (`G3`, `G?` for grade missing), on a plain patch of the
 * grade's colour so that the pattern does not cross the letters.
 */
function SegmentLabel({ x, y, width, height, value, text, look }: LabelProps) {
  const [nx, ny, w, h] = [x, y, width, height].map(Number);
  if (!(Number(value) > 0) || !(w >= 22) || Number.isNaN(nx + ny + h)) return null;
  const [cx, cy] = [nx + w / 2, ny + h / 2];
  return (
    // No pointer events: a click on the label is a click on its segment.
    <g pointerEvents="none">
      <rect x={cx - 10} y={cy - 7} width={20} height={14} rx={2} fill={look.colour} />
      <text x={cx} y={cy} fill={look.text} fontSize={11} textAnchor="middle" dominantBaseline="central">
        G{text}
      </text>
    </g>
  );
}

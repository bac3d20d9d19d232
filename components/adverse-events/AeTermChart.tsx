"use client";
/**
 * The most frequent terms as horizontal bars of subjects, stacked by each subject's worst grade of the term
 * (grade missing too). A segment opens its subjects' events in the listing. Each segment carries its grade as
 * text as well as its colour; the data table of ChartPanel has exactly the plotted values, with links.
 */
import { useRouter } from "next/navigation";
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartPanel } from "@/components/charts/ChartPanel";
import { percentText } from "@/lib/clinical/percent";
import type { DataRow } from "@/lib/tables/types";
import { CHART_COLUMNS, CHART_ID, CHART_TITLE, type ChartDatum, SEGMENTS, type SegmentKey } from "./ae-chart-data";

// Light to dark with the grade; the text on each segment (and in the legend) names the grade as well.
const COLOUR: Record<SegmentKey, { fill: string; text: string }> = {
  g1: { fill: "#b7e1b0", text: "#1f2937" },
  g2: { fill: "#f6d55c", text: "#1f2937" },
  g3: { fill: "#f28e2b", text: "#1f2937" },
  g4: { fill: "#c0392b", text: "#ffffff" },
  g5: { fill: "#3b0a0a", text: "#ffffff" },
  missing: { fill: "#cbd5e1", text: "#1f2937" },
};

const ROW_HEIGHT = 28;

export interface AeTermChartProps {
  data: ChartDatum[];
  rows: DataRow[];
  shown: string;
  /** N: the Group's subjects. */
  n: number;
}

export function AeTermChart({ data, rows, shown, n }: AeTermChartProps) {
  const router = useRouter();
  const percent = (v: number) => (n === 0 ? "" : ` (${percentText(v, n)}% of N = ${n})`);
  return (
    <ChartPanel
      id={CHART_ID}
      title={CHART_TITLE}
      columns={CHART_COLUMNS}
      rows={rows}
      exportAs={{ view: "adverse-events", table: "term-chart" }}
      shown={shown}
    >
      <ResponsiveContainer width="100%" height={90 + data.length * ROW_HEIGHT}>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 24, left: 8 }}>
          <CartesianGrid horizontal={false} />
          <XAxis
            type="number"
            allowDecimals={false}
            label={{ value: "Subjects (n)", position: "insideBottom", offset: -16 }}
          />
          <YAxis type="category" dataKey="term" width={220} interval={0} tick={{ fontSize: 12 }} />
          <Tooltip
            formatter={(value, name) => [`${value} subject${value === 1 ? "" : "s"}${percent(Number(value))}`, name]}
            labelFormatter={(term, payload) => {
              const d = payload?.[0]?.payload as ChartDatum | undefined;
              return d ? `${term}: ${d.any} subject${d.any === 1 ? "" : "s"} with any grade${percent(d.any)}` : term;
            }}
          />
          {/* Legend text in the page's colour: a pale fill would be unreadable as text. */}
          <Legend verticalAlign="top" formatter={(name) => <span style={{ color: "#1f2937" }}>{name}</span>} />
          {SEGMENTS.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stackId="grade"
              fill={COLOUR[s.key].fill}
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
                content={(p) => <SegmentLabel {...p} text={s.short} colour={COLOUR[s.key].text} />}
              />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

interface LabelProps {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  height?: number | string;
  value?: unknown;
  text: string;
  colour: string;
}

/** The grade written on a segment wide enough to hold it: `G3`, `G?` for grade missing. */
function SegmentLabel({ x, y, width, height, value, text, colour }: LabelProps) {
  const [nx, ny, w, h] = [x, y, width, height].map(Number);
  if (!(Number(value) > 0) || !(w >= 20) || Number.isNaN(nx + ny + h)) return null;
  return (
    // No pointer events: a click on the label is a click on its segment.
    <text
      x={nx + w / 2}
      y={ny + h / 2}
      fill={colour}
      fontSize={11}
      textAnchor="middle"
      dominantBaseline="central"
      pointerEvents="none"
    >
      G{text}
    </text>
  );
}

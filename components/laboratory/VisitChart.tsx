"use client";
/**
 * One series' distribution by visit as a box plot (whiskers min to max, box the quartiles, a line at the median),
 * with the chosen subjects' lines over it. Built from recharts' range bar (min to max) with a shape that draws the
 * box inside it: the value axis is linear, so a value's height is read off the bar by proportion. A box opens the
 * visit's results; a subject's point opens the subject's profile.
 */
import { useRouter } from "next/navigation";
import {
  Bar,
  type BarShapeProps,
  CartesianGrid,
  ComposedChart,
  type DotItemDotProps,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Symbols,
  type SymbolType,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartPanel } from "@/components/charts/ChartPanel";
import { BoxShape, ChartTooltip, type Datum, type VisitChartProps } from "./VisitChartParts";

export type { ChartBox, ChartLine, VisitChartProps } from "./VisitChartParts";

const bound = (value: string) =>
  ({
    stroke: "#64748b",
    strokeDasharray: "8 4",
    ifOverflow: "extendDomain",
    label: { value, position: "insideTopRight", fill: "#334155", fontSize: 12 },
  }) as const;

const COLOURS = [
  "#b45309",
  "#be123c",
  "#15803d",
  "#7c3aed",
  "#0369a1",
  "#a16207",
  "#db2777",
  "#0f766e",
  "#4338ca",
  "#525252",
];
const SYMBOLS: SymbolType[] = ["circle", "square", "triangle", "diamond", "star", "cross", "wye"];
const DASHES = ["", "6 3", "2 2"];

export function VisitChart(props: VisitChartProps) {
  const { id, title, unit, boxes, lines, columns, rows, fileParts, shown, range } = props;
  const router = useRouter();
  const open = (href: string) => router.push(href);
  const data: Datum[] = boxes.map((b, v) => ({
    ...b,
    range: [b.min, b.max],
    ...Object.fromEntries(lines.map((l, i) => [`s${i}`, l.values[v]])),
  }));
  const marker = (i: number) => (p: DotItemDotProps) =>
    p.value == null || p.cx == null || p.cy == null ? null : (
      // biome-ignore lint/a11y/useSemanticElements: an SVG group has no link element; it is the chart's own control.
      <g
        key={`${i}-${p.index}`}
        role="link"
        aria-label={`Subject ${lines[i].subjectId}, ${boxes[p.index].visit}: ${p.value} ${unit}`}
        style={{ cursor: "pointer" }}
        onClick={() => open(lines[i].href)}
      >
        <Symbols cx={p.cx} cy={p.cy} type={SYMBOLS[i % SYMBOLS.length]} size={64} fill={COLOURS[i % COLOURS.length]} />
      </g>
    );
  return (
    <ChartPanel id={id} title={title} columns={columns} rows={rows} fileParts={fileParts} shown={shown}>
      <div style={{ width: "100%", height: 420 }}>
        <ResponsiveContainer>
          <ComposedChart data={data} margin={{ top: 10, right: 20, bottom: 70, left: 20 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              dataKey="visit"
              // Steep enough that 48 visits' names do not overlap, with room below for them and the axis title.
              angle={-60}
              textAnchor="end"
              interval={0}
              height={100}
              label={{ value: "Visit (in date order)", position: "insideBottom", offset: -60 }}
            />
            <YAxis domain={["auto", "auto"]} label={{ value: `Value (${unit})`, angle: -90, position: "insideLeft" }} />
            <Tooltip
              content={(p) => <ChartTooltip active={p.active} payload={p.payload} unit={unit} lines={lines} />}
            />
            <Legend verticalAlign="top" />
            {range?.low != null ? (
              <ReferenceLine y={range.low} {...bound(`Low bound ${range.low} (${range.text})`)} />
            ) : null}
            {range?.high != null ? (
              <ReferenceLine y={range.high} {...bound(`High bound ${range.high} (${range.text})`)} />
            ) : null}
            <Bar
              dataKey="range"
              name="All subjects: median, quartiles (box), min to max (whiskers)"
              // The legend's colour: the boxes draw their own.
              fill="#1e3a8a"
              legendType="rect"
              isAnimationActive={false}
              shape={(p: BarShapeProps) => <BoxShape {...p} unit={unit} onOpen={open} />}
            />
            {lines.map((l, i) => (
              <Line
                key={l.subjectId}
                dataKey={`s${i}`}
                name={`Subject ${l.subjectId}`}
                stroke={COLOURS[i % COLOURS.length]}
                strokeDasharray={DASHES[i % DASHES.length]}
                legendType={SYMBOLS[i % SYMBOLS.length]}
                connectNulls
                isAnimationActive={false}
                dot={marker(i)}
                activeDot={false}
              />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </ChartPanel>
  );
}

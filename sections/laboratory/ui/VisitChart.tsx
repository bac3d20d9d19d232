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
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartArea } from "@/components/charts/ChartArea";
import { ChartPanel } from "@/components/charts/ChartPanel";
import { DISTRIBUTION_LOOK, RANGE_BOUND, REFERENCE_LINE } from "@/components/charts/palette";
import type { ChartBox, ChartLine } from "../tables";
import styles from "./laboratory.module.css";
import {
  BoxShape,
  ChartTooltip,
  type Datum,
  SubjectMarker,
  subjectStyle,
  type VisitChartProps,
} from "./VisitChartParts";

const bound = (value: string) =>
  ({
    stroke: RANGE_BOUND,
    strokeDasharray: "8 4",
    ifOverflow: "extendDomain",
    label: { value, position: "insideTopRight", fill: REFERENCE_LINE, fontSize: 12 },
  }) as const;

/** The chart's rows: a visit's box, its whiskers as the bar's range, and each chosen subject's value (s0, s1, ...). */
const plotData = (boxes: ChartBox[], lines: ChartLine[]): Datum[] =>
  boxes.map((b, v) => ({
    ...b,
    range: [b.min, b.max],
    ...Object.fromEntries(lines.map((l, i) => [`s${i}`, l.values[v]])),
  }));

/** The visit axis (names in date order) and the value axis in the series' unit. */
const axes = (unit: string) => [
  <XAxis
    key="x"
    dataKey="visit"
    // Steep enough that 48 visits' names do not overlap, with room below for them and the axis title.
    angle={-60}
    textAnchor="end"
    interval={0}
    height={100}
    label={{ value: "Visit (in date order)", position: "insideBottom", offset: -60 }}
  />,
  <YAxis key="y" domain={["auto", "auto"]} label={{ value: `Value (${unit})`, angle: -90, position: "insideLeft" }} />,
];

/** The series' one reference range as lines at its bounds. */
const boundLines = (range: VisitChartProps["range"]) => [
  range?.low != null ? (
    <ReferenceLine key="low" y={range.low} {...bound(`Low bound ${range.low} (${range.text})`)} />
  ) : null,
  range?.high != null ? (
    <ReferenceLine key="high" y={range.high} {...bound(`High bound ${range.high} (${range.text})`)} />
  ) : null,
];

/** The boxes, drawn inside recharts' range bar (min to max); a box opens the visit's results. */
const boxBar = (unit: string, open: (href: string) => void) => (
  <Bar
    dataKey="range"
    name="All subjects: median, quartiles (box), min to max (whiskers)"
    // The legend's colour: the boxes draw their own.
    fill={DISTRIBUTION_LOOK.line}
    legendType="rect"
    isAnimationActive={false}
    shape={(p: BarShapeProps) => <BoxShape {...p} unit={unit} onOpen={open} />}
  />
);

/** The chosen subjects' lines, each in its own colour, dashes and marker; a marker opens the subject's profile. */
const subjectLines = (lines: ChartLine[], boxes: ChartBox[], unit: string, open: (href: string) => void) =>
  lines.map((l, i) => {
    const marker = (p: DotItemDotProps) => (
      <SubjectMarker
        key={`${l.subjectId}-${p.index}`}
        cx={p.cx}
        cy={p.cy}
        value={p.value}
        i={i}
        line={l}
        box={boxes[p.index]}
        unit={unit}
        onOpen={open}
      />
    );
    const style = subjectStyle(i);
    return (
      <Line
        key={l.subjectId}
        dataKey={`s${i}`}
        name={`Subject ${l.subjectId}`}
        stroke={style.colour}
        strokeDasharray={style.dash}
        legendType={style.symbol}
        connectNulls
        isAnimationActive={false}
        dot={marker}
        activeDot={false}
      />
    );
  });

export function VisitChart(props: VisitChartProps) {
  const { id, title, unit, boxes, lines, columns, rows, exportAs, shown, range } = props;
  const router = useRouter();
  const open = (href: string) => router.push(href);
  return (
    <ChartPanel id={id} title={title} columns={columns} rows={rows} exportAs={exportAs} shown={shown}>
      <div className={styles.visitChart}>
        <ChartArea>
          <ResponsiveContainer>
            <ComposedChart data={plotData(boxes, lines)} margin={{ top: 10, right: 20, bottom: 70, left: 20 }}>
              <CartesianGrid strokeDasharray="3 3" />
              {axes(unit)}
              <Tooltip
                content={(p) => <ChartTooltip active={p.active} payload={p.payload} unit={unit} lines={lines} />}
              />
              <Legend verticalAlign="top" />
              {boundLines(range)}
              {boxBar(unit, open)}
              {subjectLines(lines, boxes, unit, open)}
            </ComposedChart>
          </ResponsiveContainer>
        </ChartArea>
      </div>
    </ChartPanel>
  );
}

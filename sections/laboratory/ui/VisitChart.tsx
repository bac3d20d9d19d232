"use client";
/**
 * One series' distribution by visit as a box plot (box the quartiles, a line at the median, Tukey's whiskers and the
 * outliers beyond them as circles: components/charts/BoxMarks.tsx), with the chosen subjects' lines over it. Built
 * from recharts' range bar (min to max) with a shape that draws the box inside it, on the value axis's own scale,
 * linear or log (`scale=log`: the boxes are then of the results above 0, ../distribution-table.ts chartData). A box
 * opens the visit's results; a subject's point opens the subject's profile.
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
import { logAxis } from "@/components/charts/log-axis";
import { DISTRIBUTION_LOOK, RANGE_BOUND, REFERENCE_LINE } from "@/components/charts/palette";
import type { ChartBox, ChartLine } from "../distribution-table";
import type { ValueScale } from "../query";
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

/**
 * The visit axis (names in schedule order) and the value axis in the series' unit: linear, or log with its decades
 * worked out here (components/charts/log-axis.ts) from every value drawn, boxes, subjects' points and bounds.
 */
const axes = (unit: string, scale: ValueScale, drawn: number[]) => {
  const log = scale === "log" ? logAxis(drawn) : null;
  return [
    <XAxis
      key="x"
      dataKey="visit"
      // Steep enough that 48 visits' names do not overlap, with room below for them and the axis title.
      angle={-60}
      textAnchor="end"
      interval={0}
      height={100}
      label={{ value: "Visit (in schedule order)", position: "insideBottom", offset: -60 }}
    />,
    <YAxis
      key="y"
      {...(log ? { scale: "log" as const, domain: log.domain, ticks: log.ticks } : { domain: ["auto", "auto"] })}
      label={{ value: `Value (${unit}${scale === "log" ? ", log scale" : ""})`, angle: -90, position: "insideLeft" }}
    />,
  ];
};

/** Every value the chart draws: the boxes' extremes, the subjects' points and the range's bounds. */
const drawnValues = (boxes: ChartBox[], lines: ChartLine[], range: VisitChartProps["range"]) => [
  ...boxes.flatMap((b) => [b.min, b.max]),
  ...lines.flatMap((l) => l.values.filter((v): v is number => v !== null)),
  ...[range?.low, range?.high].filter((v): v is number => v != null),
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

/** A log axis cannot show a bound of 0 or less (a lower bound of 0 is common): such a bound is not drawn. */
const logBounds = (range: VisitChartProps["range"]) =>
  range && {
    ...range,
    low: range.low !== null && range.low > 0 ? range.low : null,
    high: range.high !== null && range.high > 0 ? range.high : null,
  };

/** The boxes, drawn inside recharts' range bar (min to max); a box opens the visit's results. */
const boxBar = (unit: string, open: (href: string) => void) => (
  <Bar
    dataKey="range"
    name="All subjects: median, quartiles (box), whiskers to the last value within 1.5 × IQR, outliers (circles)"
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
  const { id, title, unit, scale, boxes, lines, columns, rows, exportAs, shown, range } = props;
  const router = useRouter();
  const open = (href: string) => router.push(href);
  const shownRange = scale === "log" ? logBounds(range) : range;
  return (
    <ChartPanel id={id} title={title} columns={columns} rows={rows} exportAs={exportAs} shown={shown}>
      <div className={styles.visitChart}>
        <ChartArea>
          <ResponsiveContainer>
            <ComposedChart data={plotData(boxes, lines)} margin={{ top: 10, right: 20, bottom: 70, left: 20 }}>
              <CartesianGrid strokeDasharray="3 3" />
              {axes(unit, scale, drawnValues(boxes, lines, shownRange))}
              <Tooltip
                content={(p) => <ChartTooltip active={p.active} payload={p.payload} unit={unit} lines={lines} />}
              />
              <Legend verticalAlign="top" />
              {boundLines(shownRange)}
              {boxBar(unit, open)}
              {subjectLines(lines, boxes, unit, open)}
            </ComposedChart>
          </ResponsiveContainer>
        </ChartArea>
      </div>
    </ChartPanel>
  );
}

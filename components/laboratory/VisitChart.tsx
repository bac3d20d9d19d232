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
  ResponsiveContainer,
  Symbols,
  type SymbolType,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartPanel } from "@/components/charts/ChartPanel";
import type { DataColumn, DataRow } from "@/lib/tables/types";

export interface ChartBox {
  visit: string;
  date: string | null;
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  href: string;
}

export interface ChartLine {
  subjectId: string;
  href: string;
  /** The subject's value at each visit of the chart (null where it has none), in the boxes' order. */
  values: (number | null)[];
}

export interface VisitChartProps {
  id: string;
  title: string;
  unit: string;
  boxes: ChartBox[];
  lines: ChartLine[];
  columns: DataColumn[];
  rows: DataRow[];
  fileParts: string[];
  shown?: string;
}

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

type Datum = ChartBox & { range: [number, number] } & Record<string, unknown>;

function BoxShape(props: BarShapeProps & { unit: string; onOpen: (href: string) => void }) {
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
      style={{ cursor: "pointer" }}
      onClick={() => onOpen(d.href)}
      onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && onOpen(d.href)}
    >
      <line x1={mid} x2={mid} y1={at(d.max)} y2={at(d.q3)} stroke="#1e3a8a" />
      <line x1={mid} x2={mid} y1={at(d.q1)} y2={at(d.min)} stroke="#1e3a8a" />
      <line x1={mid - boxWidth / 4} x2={mid + boxWidth / 4} y1={at(d.max)} y2={at(d.max)} stroke="#1e3a8a" />
      <line x1={mid - boxWidth / 4} x2={mid + boxWidth / 4} y1={at(d.min)} y2={at(d.min)} stroke="#1e3a8a" />
      <rect
        x={left}
        y={at(d.q3)}
        width={boxWidth}
        height={Math.max(1, at(d.q1) - at(d.q3))}
        fill="#bfdbfe"
        stroke="#1e3a8a"
      />
      <line x1={left} x2={left + boxWidth} y1={at(d.median)} y2={at(d.median)} stroke="#1e3a8a" strokeWidth={3} />
    </g>
  );
}

interface TooltipProps {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
  unit: string;
  lines: ChartLine[];
}

function ChartTooltip({ active, payload, unit, lines }: TooltipProps) {
  const d = payload?.[0]?.payload as Datum | undefined;
  if (!active || !d) return null;
  return (
    <div style={{ background: "white", border: "1px solid #94a3b8", padding: "0.5rem", fontSize: "0.85rem" }}>
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

export function VisitChart({ id, title, unit, boxes, lines, columns, rows, fileParts, shown }: VisitChartProps) {
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
      <div style={{ width: "100%", height: 380 }}>
        <ResponsiveContainer>
          <ComposedChart data={data} margin={{ top: 10, right: 20, bottom: 70, left: 20 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              dataKey="visit"
              angle={-35}
              textAnchor="end"
              interval={0}
              height={60}
              label={{ value: "Visit (in order of median collection date)", position: "insideBottom", offset: -60 }}
            />
            <YAxis domain={["auto", "auto"]} label={{ value: `Value (${unit})`, angle: -90, position: "insideLeft" }} />
            <Tooltip
              content={(p) => <ChartTooltip active={p.active} payload={p.payload} unit={unit} lines={lines} />}
            />
            <Legend verticalAlign="top" />
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

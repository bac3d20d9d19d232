"use client";
/**
 * One item of the subject timeline, drawn where recharts placed its start:
 * a span as a bar to its end (the x axis's own scale), with its label (`G3`,
 * `Study`), an arrow when it runs on (ongoing AE, open-ended medication) and
 * a dashed outline when its grade is missing; a marker as its shape and code.
 * Clicking it (or Enter on it) opens the record in the tables below.
 */
import { Symbols, useXAxisScale } from "recharts";
import { CHART_TEXT } from "@/components/charts/palette";
import { seriesColour, seriesShape } from "./timeline-style";
import { itemId, type TimelineItem } from "./timeline-targets";

const BAR = 14;
const ARROW = 7;

export interface ShapeProps {
  cx?: number;
  cy?: number;
  payload?: TimelineItem;
  onOpen: (item: TimelineItem) => void;
}

export function TimelineShape({ cx, cy, payload: item, onOpen }: ShapeProps) {
  const scale = useXAxisScale();
  if (cx === undefined || cy === undefined || !item || !scale) return null;
  const open = () => onOpen(item);
  const common = {
    role: "link",
    tabIndex: 0,
    "aria-label": `${item.series}: ${item.details.map(([k, v]) => `${k} ${v}`).join(", ")}`,
    "data-item": itemId(item),
    "data-from": item.from,
    "data-to": item.to,
    style: { cursor: "pointer" },
    onClick: open,
    onKeyDown: (e: React.KeyboardEvent) => (e.key === "Enter" || e.key === " " ? open() : undefined),
  };
  return (
    <g {...common}>
      {item.kind === "assessment" || item.kind === "laboratory" ? (
        <MarkerMark cx={cx} cy={cy} item={item} />
      ) : (
        <SpanBar cx={cx} cy={cy} item={item} x1={scale(item.to) ?? cx} />
      )}
    </g>
  );
}

interface MarkProps {
  cx: number;
  cy: number;
  item: TimelineItem;
}

/** A marker: its series' shape, and its code beside it. */
function MarkerMark({ cx, cy, item }: MarkProps) {
  return (
    <>
      <Symbols
        type={seriesShape(item.series)}
        cx={cx}
        cy={cy}
        size={item.kind === "laboratory" ? 40 : 110}
        fill={seriesColour(item.series)}
      />
      {item.label ? (
        <text x={cx + 8} y={cy - 6} fontSize={10} fill={CHART_TEXT}>
          {item.label}
        </text>
      ) : null}
    </>
  );
}

/** A span: a bar from its start to x1 (its end on the axis), arrows where it runs on or was clipped, its label. */
function SpanBar({ cx, cy, item, x1 }: MarkProps & { x1: number }) {
  const colour = seriesColour(item.series);
  // A one-day span still shows: at least 4 pixels wide.
  const width = Math.max(4, x1 - cx);
  const runsOn = item.ending === "ongoing" || item.ending === "open-ended";
  // Begun before the first day drawn: an arrow pointing left.
  const clipped = item.startDay < item.from;
  return (
    <>
      <rect
        x={cx}
        y={cy - BAR / 2}
        width={width}
        height={BAR}
        fill={colour}
        // Full colour under a label: white text keeps its 4.5:1 on every grade (not on 90 % of it).
        fillOpacity={item.kind === "medication" && item.series !== "Study medication" ? 0.55 : item.label ? 1 : 0.9}
        stroke={item.series === "Grade missing" ? "#111827" : colour}
        strokeDasharray={item.series === "Grade missing" ? "3 2" : undefined}
      />
      {runsOn ? (
        <path
          d={`M${cx + width},${cy - BAR / 2 - 2} L${cx + width + ARROW},${cy} L${cx + width},${cy + BAR / 2 + 2}`}
          fill={item.ending === "ongoing" ? colour : "white"}
          stroke={colour}
          strokeWidth={1.5}
        />
      ) : null}
      {clipped ? (
        <path d={`M${cx},${cy - BAR / 2 - 2} L${cx - ARROW},${cy} L${cx},${cy + BAR / 2 + 2}`} fill={colour} />
      ) : null}
      {item.label ? <SpanLabel cx={cx} cy={cy} width={width} after={runsOn ? ARROW : 0} text={item.label} /> : null}
    </>
  );
}

/**
 * A span's label (`G3`): white on a bar wide enough to hold it (every grade's colour is at least 4.5:1 with white,
 * components/charts/palette.ts), else in the chart's text colour just past the bar's end (and its arrow).
 */
function SpanLabel({
  cx,
  cy,
  width,
  after,
  text,
}: {
  cx: number;
  cy: number;
  width: number;
  after: number;
  text: string;
}) {
  const inside = width > 22;
  return (
    <text
      x={inside ? cx + 2 : cx + width + after + 3}
      y={cy + 4}
      fontSize={10}
      fontWeight={700}
      fill={inside ? "white" : CHART_TEXT}
    >
      {text}
    </text>
  );
}

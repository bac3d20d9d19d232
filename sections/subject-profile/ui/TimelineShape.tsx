"use client";
/**
 * One item of the subject timeline, drawn where recharts placed its start:
 * a span as a bar to its end (the x axis's own scale) (its label, `G3`, is
 * drawn by ./TimelineLabels.tsx), an arrow when it runs on (ongoing AE, open-ended medication) and
 * a dashed outline when its grade is missing; a marker as its shape and code, an assessment whose signed conclusion
 * differs from the recomputed response ringed and labelled `PR≠SD`.
 * Clicking it (or Enter on it) opens the record in the tables below.
 */
import { Symbols, useXAxisScale } from "recharts";
import { CHART_INK, CHART_TEXT } from "@/components/charts/palette";
import { seriesColour, seriesShape } from "./timeline-style";
import { itemId, type TimelineItem } from "./timeline-targets";

/** A bar's height, and the arrow's length past a bar that runs on. */
export const BAR = 14;
const ARROW = 7;

/** A bar's width from its start and end on the axis: a one-day span still shows, at least 4 pixels wide. */
export const barWidth = (x0: number, x1: number) => Math.max(4, x1 - x0);
const runsOn = (item: TimelineItem) => item.ending === "ongoing" || item.ending === "open-ended";
/** The room a bar's arrow takes past its end. */
export const runOnRoom = (item: TimelineItem) => (runsOn(item) ? ARROW : 0);

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
    "data-differs": item.differs ? "true" : undefined,
    cursor: "pointer",
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

/** A ringed marker's ring: wide enough to clear the largest shape, within its lane (26 pixels). */
const RING = 10;

/** A marker: its series' shape, and its code beside it; ringed where the signed conclusion differs (`PR≠SD`). */
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
      {item.differs ? (
        <circle cx={cx} cy={cy} r={RING} fill="none" stroke={CHART_INK} strokeWidth={1.5} pointerEvents="all" />
      ) : null}
      {item.label ? (
        <text x={cx + (item.differs ? RING + 2 : 8)} y={cy - 6} fontSize={10} fill={CHART_TEXT}>
          {item.label}
        </text>
      ) : null}
    </>
  );
}

/** A span: a bar from its start to x1 (its end on the axis), arrows where it runs on or was clipped. */
function SpanBar({ cx, cy, item, x1 }: MarkProps & { x1: number }) {
  const colour = seriesColour(item.series);
  const width = barWidth(cx, x1);
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
        // Full colour under a label: its text keeps 4.5:1 on every grade (not on 90 % of it).
        fillOpacity={item.kind === "medication" && item.series !== "Study medication" ? 0.55 : item.label ? 1 : 0.9}
        stroke={item.series === "Grade missing" ? CHART_INK : colour}
        strokeDasharray={item.series === "Grade missing" ? "3 2" : undefined}
      />
      {runsOn(item) ? (
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
    </>
  );
}

/**
 * The subject timeline's axes: study days across, on whole weeks from day 1,
 * and one lane a row, named on one line. Functions that return the recharts
 * axis elements, so that the chart holds them as its own children.
 */
import { XAxis, YAxis } from "recharts";
import { CHART_TEXT } from "@/components/charts/palette";

const MAX_LANE_TEXT = 34;

/** The x axis: from two days before the first day drawn (or day 1) to three after the last. */
export function dayAxis(firstDay: number, lastDay: number, axisLabel: string) {
  return (
    <XAxis
      type="number"
      dataKey="from"
      domain={[Math.min(firstDay, 1) - 2, lastDay + 3]}
      allowDecimals={false}
      ticks={dayTicks(Math.min(firstDay, 1) - 2, lastDay + 3)}
      label={{ value: axisLabel, position: "insideBottom", offset: -20 }}
    />
  );
}

/** The y axis: a lane a tick, top to bottom. */
export function laneAxis(lanes: string[]) {
  return (
    <YAxis
      type="number"
      dataKey="lane"
      domain={[-0.5, lanes.length - 0.5]}
      ticks={lanes.map((_, i) => i)}
      interval={0}
      reversed
      width={250}
      tick={<LaneTick lanes={lanes} />}
    />
  );
}

/** A lane's name on one line (recharts would wrap it), shortened; the tooltip and the table have it whole. */
function LaneTick({ x, y, payload, lanes }: { x?: number; y?: number; payload?: { value: number }; lanes: string[] }) {
  const name = lanes[payload?.value ?? -1] ?? "";
  const text = name.length > MAX_LANE_TEXT ? `${name.slice(0, MAX_LANE_TEXT - 1)}…` : name;
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} fill={CHART_TEXT}>
      <title>{name}</title>
      {text}
    </text>
  );
}

/**
 * Ticks on whole weeks from day 1 (1, 8, 15... and -7, -14... before it), at most about ten: a week, a fortnight,
 * four weeks or a multiple of four weeks apart.
 */
function dayTicks(from: number, to: number): number[] {
  const step = [7, 14, 28, 56, 84, 168, 336, 672, 1344].find((s) => (to - from) / s <= 10) ?? 2688;
  const ticks: number[] = [];
  for (let d = -step; d >= from; d -= step) ticks.unshift(d);
  for (let d = 1; d <= to; d += step) ticks.push(d);
  return ticks;
}

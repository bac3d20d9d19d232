/**
 * The axes the response plots share, as props to spread on recharts' own XAxis and YAxis (so that the chart
 * still sees them as its children): the days since baseline across the swimmer and spider plots, and a percent
 * change up the waterfall and spider plots.
 */
import { percentTicks } from "./plot-values";

/** Days since baseline, from 0 to `days.end` with every tick shown: every bar or line fits, on every page alike. */
export const daysAxisProps = (days: { end: number; ticks: number[] }) => ({
  type: "number" as const,
  domain: [0, days.end],
  ticks: days.ticks,
  interval: 0,
  label: { value: "Days since baseline", position: "insideBottom" as const, offset: -12 },
});

/** A percent change over `domain`, every tick shown; `label` is written up the axis, `dy` lower than its middle. */
export const percentAxisProps = (domain: [number, number], label: string, dy: number) => ({
  domain,
  ticks: percentTicks(domain),
  interval: 0,
  tickFormatter: (v: number) => `${v} %`,
  width: 70,
  label: { value: label, angle: -90, position: "insideLeft" as const, dy },
});

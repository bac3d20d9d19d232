/**
 * The axes the response plots share, as props to spread on recharts' own XAxis and YAxis (so that the chart
 * still sees them as its children): the days since day 1 across the swimmer and spider plots, and a percent
 * change up the waterfall and spider plots.
 */
import type { DayOneAnchor } from "@/lib/clinical/exposure/day-one";
import { percentTicks } from "./plot-values";

/** The days axis's title under each day 1 (docs/clinical-rules.md, Day 1 of the response times). */
export const DAYS_SINCE: Readonly<Record<DayOneAnchor, string>> = {
  baseline: "Days since baseline",
  "first-dose": "Days since the first dose",
};

/** Days since day 1, from `days.start` to `days.end` with every tick shown: every bar or line fits on every page. */
export const daysAxisProps = (days: { start: number; end: number; ticks: number[] }, label: string) => ({
  type: "number" as const,
  domain: [days.start, days.end],
  ticks: days.ticks,
  interval: 0,
  label: { value: label, position: "insideBottom" as const, offset: -12 },
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

/** The eDISH chart's tooltip: the subject's quadrant, both peaks with their values and dates, and how far apart. */
import type { TooltipContentProps } from "recharts";
import chartStyles from "@/components/charts/charts.module.css";
import type { LiverRow } from "../liver-tables";

export function PointTip({ active, payload, transaminase }: TooltipContentProps & { transaminase: string }) {
  const row = active ? (payload?.[0]?.payload as LiverRow | undefined) : undefined;
  if (!row) return null;
  const peak = (name: string, times: unknown, value: unknown, unit: unknown, uln: unknown, date: unknown) =>
    `${name}: ${times} ×ULN (${value}${unit ? ` ${unit}` : ""}, ULN ${uln}) on ${date ?? "an unknown date"}`;
  return (
    <div className={chartStyles.chartTip}>
      <strong>Subject {row.subjectId}</strong> · {row.quadrant}
      <br />
      {peak(`Peak ${transaminase}`, row.x, row.xValue, row.xUnit, row.xUln, row.xDate)}
      <br />
      {peak("Peak total bilirubin", row.y, row.yValue, row.yUnit, row.yUln, row.yDate)}
      <br />
      Concurrent: {row.concurrent}
      {daysText(row.daysApart, transaminase)}
      <br />
      Click to open the subject&apos;s liver tests.
    </div>
  );
}

function daysText(days: unknown, transaminase: string): string {
  if (typeof days !== "number") return "";
  if (days === 0) return `: bilirubin peak on the day of the ${transaminase} peak`;
  const n = Math.abs(days);
  return `: bilirubin peak ${n} day${n === 1 ? "" : "s"} ${days > 0 ? "after" : "before"} the ${transaminase} peak`;
}

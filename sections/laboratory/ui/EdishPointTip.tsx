/**
 * The eDISH chart's tooltip: the subject's quadrant, both peaks with their values and dates (and their baselines in
 * multiples of baseline), and how far apart.
 */
import type { TooltipContentProps } from "recharts";
import chartStyles from "@/components/charts/charts.module.css";
import { type EdishParams, SCALE_UNIT } from "@/lib/clinical/liver/edish";
import type { LiverRow } from "../liver-tables";

export function PointTip({ active, payload, settings }: TooltipContentProps & { settings: EdishParams }) {
  const row = active ? (payload?.[0]?.payload as LiverRow | undefined) : undefined;
  if (!row) return null;
  const t = settings.transaminase;
  const unit = SCALE_UNIT[settings.scale];
  const peak = (name: string, axis: "x" | "y") => {
    const at = (k: string) => row[`${axis}${k}`];
    const unitText = at("Unit") ? ` ${at("Unit")}` : "";
    const baseline = settings.scale === "baseline" ? `; baseline ${at("Base")} on ${at("BaseDate") ?? "?"}` : "";
    return `${name}: ${row[axis]} ${unit} (${at("Value")}${unitText}, ULN ${at("Uln")}${baseline}) on ${
      at("Date") ?? "an unknown date"
    }`;
  };
  return (
    <div className={chartStyles.chartTip}>
      <strong>Subject {row.subjectId}</strong> · {row.quadrant}
      <br />
      {peak(`Peak ${t}`, "x")}
      <br />
      {peak("Peak total bilirubin", "y")}
      <br />
      Concurrent: {row.concurrent}
      {daysText(row.daysApart, t)}
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

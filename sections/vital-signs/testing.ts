/** For the section's tests: a numeric group summary (Pulse in bpm) of the given visits. */
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { LeftOutReason } from "@/lib/clinical/vital-signs/readings";
import type { VitalGroupSummary } from "@/lib/clinical/vital-signs/study";

const summary = (n: number) => ({ n, mean: 120, sd: null, median: 120, q1: 120, q3: 120, min: 120, max: 120 });
const WHISKERS = { whiskerLow: 120, whiskerHigh: 120, outliers: [] };
export const group = (
  visits: { visit: string; withRange: number; low: number; high: number }[],
  leftOut: ReadonlyMap<MeasurementRow, LeftOutReason> = new Map(),
): VitalGroupSummary => ({
  test: "Pulse",
  unit: "bpm",
  kind: "number",
  rows: [],
  numbers: { decimals: 0, visits: visits.map((v) => ({ ...v, summary: summary(3), whiskers: WHISKERS })) },
  texts: null,
  withRangeText: 3,
  leftOut,
});

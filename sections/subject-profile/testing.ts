/** For the trend's tests: an ALT trend of two series (one without a unit), and an adverse event's onset. */
import type { Trend } from "@/lib/clinical/subjects/trend-series";

export const at = (iso: string) => new Date(`${iso}Z`).getTime();
export const point = (id: string, iso: string, raw: number, value: number, flag: "H" | "N" | null, band: boolean) => ({
  id,
  t: at(iso),
  collectedAt: iso,
  visit: "V1",
  raw,
  value,
  unit: "U/L",
  range: band ? "<=40" : null,
  flag,
  band: band ? { x1: at(iso) - 86_400_000, x2: at(iso) + 86_400_000, low: null, high: (value / raw) * 40 } : null,
});
export const trend = (scale: "raw" | "uln"): Trend => ({
  key: "LB0214",
  test: "ALT",
  scale,
  series: [
    {
      unit: "U/L",
      label: "ALT (U/L)",
      points: [point("a", "2023-01-10T08:00:00", 80, scale === "uln" ? 2 : 80, "H", true)],
    },
    {
      unit: null,
      label: "ALT (no unit)",
      points: [{ ...point("b", "2023-01-20T08:00:00", 30, 30, null, false), unit: null }],
    },
  ],
  excluded: { text: 0, noValue: 0, noTime: 0, noUln: 0 },
});
export const onset = { key: "E1", t: at("2023-01-05T00:00:00"), start: "2023-01-05", term: "Headache", grade: null };
